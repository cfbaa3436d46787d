import TodoTxt

/// The terminators lines appended to a file get, by the rules of ``TodoList/appendLine(_:)``
/// (FormatRules.md F5), known from the file's first line and its last one alone (an
/// ``AppendScan``): a store that appends to a file it does not read whole writes the bytes the
/// list would, line by line.
struct AppendShape {
    /// The terminator of the file's first line; `nil` when the file has no line.
    var first: LineTerminator?
    /// Whether the last line has no terminator yet.
    var lastIsOpen: Bool
    /// The last byte of that line's content.
    var lastByte: UInt8?
    /// Whether the last line is also the first.
    var lastIsFirst: Bool

    /// The shape of a file `scan` went through.
    init(_ scan: AppendScan) {
        let hasLines = scan.lineCount > 0
        first =
            scan.sawLineFeed
            ? (scan.firstIsCRLF ? .crlf : .lf) : (hasLines ? LineTerminator.none : nil)
        lastIsOpen = hasLines && scan.last != 0x0A
        lastByte = scan.last
        lastIsFirst = hasLines && !scan.sawLineFeed
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
