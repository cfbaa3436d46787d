package import TodoTxt

extension FileChange {
    /// Records the change from `before` to `after`, two versions of one file as lists: the
    /// common lines at the start and the end are skipped line by line (a line that an edit did
    /// not touch still shares its bytes with the list it came from, so it compares at once), and
    /// only the lines between them are compared as text.
    package init(path: String, before: TodoList, after: TodoList) {
        self.path = path
        let shorter = min(before.count, after.count)
        var prefix = 0
        while prefix < shorter && FileChange.same(before, prefix, after, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix
            && FileChange.same(
                before, before.count - 1 - suffix, after, after.count - 1 - suffix)
        {
            suffix += 1
        }
        // The last line's terminator and a missing final newline are part of the line, so a
        // list that only gained a newline differs in its last line.
        let oldLines = (prefix..<(before.count - suffix)).map { FileChange.line(before, $0)[...] }
        let newLines = (prefix..<(after.count - suffix)).map { FileChange.line(after, $0)[...] }
        hunks = FileChange.hunks(
            firstLine: prefix, oldLines: oldLines, newLines: newLines,
            lineAbove: prefix > 0 ? FileChange.line(after, prefix - 1) : nil,
            lineBelow: suffix > 0 ? FileChange.line(after, after.count - suffix) : nil)
    }

    /// Line `index` of `list` as the file holds it: the byte order mark on the first line, the
    /// content, the terminator.
    private static func line(_ list: TodoList, _ index: Int) -> [UInt8] {
        let line = list[index]
        return (index == 0 && list.hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : [])
            + Array(line.content) + line.terminator.bytes
    }

    /// Whether line `i` of `a` and line `j` of `b` are the same bytes.
    private static func same(_ a: TodoList, _ i: Int, _ b: TodoList, _ j: Int) -> Bool {
        if (i == 0 && a.hasByteOrderMark) != (j == 0 && b.hasByteOrderMark) { return false }
        let x = a[i]
        let y = b[j]
        guard x.terminator == y.terminator, x.content.count == y.content.count else {
            return false
        }
        let shared = x.content.withUnsafeBufferPointer { p in
            y.content.withUnsafeBufferPointer { q in p.baseAddress == q.baseAddress }
        }
        return shared || x.content.elementsEqual(y.content)
    }
}
