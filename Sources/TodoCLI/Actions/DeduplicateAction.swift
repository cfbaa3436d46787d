import TodoStore
import TodoTxt

/// Removes repeated lines (todo.sh `deduplicate`).
struct DeduplicateAction: TodoShAction {
    static let names = ["deduplicate"]
    static let synopses = ["deduplicate"]
    static let help = ["Removes lines that repeat an earlier line exactly."]
    static let writesFiles = true

    let words: [String]

    /// `deduplicate` (TodoShCompatibility.md §5.19): a line that repeats an earlier kept line
    /// byte for byte is emptied (or removed with `-n`); only non-empty lines count as removed.
    func run(in context: Context) throws -> Int32 {
        let preserve = context.settings.preserveLineNumbers
        let removed =
            try Self.deduplicateInPieces(context.settings.todoFile, context, preserve: preserve)
            ?? context.storage.update(context.settings.todoFile) { list -> Int in
                let (bytes, removed) = Self.deduplicated(list.serialized(), preserve: preserve)
                if bytes != list.serialized() { list = TodoList(bytes: bytes) }
                return removed
            }
        guard removed > 0 else { throw CommandFailure.die("TODO: No duplicate tasks found") }
        context.console.line("TODO: \(removed) duplicate task(s) removed")
        return 0
    }

    /// ``deduplicated(_:preserve:)`` in one pass over the file, without holding it (see
    /// ``LineRepeats``): how many non-empty lines were taken out, or `nil` when nothing was
    /// done and the whole-file way must run (a file of no line, an earlier line that could not
    /// be read back, a store that reads whole files).
    static func deduplicateInPieces(
        _ path: String, _ context: Context, preserve: Bool
    ) throws -> Int? {
        let repeats = LineRepeats(path: path)
        var offset: Int64 = 0
        var sawEmpty = false
        var removed = 0
        var counted = 0
        let result = try context.storage.moveLinesInPieces(
            from: path, to: nil,
            { index, content, raw in
                if index == 0 {
                    // A new attempt reads the file from its start.
                    repeats.reset()
                    (offset, sawEmpty, removed) = (0, false, 0)
                }
                let start = offset
                offset += Int64(raw.count)
                let hasFeed = raw.last == 0x0A
                let line = UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - (hasFeed ? 1 : 0))])
                if line.isEmpty {
                    defer { sawEmpty = true }
                    return sawEmpty && !preserve ? .remove : .keep
                }
                if repeats.isRepeat(line, at: start) {
                    removed += 1
                    return preserve ? .rewrite([0x0A]) : .remove
                }
                // sed ends the last line with a line feed.
                return hasFeed ? .keep : .rewrite(Array(content) + [0x0A])
            },
            accepting: {
                // What this attempt read; another one reads the file again.
                defer { offset = 0 }
                counted = removed
                return offset > 0 && !repeats.failed
            })
        return result == nil ? nil : counted
    }

    /// The file's bytes after todo.sh's sed script, and how many non-empty lines it took out.
    ///
    /// The script compares whole lines as sed reads them (a CR before the LF and a byte order
    /// mark on line 1 are part of the line), empty lines included: a second empty line is a
    /// repeat too, though only non-empty lines are counted. It prints every line with a final
    /// LF, so a file that lacked one ends with one afterwards even when nothing repeats, and
    /// an emptied line is a bare LF.
    static func deduplicated(_ bytes: [UInt8], preserve: Bool) -> (bytes: [UInt8], removed: Int) {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if bytes.last == 0x0A || bytes.isEmpty { lines.removeLast() }
        var seen = Set<ArraySlice<UInt8>>()
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 1)
        var removed = 0
        for line in lines {
            if seen.insert(line).inserted {
                result += line
                result.append(0x0A)
                continue
            }
            if !line.isEmpty { removed += 1 }
            if preserve { result.append(0x0A) }
        }
        return (result, removed)
    }
}
