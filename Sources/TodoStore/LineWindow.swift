package import TodoTxt

/// The lines of a todo file that an edit reads and changes, by their 0-based index: either the
/// whole file as a ``TodoList``, or only the lines the edit named (and their neighbours), which
/// ``FileStorage`` finds by reading the file up to them, so that changing one line of a large
/// file never holds the file in memory.
///
/// When an edit asks for a line the window does not hold, or for what only the whole file can
/// do (append a line, remove every blank line), the window throws ``NeedsWholeFile``: the store
/// then reads the whole file and calls the edit again, so an edit written against a window
/// works on any file. Lines are changed by the rules of ``TodoList`` (its terminators
/// kept or fitted, its byte order mark kept outside line 1), so the file's bytes come out the
/// same whichever way the edit ran.
package struct LineWindow {
    /// Thrown when the edit needs more of the file than the window holds.
    package struct NeedsWholeFile: Error {}

    /// Thrown when the edit appends to a window that has not seen the file's end.
    struct NeedsEnd: Error {}

    /// One line of the file as read, and what the edit made of it.
    struct Loaded {
        /// Where the line starts in the file (for line 0, at the byte order mark).
        var offset: Int64
        /// The line's bytes, byte order mark and terminator included.
        var raw: [UInt8]
        /// Where its content starts in ``raw`` (3 after a byte order mark, else 0).
        var contentStart: Int
        /// How it ends.
        var terminator: LineTerminator
        /// The new content and terminator, if the edit replaced the line.
        var replacement: (content: [UInt8], terminator: LineTerminator)?
        /// Whether the edit removed the line (only ever the last one).
        var isRemoved = false

        /// The content as read.
        var content: ArraySlice<UInt8> {
            raw[contentStart..<(raw.count - terminator.bytes.count)]
        }

        /// The line as the edit left it: `nil` when removed.
        var current: TodoList.Line? {
            if isRemoved { return nil }
            guard let replacement else {
                return TodoList.Line(content: content, terminator: terminator)
            }
            return TodoList.Line(
                content: replacement.content[...], terminator: replacement.terminator)
        }

        /// The line's bytes as the edit left it (a removed line 0 keeps its byte order mark).
        var currentRaw: [UInt8] {
            guard isRemoved || replacement != nil else { return raw }
            var bytes = Array(raw[..<contentStart])
            if let line = current {
                bytes += line.content
                bytes += line.terminator.bytes
            }
            return bytes
        }
    }

    /// Some lines of a file, what an edit did to them, and the lines it appended.
    struct Partial {
        /// The lines read, by index.
        var lines: [Int: Loaded]
        /// The number of lines in the file as read (less a removed last line), when the file
        /// was read to its end.
        var lineCount: Int?
        /// The lines appended, each with its terminator.
        var appended: [(content: [UInt8], terminator: LineTerminator)] = []

        /// The terminator a new line gets: line 0's, or LF (``TodoList/newLineTerminator``).
        var newLineTerminator: LineTerminator {
            let first = lines[0]?.current?.terminator ?? appended.first?.terminator
            guard let first, first != .none else { return .lf }
            return first
        }

        /// The line at `index`, `nil` past the end; throws for a line not read.
        func line(at index: Int) throws -> TodoList.Line? {
            if let loaded = lines[index] { return loaded.current }
            if index < 0 { return nil }
            guard let lineCount else { throw NeedsWholeFile() }
            guard index >= lineCount else { throw NeedsWholeFile() }
            let position = index - lineCount
            guard position < appended.count else { return nil }
            return TodoList.Line(
                content: appended[position].content[...],
                terminator: appended[position].terminator)
        }

        /// Replaces a line read, by ``TodoList``'s rules.
        mutating func replaceLine(at index: Int, with bytes: [UInt8]) throws {
            guard var loaded = lines[index], let line = loaded.current else {
                throw NeedsWholeFile()
            }
            let terminator = TodoList.fitted(
                line.terminator, isEmpty: bytes.isEmpty, lastByte: bytes.last,
                newLine: newLineTerminator)
            loaded.replacement = (bytes, terminator)
            lines[index] = loaded
        }

        /// Removes the file's last line, if it was read and has no terminator.
        mutating func removeLine(at index: Int) throws {
            guard appended.isEmpty, var loaded = lines[index], let line = loaded.current,
                line.terminator == .none, !(index == 0 && loaded.contentStart > 0)
            else { throw NeedsWholeFile() }
            loaded.isRemoved = true
            lines[index] = loaded
            lineCount = index
        }

        /// Appends a line by ``TodoList``'s rules (the last line first gets a terminator);
        /// throws ``NeedsEnd`` when the end of the file was not read.
        mutating func appendLine(_ bytes: [UInt8]) throws -> Int {
            guard let lineCount else { throw NeedsEnd() }
            guard lineCount > 0, !lines.values.contains(where: \.isRemoved) else {
                throw NeedsWholeFile()
            }
            let terminator = newLineTerminator
            if appended.isEmpty {
                guard var last = lines[lineCount - 1], let line = last.current else {
                    throw NeedsEnd()
                }
                if line.terminator == .none {
                    let fitted = TodoList.fitted(
                        terminator, isEmpty: line.content.isEmpty, lastByte: line.content.last,
                        newLine: terminator)
                    last.replacement = (Array(line.content), fitted)
                    lines[lineCount - 1] = last
                }
            }
            appended.append(
                (
                    bytes,
                    TodoList.fitted(
                        terminator, isEmpty: bytes.isEmpty, lastByte: bytes.last,
                        newLine: terminator)
                ))
            return lineCount + appended.count - 1
        }
    }

    /// What the window is a view of.
    enum Backing {
        /// The whole file.
        case whole(TodoList)
        /// Some lines (see ``Partial``).
        case partial(Partial)
    }

    var backing: Backing

    /// A window onto the whole of `list`.
    package init(_ list: TodoList) {
        backing = .whole(list)
    }

    /// A window onto some lines of a file (see ``FileStorage``'s line scan).
    init(lines: [Int: Loaded], lineCount: Int?) {
        backing = .partial(Partial(lines: lines, lineCount: lineCount))
    }

    /// Runs `edit` on a window onto the whole of `list` and keeps what it did.
    package static func editing<Result>(
        _ list: inout TodoList, _ edit: (inout LineWindow) throws -> Result
    ) rethrows -> Result {
        var window = LineWindow(list)
        list = TodoList()
        defer {
            if case .whole(let edited) = window.backing { list = edited }
        }
        return try edit(&window)
    }

    /// Changes the whole-file list or the lines read, in place.
    private mutating func change<Value>(
        whole: (inout TodoList) throws -> Value, partial: (inout Partial) throws -> Value
    ) throws -> Value {
        switch backing {
        case .whole(var list):
            // Dropped while changed, so that the list is not copied.
            backing = .partial(Partial(lines: [:], lineCount: 0))
            defer { backing = .whole(list) }
            return try whole(&list)
        case .partial(var lines):
            defer { backing = .partial(lines) }
            return try partial(&lines)
        }
    }

    /// The line at `index`, or `nil` when the file has no such line.
    ///
    /// - Throws: ``NeedsWholeFile`` when the window does not hold the line.
    package func line(at index: Int) throws -> TodoList.Line? {
        switch backing {
        case .whole(let list): list.indices.contains(index) ? list[index] : nil
        case .partial(let lines): try lines.line(at: index)
        }
    }

    /// The content of the line at `index`, empty when the file has no such line.
    ///
    /// - Throws: ``NeedsWholeFile`` when the window does not hold the line.
    package func content(at index: Int) throws -> ArraySlice<UInt8> {
        try line(at: index)?.content ?? []
    }

    /// Replaces the content of the line at `index` (which exists), as
    /// ``TodoList/replaceLine(at:with:)`` does.
    package mutating func replaceLine(at index: Int, with content: some Collection<UInt8>) throws {
        try change {
            $0.replaceLine(at: index, with: content)
        } partial: {
            try $0.replaceLine(at: index, with: Array(content))
        }
    }

    /// Removes the line at `index`. A window onto some lines removes only the file's last line
    /// (one without a terminator), after which no later line exists.
    package mutating func removeLine(at index: Int) throws {
        try change {
            $0.removeLine(at: index)
        } partial: {
            try $0.removeLine(at: index)
        }
    }

    /// Appends a line, as ``TodoList/appendLine(_:)`` does, and returns its index.
    ///
    /// - Throws: ``NeedsEnd`` when the window has not seen the end of the file (the store
    ///   reads on to it and calls the edit again).
    @discardableResult
    package mutating func appendLine(_ content: some Collection<UInt8>) throws -> Int {
        try change {
            $0.appendLine(content)
        } partial: {
            try $0.appendLine(Array(content))
        }
    }

    /// Removes every line for which `shouldRemove` is true; later lines move up.
    ///
    /// - Throws: ``NeedsWholeFile`` unless the window holds the whole file.
    package mutating func removeLines(where shouldRemove: (TodoList.Line) -> Bool) throws {
        try change { list in
            list.removeLines(at: list.indices.filter { shouldRemove(list[$0]) })
        } partial: { _ in
            throw NeedsWholeFile()
        }
    }
}
