import TodoPlatform

extension Listing {
    /// One row's place in the sort: the first 24 bytes of its text, ASCII lower case folded to
    /// upper case, as three big-endian words (so that integer order is byte order), and the
    /// row's position. Most comparisons end in the words; only equal words look at the text.
    private struct SortEntry {
        var first: UInt64
        var second: UInt64
        var third: UInt64
        var index: Int32
    }

    /// The bytes a ``SortEntry`` holds.
    private static let keyLength = 24

    /// Sorts rows as `env LC_COLLATE=C sort -f -k2` sorts the numbered lines: by the text after
    /// the number with ASCII lower case folded to upper case, bytes compared unsigned; ties are
    /// decided by sort's last resort, the whole line's bytes: the (equally wide) number, then
    /// the text unfolded.
    static func sortedLikeSort(_ rows: [Row]) -> [Row] {
        sortOrder(rows).map { rows[Int($0)] }
    }

    /// Rows from which the sort runs on two threads, each sorting one half before the halves
    /// are merged (below it, starting a thread costs more than it saves).
    static let parallelThreshold = 50_000

    /// The positions of `rows` in ``sortedLikeSort(_:)`` order.
    static func sortOrder(_ rows: [Row]) -> [Int32] {
        var entries: [SortEntry] = []
        entries.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            entries.append(entry(row.content, index: Int32(truncatingIfNeeded: index)))
        }
        let less = { (left: SortEntry, right: SortEntry) -> Bool in
            if left.first != right.first { return left.first < right.first }
            if left.second != right.second { return left.second < right.second }
            if left.third != right.third { return left.third < right.third }
            return precedes(rows[Int(left.index)], rows[Int(right.index)])
        }
        guard entries.count >= parallelThreshold, Concurrently.processorCount > 1 else {
            entries.sort(by: less)
            return entries.map(\.index)
        }
        return entries.withUnsafeMutableBufferPointer { buffer in
            let middle = buffer.count / 2
            var low = UnsafeMutableBufferPointer(rebasing: buffer[..<middle])
            var high = UnsafeMutableBufferPointer(rebasing: buffer[middle...])
            Concurrently.run({ low.sort(by: less) }, { high.sort(by: less) })
            return merged(low, high, by: less)
        }
    }

    /// Writes `rows` in `order` through a ``RowWriter``.
    static func write(_ rows: [Row], in order: [Int32], to writer: inout RowWriter) {
        for position in order {
            let row = rows[Int(position)]
            row.content.withUnsafeBufferPointer { writer.append(number: row.number, text: $0) }
        }
        writer.flush()
    }

    /// The positions of two sorted runs merged into one order.
    private static func merged(
        _ low: UnsafeMutableBufferPointer<SortEntry>, _ high: UnsafeMutableBufferPointer<SortEntry>,
        by less: (SortEntry, SortEntry) -> Bool
    ) -> [Int32] {
        var order: [Int32] = []
        order.reserveCapacity(low.count + high.count)
        var left = 0
        var right = 0
        while left < low.count && right < high.count {
            if less(high[right], low[left]) {
                order.append(high[right].index)
                right += 1
            } else {
                order.append(low[left].index)
                left += 1
            }
        }
        while left < low.count {
            order.append(low[left].index)
            left += 1
        }
        while right < high.count {
            order.append(high[right].index)
            right += 1
        }
        return order
    }

    /// The entry of one row: its text's first 24 folded bytes, padded with zero bytes.
    private static func entry(_ content: ArraySlice<UInt8>, index: Int32) -> SortEntry {
        content.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else {
                return SortEntry(first: 0, second: 0, third: 0, index: index)
            }
            let count = text.count
            return SortEntry(
                first: word(base, count: count, at: 0), second: word(base, count: count, at: 8),
                third: word(base, count: count, at: 16), index: index)
        }
    }

    /// Eight folded bytes of `text` from `offset`, big-endian, zero bytes past the end.
    @inline(__always)
    static func word(_ text: UnsafePointer<UInt8>, count: Int, at offset: Int) -> UInt64 {
        if count - offset >= 8 {
            let loaded = UnsafeRawPointer(text + offset).loadUnaligned(as: UInt64.self)
            return foldedWord(UInt64(bigEndian: loaded))
        }
        var value: UInt64 = 0
        var position = offset
        while position < offset + 8 {
            value <<= 8
            if position < count { value |= UInt64(fold(text[position])) }
            position += 1
        }
        return value
    }

    /// The eight bytes of `value` with `a`...`z` made `A`...`Z`, all at once: a byte is lower
    /// case when its top bit is clear and its low seven bits lie in 0x61...0x7A.
    @inline(__always)
    private static func foldedWord(_ value: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        let low = value & ~tops
        let fromA = (low &+ ones &* (0x80 - 0x61)) & tops
        let pastZ = (low &+ ones &* (0x80 - 0x7B)) & tops
        let lower = fromA & ~pastZ & ~value & tops
        return value &- (lower >> 2)
    }

    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte &- 0x20 : byte
    }

    /// -1, 0 or 1: the order of two texts whose first 24 folded bytes (the sort keys) are
    /// equal, by their folded bytes from where the keys stop being sure (the 24th byte, or the
    /// shorter text's end), then by length; 0 when they differ at most in case.
    @inline(__always)
    static func foldedTailOrder(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>
    )
        -> Int
    {
        let count = min(a.count, b.count)
        var index = min(keyLength, count)
        while index < count {
            let x = fold(a[index])
            let y = fold(b[index])
            if x != y { return x < y ? -1 : 1 }
            index += 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// The order of two rows whose first 24 folded bytes are equal: the folded text from where
    /// the keys stop being sure (the 24th byte, or the shorter text's end), then the number,
    /// then the text unfolded.
    private static func precedes(_ left: Row, _ right: Row) -> Bool {
        let order = left.content.withUnsafeBufferPointer { a in
            right.content.withUnsafeBufferPointer { b in foldedTailOrder(a, b) }
        }
        if order != 0 { return order < 0 }
        if left.number != right.number { return left.number < right.number }
        return left.content.lexicographicallyPrecedes(right.content)
    }
}
