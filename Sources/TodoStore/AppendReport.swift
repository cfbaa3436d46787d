/// What an append changed, told without the rest of the file: enough to record the change for
/// `undo` when the file has a million lines.
public struct AppendReport: Sendable, Equatable {
    /// The number of lines the file has after the append.
    public var lineCount: Int
    /// The file's last two lines before the append (fewer when it had fewer), bytes as they
    /// were, a byte order mark included when they reach the start of the file.
    public var endBefore: [UInt8]
    /// The bytes the append wrote after them: the terminator the last line got when it had
    /// none, then the new lines.
    public var written: [UInt8]

    /// A report from its parts.
    public init(lineCount: Int, endBefore: [UInt8], written: [UInt8]) {
        self.lineCount = lineCount
        self.endBefore = endBefore
        self.written = written
    }

    /// The bytes after the third LF from the end of `bytes` (all of them when there are fewer):
    /// the last two lines, or the last line and an unterminated one.
    package static func lastTwoLines(of bytes: some BidirectionalCollection<UInt8>) -> [UInt8] {
        var start = bytes.endIndex
        var found = 0
        while start != bytes.startIndex {
            let previous = bytes.index(before: start)
            if bytes[previous] == 0x0A {
                found += 1
                if found == 3 { break }
            }
            start = previous
        }
        return Array(bytes[start...])
    }
}
