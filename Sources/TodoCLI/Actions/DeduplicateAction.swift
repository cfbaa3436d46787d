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
        let removed = try context.storage.update(context.settings.todoFile) { list -> Int in
            let (bytes, removed) = Self.deduplicated(list.serialized(), preserve: preserve)
            if bytes != list.serialized() { list = TodoList(bytes: bytes) }
            return removed
        }
        guard removed > 0 else { throw CommandFailure.die("TODO: No duplicate tasks found") }
        context.console.line("TODO: \(removed) duplicate task(s) removed")
        return 0
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
