import TestSupport
import TodoMerge
import TodoTxt

/// Merges three texts given as lines joined with LF (each with a final LF).
func mergeTexts(
    _ base: [String], _ ours: [String], _ theirs: [String],
    options: MergeOptions = MergeOptions()
) -> MergeResult {
    merge(base: file(base), ours: file(ours), theirs: file(theirs), options: options)
}

/// The bytes of a file with these lines, each ended by LF.
func file(_ lines: [String]) -> [UInt8] {
    Array(lines.map { $0 + "\n" }.joined().utf8)
}

/// The lines of a merged file (without terminators).
func lines(_ result: MergeResult) -> [String] {
    TodoList(bytes: result.merged).map(\.text)
}

/// The merged bytes as a string.
func text(_ result: MergeResult) -> String {
    String(decoding: result.merged, as: UTF8.self)
}

/// Whether any line of the merged file is a git conflict marker.
func hasMarkers(_ result: MergeResult) -> Bool {
    lines(result).contains { line in
        ["<<<<<<<", "|||||||", "=======", ">>>>>>>"].contains { line.hasPrefix($0) }
    }
}

/// A diff3-style conflict block as git writes it, with default labels.
func block(ours: [String], base: [String], theirs: [String]) -> [String] {
    ["<<<<<<< ours"] + ours + ["||||||| base"] + base + ["======="] + theirs + [">>>>>>> theirs"]
}
