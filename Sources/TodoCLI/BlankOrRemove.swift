import TodoStore
import TodoTxt

extension Session {
    /// Empties line `index` (preserving line numbers), or with `-n` removes it together with
    /// every other empty line, as `del` and `mv` leave the file they take a task from. An
    /// emptied last line without a terminator is removed, as sed leaves it (`a` / `b` without a
    /// final newline becomes `a\n`, not `a\n\n`).
    func blankOrRemove(_ index: Int, in lines: inout LineWindow) throws {
        // Only the file's last line can lack a terminator.
        if try lines.line(at: index)?.terminator == LineTerminator.none {
            try lines.removeLine(at: index)
        } else {
            try lines.replaceLine(at: index, with: [])
        }
        if !settings.preserveLineNumbers {
            try lines.removeLines { $0.content.isEmpty }
        }
    }

    /// What `del` and `mv` do to the task `indices` names (one line) in one pass over
    /// `source`, as ``blankOrRemove(_:in:)`` leaves it, the line going to the end of
    /// `destination` when there is one: the task's content and the destination's number of
    /// lines afterwards. `nil` when nothing was done and the whole-file way must run (which
    /// also reports a task that is missing or empty, or that is no longer what the question
    /// showed, `asked`): an empty line left in place of the task needs no pass over the file
    /// without a destination.
    func takeOut(
        _ indices: Set<Int>, from source: String, to destination: String?, asked: [UInt8]?
    ) throws -> (line: [UInt8], destinationLineCount: Int?)? {
        let preserve = settings.preserveLineNumbers
        guard indices.count == 1, let target = indices.first, destination != nil || !preserve
        else { return nil }
        var task: [UInt8]?
        var taken: [UInt8]?
        let result = try storage.moveLinesInPieces(
            from: source, to: destination,
            { index, content, _ in
                if index == target {
                    task = Array(content)
                    if content.isEmpty { return .keep }
                    guard destination != nil else { return .remove }
                    return preserve ? .moveLeavingBlank : .move
                }
                return !preserve && content.isEmpty ? .remove : .keep
            },
            accepting: {
                // What this attempt read; another one reads the file again.
                defer { task = nil }
                taken = task
                guard let task, !task.isEmpty else { return false }
                return asked.map { $0 == task } ?? true
            })
        guard let result, let taken else { return nil }
        return (taken, result.destinationLineCount)
    }
}
