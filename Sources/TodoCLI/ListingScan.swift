import TodoTxt

extension Listing {
    /// The lines of a file's bytes, split as ``TodoTxt/TodoList`` splits them (a leading byte
    /// order mark skipped, LF ending a line, a CR before it dropped, a last line without LF
    /// kept), walked with pointers so that a line costs nothing until it passes.
    enum Scan {
        /// How many lines `bytes` has.
        static func lineCount(_ bytes: [UInt8]) -> Int {
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                let total = buffer.count
                let start =
                    total >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
                guard start < total else { return 0 }
                return LineFeeds.count(in: base + start, count: total - start)
                    + (base[total - 1] == 0x0A ? 0 : 1)
            }
        }

        /// Calls `body` with the start and end (CR and LF excluded) of every line, in order.
        static func forEachLine(
            _ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ start: Int, _ end: Int) -> Void
        ) {
            guard let base = bytes.baseAddress else { return }
            let total = bytes.count
            let start =
                total >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
            forEachLine(bytes, from: start, to: total, body)
        }

        /// Calls `body` with the start and end (CR and LF excluded) of every line from `from`
        /// (a line's start) to `to` (just after a line feed, or the end of the bytes).
        static func forEachLine(
            _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int,
            _ body: (_ start: Int, _ end: Int) -> Void
        ) {
            guard let base = bytes.baseAddress else { return }
            var start = from
            while start < to {
                let found = LineFeeds.first(in: base + start, count: to - start)
                if found < 0 {
                    body(start, to)
                    return
                }
                let feed = start + found
                body(start, feed > start && base[feed - 1] == 0x0D ? feed - 1 : feed)
                start = feed + 1
            }
        }
    }

    /// Whether the bytes from `start` to `end` make a line todo.sh hides (``isHidden(_:)``).
    @inline(__always)
    static func isHidden(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = base[index]
            if byte != 0x20 && (byte < 0x30 || byte > 0x39) { return false }
            index += 1
        }
        return true
    }
}
