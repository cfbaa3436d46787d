import TodoPlatform
import TodoTxt

extension Listing {
    /// The rows of a listing held in a few bytes each: a row is only the offset where its text
    /// starts, in one address space over the bytes it comes from (a file's bytes as read, and
    /// records the table writes for texts the file does not hold as they are shown). A row's
    /// end is found again from its start (the next line feed), and its number from how many
    /// line feeds come before every ``blockSize``-th byte and, within a block, before every
    /// ``subBlockSize``-th. `Offset` is `UInt32` unless the bytes are larger than it can
    /// address. A class, so that the stages of a listing sort one table in place however many
    /// hold it.
    ///
    /// The class itself puts no requirement on `Offset` (its methods are in extensions where
    /// `Offset` is an unsigned integer): a generic class's metadata is built when the program
    /// first uses it, and a requirement there would be checked by searching every conformance
    /// in the program, which costs a short listing about a tenth of its run.
    final class Table<Offset> {
        /// How the lines of a segment are numbered.
        enum Numbering {
            /// A file's lines, by position, the first `first` (and shown as 0 when `shownAsZero`).
            case lines(first: Int, shownAsZero: Bool)
            /// Records (``Listing/appendRecord(number:text:to:)``): the number in eight bytes,
            /// moved on by `after`, the text, a line feed.
            case records(after: Int)
        }

        /// Bytes that rows point into.
        struct Segment {
            var bytes: [UInt8]
            var numbering: Numbering
            /// The offset of the first byte in the table's address space.
            var base: Int
            /// For a file's lines shown with their numbers: how many line feeds come before
            /// each multiple of ``blockSize`` in `bytes` (one past the end counting them all).
            var lineFeeds: [Offset]
            /// With ``lineFeeds``: for each multiple of ``subBlockSize`` up to the first at or
            /// past the end (which stands for the end), how many line feeds come between the
            /// start of its block and it; 255 when it is that many or more (then they are
            /// counted in the bytes).
            var blockLineFeeds: [UInt8]
        }

        /// The bytes from one count of ``Segment/lineFeeds`` to the next.
        static var blockSize: Int { 512 }
        /// The bytes from one count of ``Segment/blockLineFeeds`` to the next: a row's number
        /// is found by counting the line feeds from its start to the next multiple of this,
        /// bytes that are mostly its own and read anyway.
        static var subBlockSize: Int { 64 }

        private(set) var segments: [Segment] = []
        /// The rows, as offsets in the table's address space.
        var starts: [Offset] = []
        /// The starts of the rows whose texts ``joinFields()`` is to change.
        private(set) var unjoined: [Offset] = []

        init() {}

        /// The table's bytes through pointers (its methods are in an extension, as the
        /// table's are).
        struct View {
            /// One segment's bytes.
            struct Part {
                var pointer: UnsafePointer<UInt8>
                var base: Int
                var count: Int
                var numbering: Numbering
                var lineFeeds: UnsafeBufferPointer<Offset>
                var blockLineFeeds: UnsafeBufferPointer<UInt8>
            }

            let parts: [Part]
        }
    }
}

extension Listing.Table where Offset: FixedWidthInteger & UnsignedInteger {
    /// The end of the address space so far.
    var end: Int { segments.last.map { $0.base + $0.bytes.count } ?? 0 }

    /// Whether `count` bytes can be addressed.
    static func addresses(_ count: Int) -> Bool { UInt64(count) < UInt64(Offset.max) }

    /// Adds a segment (the caller has checked that it can be addressed) and returns its base.
    @discardableResult
    func add(
        _ bytes: [UInt8], numbering: Numbering, lineFeeds: [Offset] = [],
        blockLineFeeds: [UInt8] = []
    ) -> Int {
        let base = end
        segments.append(
            Segment(
                bytes: bytes, numbering: numbering, base: base, lineFeeds: lineFeeds,
                blockLineFeeds: blockLineFeeds))
        return base
    }

    /// Appends a record for a text shown other than as its file holds it, and returns its
    /// start; the last segment must hold records.
    func appendRecord(number: Int, text: ArraySlice<UInt8>) -> Offset {
        if case .records(after: 0) = segments.last?.numbering {
        } else {
            add([], numbering: .records(after: 0))
        }
        let last = segments.count - 1
        let start = segments[last].base + segments[last].bytes.count + 8
        Listing.appendRecord(number: number, text: text, to: &segments[last].bytes)
        return Offset(start)
    }

    /// Adds records (``Listing/appendRecord(number:text:to:)``) as a segment, their numbers
    /// moved on by `after`, and appends a row for each.
    func addRecords(_ records: [UInt8], after: Int) {
        let base = add(records, numbering: .records(after: after))
        records.withUnsafeBufferPointer { buffer in
            guard let pointer = buffer.baseAddress else { return }
            var start = 8
            while start <= buffer.count {
                starts.append(Offset(truncatingIfNeeded: base + start))
                let found = LineFeeds.first(in: pointer + start, count: buffer.count - start)
                guard found >= 0 else { return }
                start += found + 1 + 8
            }
        }
    }

    /// Calls `body` with a view of the table's bytes that stays valid while it runs.
    func withView<Result>(_ body: (View) throws -> Result) rethrows -> Result {
        try Self.withView(segments, body)
    }

    /// Calls `body` with a view of `segments` that stays valid while it runs.
    static func withView<Result>(
        _ segments: [Segment], _ body: (View) throws -> Result
    ) rethrows -> Result {
        var parts: [View.Part] = []
        parts.reserveCapacity(segments.count)
        return try collect(segments, 0, &parts, body)
    }

    private static func collect<Result>(
        _ segments: [Segment], _ index: Int, _ parts: inout [View.Part],
        _ body: (View) throws -> Result
    ) rethrows -> Result {
        guard index < segments.count else { return try body(View(parts: parts)) }
        let segment = segments[index]
        return try segment.bytes.withUnsafeBufferPointer { bytes in
            try segment.lineFeeds.withUnsafeBufferPointer { lineFeeds in
                try segment.blockLineFeeds.withUnsafeBufferPointer { blockLineFeeds in
                    if let pointer = bytes.baseAddress {
                        parts.append(
                            View.Part(
                                pointer: pointer, base: segment.base, count: bytes.count,
                                numbering: segment.numbering, lineFeeds: lineFeeds,
                                blockLineFeeds: blockLineFeeds))
                    }
                    return try collect(segments, index + 1, &parts, body)
                }
            }
        }
    }
}

extension Listing.Table.View where Offset: FixedWidthInteger & UnsignedInteger {
    /// The segment holding `offset`.
    @inline(__always)
    private func part(_ offset: Int) -> Part {
        var index = parts.count - 1
        while index > 0 && parts[index].base > offset { index -= 1 }
        return parts[index]
    }

    /// Where the row starting at `start` is.
    @inline(__always)
    func pointer(_ start: Offset) -> UnsafePointer<UInt8> {
        let offset = Int(start)
        let part = part(offset)
        return part.pointer + (offset - part.base)
    }

    /// The text of the row starting at `start`: up to its line feed, a CR before it
    /// dropped in a file's lines.
    @inline(__always)
    func text(_ start: Offset) -> UnsafeBufferPointer<UInt8> {
        let offset = Int(start)
        let part = part(offset)
        let from = offset - part.base
        let found = LineFeeds.first(in: part.pointer + from, count: part.count - from)
        var length = found < 0 ? part.count - from : found
        if case .lines = part.numbering, found > 0, part.pointer[from + found - 1] == 0x0D {
            length -= 1
        }
        return UnsafeBufferPointer(start: part.pointer + from, count: length)
    }

    /// Starts loading what writing the row starting at `start` reads (its first two cache
    /// lines and, with `counts`, the line-feed counts its number comes from), so that it is at
    /// hand when the row's turn comes.
    @inline(__always)
    func prefetch(_ start: Offset, counts withCounts: Bool = true) {
        let offset = Int(start)
        let part = part(offset)
        let from = offset - part.base
        let row = UnsafeRawPointer(part.pointer + from)
        Prefetch.forReading(row)
        Prefetch.forReading(row + 64)
        if withCounts, let counts = part.blockLineFeeds.baseAddress,
            let blockCounts = part.lineFeeds.baseAddress
        {
            let subBlock = from / Listing.Table<Offset>.subBlockSize + 1
            Prefetch.forReading(counts + subBlock)
            Prefetch.forReading(
                blockCounts + subBlock * Listing.Table<Offset>.subBlockSize
                    / Listing.Table<Offset>.blockSize)
        }
    }

    /// The number shown for the row starting at `start`.
    func number(_ start: Offset) -> Int {
        let offset = Int(start)
        let part = part(offset)
        let from = offset - part.base
        switch part.numbering {
        case .records(let after):
            var value: UInt64 = 0
            for index in (from - 8..<from).reversed() {
                value = value << 8 | UInt64(part.pointer[index])
            }
            return after + Int(truncatingIfNeeded: value)
        case .lines(_, shownAsZero: true):
            return 0
        case .lines(let first, shownAsZero: false):
            // The count at the end of the row's sub-block, less the line feeds from the row
            // there (bytes that are mostly the row's own, read anyway).
            let subBlockSize = Listing.Table<Offset>.subBlockSize
            let perBlock = Listing.Table<Offset>.blockSize / subBlockSize
            let subBlock = from / subBlockSize + 1
            let subBlockEnd = min(subBlock * subBlockSize, part.count)
            let block = subBlock / perBlock
            var before = Int(part.lineFeeds[block])
            let inBlock = part.blockLineFeeds[subBlock]
            if inBlock < UInt8.max {
                before += Int(inBlock)
            } else {
                let blockStart = block * Listing.Table<Offset>.blockSize
                before += LineFeeds.count(
                    in: part.pointer + blockStart, count: subBlockEnd - blockStart)
            }
            return first + before
                - LineFeeds.count(in: part.pointer + from, count: subBlockEnd - from)
        }
    }
}

extension Listing {
    /// Appends a record of a row's text that a table holds apart from any file: its number in
    /// eight bytes (least significant first), the text, LF.
    static func appendRecord<Text: Collection<UInt8>>(
        number: Int, text: Text, to bytes: inout [UInt8]
    ) {
        var value = UInt64(truncatingIfNeeded: number)
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: value))
            value >>= 8
        }
        bytes.append(contentsOf: text)
        bytes.append(0x0A)
    }
}

extension Listing.Table where Offset: FixedWidthInteger & UnsignedInteger {
    /// Adds a file's bytes as a segment, its lines numbered from `first` (shown as 0 when
    /// `shownAsZero`), and appends the rows of the lines that pass: hidden lines are dropped
    /// and the others tested as the bytes are walked (`test` first, then the filters, a
    /// literal term tried on the line in place). A filtering walk over many bytes runs in two
    /// halves on two threads. Returns how many lines are not hidden (the footer's total) and
    /// how many pass; when `keeping` is false, the rows are only counted, and no segment added.
    /// With `joiningFields`, the rows whose texts ``joinFields()`` changes are noted.
    @discardableResult
    func select(
        _ bytes: [UInt8], numberedFrom first: Int, shownAsZero: Bool = false, width: Int,
        filters: [Listing.Filter], test: ((UnsafeBufferPointer<UInt8>) -> Bool)?,
        keeping: Bool = true, joiningFields: Bool = false
    ) -> (total: Int, passed: Int) {
        let keepsAll = filters.isEmpty && test == nil
        let base = end
        var lineFeeds: [Offset] = []
        var blockLineFeeds: [UInt8] = []
        var total = 0
        var passed = 0
        let counts = keeping && !shownAsZero
        bytes.withUnsafeBufferPointer { buffer in
            guard let pointer = buffer.baseAddress else { return }
            let begin =
                buffer.count >= 3 && pointer[0] == 0xEF && pointer[1] == 0xBB
                    && pointer[2] == 0xBF ? 3 : 0
            /// The lines from `from` to `to` (line starts), the first being the `line`-th
            /// (from 0): appends the rows that pass (or counts them) and returns the total.
            func scan(
                _ from: Int, _ to: Int, _ line: Int, _ rows: inout [Offset], _ passed: inout Int,
                _ unjoined: inout [Offset]
            ) -> Int {
                var scratch: [UInt8] = []
                var total = 0
                var line = line - 1
                Listing.Scan.forEachLine(buffer, from: from, to: to) { start, end in
                    line += 1
                    if Listing.isHidden(pointer, start, end) { return }
                    total += 1
                    if !keepsAll {
                        let text = UnsafeBufferPointer(start: pointer + start, count: end - start)
                        if let test, !test(text) { return }
                        if !filters.isEmpty
                            && !Listing.passes(
                                text, number: first + line, width: width, filters: filters,
                                buffer: &scratch)
                        {
                            return
                        }
                    }
                    passed += 1
                    guard keeping else { return }
                    rows.append(Offset(truncatingIfNeeded: base + start))
                    if joiningFields
                        && !Listing.isFieldsJoined(
                            UnsafeBufferPointer(start: pointer + start, count: end - start))
                    {
                        unjoined.append(Offset(truncatingIfNeeded: base + start))
                    }
                }
                return total
            }
            // Only a filtering walk pays for the thread: keeping every line, the walk is
            // little more than the search for line feeds.
            if !keepsAll && buffer.count >= Listing.parallelScanBytes
                && Concurrently.processorCount > 1
            {
                // The second half starts after the line feed at or after the middle.
                let half = max(buffer.count / 2, begin)
                let found = LineFeeds.first(in: pointer + half, count: buffer.count - half)
                let middle = found < 0 ? buffer.count : half + found + 1
                let linesBefore = LineFeeds.count(in: pointer + begin, count: middle - begin)
                var highRows: [Offset] = []
                var highTotal = 0
                var highPassed = 0
                var highUnjoined: [Offset] = []
                Concurrently.run(
                    {
                        highTotal = scan(
                            middle, buffer.count, linesBefore, &highRows, &highPassed,
                            &highUnjoined)
                    },
                    { total = scan(begin, middle, 0, &starts, &passed, &unjoined) })
                starts += highRows
                unjoined += highUnjoined
                total += highTotal
                passed += highPassed
                if counts { (lineFeeds, blockLineFeeds) = Self.lineFeedCounts(buffer) }
            } else {
                if keepsAll && keeping {
                    let lines = LineFeeds.count(in: pointer + begin, count: buffer.count - begin)
                    if starts.capacity < starts.count + lines + 1 {
                        starts.reserveCapacity(starts.count + lines + 1)
                    }
                }
                if counts && buffer.count >= Listing.parallelCountBytes {
                    // The line feeds are counted on the second thread meanwhile.
                    Concurrently.run(
                        { (lineFeeds, blockLineFeeds) = Self.lineFeedCounts(buffer) },
                        { total = scan(begin, buffer.count, 0, &starts, &passed, &unjoined) })
                } else {
                    total = scan(begin, buffer.count, 0, &starts, &passed, &unjoined)
                    if counts { (lineFeeds, blockLineFeeds) = Self.lineFeedCounts(buffer) }
                }
            }
        }
        if keeping {
            add(
                bytes, numbering: .lines(first: first, shownAsZero: shownAsZero),
                lineFeeds: lineFeeds, blockLineFeeds: blockLineFeeds)
        }
        return (total, passed)
    }

    /// How many line feeds come before each multiple of ``blockSize`` in `bytes`
    /// (``Segment/lineFeeds``) and, from the start of its block, before each multiple of
    /// ``subBlockSize`` (``Segment/blockLineFeeds``).
    private static func lineFeedCounts(
        _ bytes: UnsafeBufferPointer<UInt8>
    ) -> (lineFeeds: [Offset], blockLineFeeds: [UInt8]) {
        guard let pointer = bytes.baseAddress else { return ([0], [0]) }
        let perBlock = blockSize / subBlockSize
        var counts: [Offset] = []
        counts.reserveCapacity(bytes.count / blockSize + 2)
        var inBlock: [UInt8] = []
        inBlock.reserveCapacity(bytes.count / subBlockSize + 2)
        var total = 0
        var blockTotal = 0
        var subBlock = 0
        while true {
            if subBlock % perBlock == 0 {
                counts.append(Offset(truncatingIfNeeded: total))
                blockTotal = total
            }
            inBlock.append(UInt8(min(total - blockTotal, Int(UInt8.max))))
            let start = subBlock * subBlockSize
            guard start < bytes.count else { return (counts, inBlock) }
            total += LineFeeds.count(
                in: pointer + start, count: min(subBlockSize, bytes.count - start))
            subBlock += 1
        }
    }

    /// The rows through the general path: each with its number and a copy of its text.
    func rows() -> [Listing.Row] {
        withView { view in
            starts.map { start in
                Listing.Row(number: view.number(start), content: ArraySlice(view.text(start)))
            }
        }
    }

    /// Replaces the text of every row noted by ``select(_:numberedFrom:shownAsZero:width:filters:test:keeping:joiningFields:)``
    /// by ``Listing/fieldsJoined(_:)`` of it (`lsa`), writing a record for each; the rows must
    /// not be sorted yet.
    func joinFields() {
        var changed: [(index: Int, number: Int, text: ArraySlice<UInt8>)] = []
        withView { view in
            for start in unjoined {
                // The rows are still in the order of their starts.
                var low = 0
                var high = starts.count
                while low < high {
                    let middle = (low + high) / 2
                    if starts[middle] < start { low = middle + 1 } else { high = middle }
                }
                let text = Listing.fieldsJoined(ArraySlice(view.text(start)))
                changed.append((low, view.number(start), text))
            }
        }
        unjoined = []
        for (index, number, text) in changed {
            starts[index] = appendRecord(number: number, text: text)
        }
    }
}
