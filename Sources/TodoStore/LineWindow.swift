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

    /// What the window is a view of.
    enum Backing {
        /// The whole file.
        case whole(TodoList)
        /// Some lines by index, with the number of lines when the file was read to its end.
        case partial([Int: Loaded], lineCount: Int?)
    }

    var backing: Backing

    /// A window onto the whole of `list`.
    package init(_ list: TodoList) {
        backing = .whole(list)
    }

    /// A window onto some lines of a file (see ``FileStorage``'s line scan).
    init(lines: [Int: Loaded], lineCount: Int?) {
        backing = .partial(lines, lineCount: lineCount)
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

    /// The line at `index`, or `nil` when the file has no such line.
    ///
    /// - Throws: ``NeedsWholeFile`` when the window does not hold the line.
    package func line(at index: Int) throws -> TodoList.Line? {
        switch backing {
        case .whole(let list):
            return list.indices.contains(index) ? list[index] : nil
        case .partial(let lines, let lineCount):
            if let loaded = lines[index] { return loaded.current }
            if index < 0 { return nil }
            if let lineCount, index >= lineCount { return nil }
            throw NeedsWholeFile()
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
        switch backing {
        case .whole(var list):
            backing = .partial([:], lineCount: 0)
            list.replaceLine(at: index, with: content)
            backing = .whole(list)
        case .partial(var lines, let lineCount):
            guard var loaded = lines[index], let line = loaded.current,
                let first = lines[0]?.current
            else { throw NeedsWholeFile() }
            let bytes = Array(content)
            let newLine = first.terminator == .none ? LineTerminator.lf : first.terminator
            let terminator = TodoList.fitted(
                line.terminator, isEmpty: bytes.isEmpty, lastByte: bytes.last, newLine: newLine)
            loaded.replacement = (bytes, terminator)
            lines[index] = loaded
            backing = .partial(lines, lineCount: lineCount)
        }
    }

    /// Removes the line at `index`. A window onto some lines removes only the file's last line
    /// (one without a terminator), after which no later line exists.
    package mutating func removeLine(at index: Int) throws {
        switch backing {
        case .whole(var list):
            backing = .partial([:], lineCount: 0)
            list.removeLine(at: index)
            backing = .whole(list)
        case .partial(var lines, _):
            guard var loaded = lines[index], let line = loaded.current, line.terminator == .none,
                !(index == 0 && loaded.contentStart > 0)
            else { throw NeedsWholeFile() }
            loaded.isRemoved = true
            lines[index] = loaded
            backing = .partial(lines, lineCount: index)
        }
    }

    /// Appends a line, as ``TodoList/appendLine(_:)`` does, and returns its index.
    ///
    /// - Throws: ``NeedsWholeFile`` unless the window holds the whole file.
    @discardableResult
    package mutating func appendLine(_ content: some Collection<UInt8>) throws -> Int {
        guard case .whole(var list) = backing else { throw NeedsWholeFile() }
        backing = .partial([:], lineCount: 0)
        let index = list.appendLine(content)
        backing = .whole(list)
        return index
    }

    /// Removes every line for which `shouldRemove` is true; later lines move up.
    ///
    /// - Throws: ``NeedsWholeFile`` unless the window holds the whole file.
    package mutating func removeLines(where shouldRemove: (TodoList.Line) -> Bool) throws {
        guard case .whole(var list) = backing else { throw NeedsWholeFile() }
        backing = .partial([:], lineCount: 0)
        list.removeLines(at: list.indices.filter { shouldRemove(list[$0]) })
        backing = .whole(list)
    }
}
