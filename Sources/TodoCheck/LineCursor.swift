import TodoTxt

/// Splits the pieces of a file into lines the way ``TodoList`` does: a line ends at LF, a CR
/// just before the LF belongs to the terminator, a UTF-8 byte order mark at the start of the
/// file is no part of line 1, and a last line without LF has no terminator.
struct LineCursor {
    /// Whether the next piece starts the file (where a byte order mark may be).
    private var atFileStart: Bool

    /// A cursor for pieces that start at the start of the file, or (`atFileStart` false) at
    /// the start of a line further on.
    init(atFileStart: Bool) {
        self.atFileStart = atFileStart
    }

    /// Calls `body` with each line of `piece` (a stretch of whole lines): its content's first
    /// byte, its length, how many bytes may be read from its first byte on (to the end of the
    /// piece), and its terminator.
    @inline(__always)
    mutating func forEachLine(
        in piece: UnsafeBufferPointer<UInt8>,
        _ body: (
            _ content: UnsafePointer<UInt8>, _ count: Int, _ readable: Int,
            _ terminator: LineTerminator
        ) -> Void
    ) {
        guard let base = piece.baseAddress else { return }
        let end = piece.count
        var start = 0
        if atFileStart {
            atFileStart = false
            if end >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { start = 3 }
        }
        while start < end {
            let found = LineFeeds.first(in: base + start, count: end - start)
            if found < 0 {
                body(base + start, end - start, end - start, .none)
                return
            }
            let lineFeed = start + found
            if lineFeed > start && base[lineFeed - 1] == 0x0D {
                body(base + start, found - 1, end - start, .crlf)
            } else {
                body(base + start, found, end - start, .lf)
            }
            start = lineFeed + 1
        }
    }
}
