import TodoTxt

extension Session {
    /// Empties line `index` (preserving line numbers), or with `-n` removes it together with
    /// every other empty line, as `del` and `mv` leave the file they take a task from. An
    /// emptied last line without a terminator is removed, as sed leaves it (`a` / `b` without a
    /// final newline becomes `a\n`, not `a\n\n`).
    func blankOrRemove(_ index: Int, in list: inout TodoList) {
        if index == list.count - 1 && list[index].terminator == .none {
            list.removeLine(at: index)
        } else {
            list.replaceLine(at: index, with: [])
        }
        if !settings.preserveLineNumbers {
            list.removeLines(at: list.indices.filter { list[$0].content.isEmpty })
        }
    }
}
