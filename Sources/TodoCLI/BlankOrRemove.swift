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
}
