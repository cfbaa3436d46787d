import TodoTxt

/// The terminators lines appended to a file get, by the rules of ``TodoList/appendLine(_:)``
/// (FormatRules.md F5), known from the file's first line and its last one alone: a store that
/// appends many lines to a file it does not read whole writes the bytes the list would.
struct AppendShape {
    /// The terminator of the file's first line; `nil` when the file has no line.
    var first: LineTerminator?
    /// Whether the last line has no terminator yet.
    var lastIsOpen: Bool
    /// The last byte of that line's content.
    var lastByte: UInt8?
    /// Whether the last line is also the first.
    var lastIsFirst: Bool

    /// The shape of a file of which `scan` read to the end (line 0 and the last lines kept).
    init(_ scan: LineScan) {
        let count = scan.lineCount ?? 0
        let firstLine = count > 0 ? scan.lines[0] : nil
        let lastLine = count > 0 ? scan.lines[count - 1] : nil
        first = firstLine?.terminator
        lastIsOpen = lastLine?.terminator == LineTerminator.none
        lastByte = lastLine?.raw.last
        lastIsFirst = count == 1
    }

    /// A shape from its parts (tests).
    init(first: LineTerminator?, lastIsOpen: Bool, lastByte: UInt8?, lastIsFirst: Bool) {
        self.first = first
        self.lastIsOpen = lastIsOpen
        self.lastByte = lastByte
        self.lastIsFirst = lastIsFirst
    }

    /// The terminator a new line gets.
    var newLine: LineTerminator {
        if let first, first != .none { first } else { .lf }
    }

    /// The terminator the open last line gets when a line is appended; `nil` when there is no
    /// open last line.
    var closing: LineTerminator? {
        guard first != nil && lastIsOpen else { return nil }
        return newLine == .lf && lastByte == 0x0D ? .crlf : newLine
    }

    /// Appends a line of `content`: the terminator the open last line gets first, if any, and
    /// the new line's own.
    mutating func append(
        _ content: UnsafeRawBufferPointer
    ) -> (closing: LineTerminator?, terminator: LineTerminator) {
        let newLine = self.newLine
        let closing = self.closing
        if let closing, lastIsFirst { first = closing }
        let terminator: LineTerminator = newLine == .lf && content.last == 0x0D ? .crlf : newLine
        if first == nil { first = terminator }
        lastIsOpen = false
        lastIsFirst = false
        return (closing, terminator)
    }
}
