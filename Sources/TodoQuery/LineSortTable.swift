import TodoTxt

/// The sort keys of selected lines as one fixed-width byte string a row, packed big-endian
/// into 64-bit words, so that comparing two rows' words in order compares their keys; and
/// how to compare two rows whose bytes tie but whose values may still differ.
///
/// Each key takes a few bytes in the row, in the keys' order:
/// - a priority or the done mark one byte, a date (days) or a line number four;
/// - the text, lower-cased, its first bytes then a byte holding its length, or one more than
///   the bytes kept when it is longer (two rows tied there with that mark are compared whole);
/// - a project or context a presence byte, then its name as the text is kept;
/// - a tag a class byte (number, text, missing), then the number as an ordered integer, or
///   the text as above.
///
/// A descending key's bytes are complemented; a missing value is all ones in either
/// direction, so it sorts last. This is the order ``Sorting/sorted(_:)`` gives.
struct LineSortTable {
    /// What a key sorts by, without the tag name (so that a column is plain values and
    /// reading one costs no reference counting).
    enum Kind {
        case priority, due, threshold, created, completed, line, text, done, project, context
        case tag
    }

    /// One key's bytes in a row.
    struct Column {
        var kind: Kind
        var isDescending: Bool
        /// The column's place among the keys (for a tag key's name).
        var key: Int
        /// Where the key's bytes start in a row, and how many there are.
        var offset = 0
        var width = 0
        /// The value bytes kept of a text, name or tag (0 for the other keys).
        var prefix = 0
        /// 1 when a presence or class byte comes first.
        var lead = 0

        /// Where the length byte of a kept value is.
        var lengthPosition: Int { offset + lead + prefix }
        /// Just past the key's bytes.
        var end: Int { offset + width }
    }

    /// The value bytes a text key keeps at least; the row's spare bytes go to the first.
    static let minimumPrefix = 15

    /// The class bytes of a tag's value (a project's or context's presence byte is the
    /// text's).
    static let numberClass: UInt8 = 1
    static let textClass: UInt8 = 2

    let columns: [Column]
    /// For each key, the tag name of a tag key (else empty).
    let tagNames: [[UInt8]]
    /// The columns whose tied bytes may hide a difference further into the value.
    let fallbackColumns: [Column]
    /// Bytes a row, and the 64-bit words they fill.
    let byteWidth: Int
    let width: Int
    /// The lower case of the scalars met in text values.
    let lowercase = LowercaseCache()

    /// Rows from which the table is filled in two halves at once, when the caller can.
    static let pairedRows = 20_000

    /// The table of `keys` for the lines `selected`, its rows written one after another into
    /// `words` (whose memory is reused); `inPairs`, when given, runs two pieces of work at
    /// once (on two processors), and fills a large table in two halves.
    init(
        keys: [SortKey], selected: [Int32], lines: TodoList.LineBytes,
        inPairs: ((() -> Void, () -> Void) -> Void)?, words: inout [UInt64]
    ) {
        var columns: [Column] = []
        var tagNames: [[UInt8]] = []
        for (index, key) in keys.enumerated() {
            let kind: Kind
            var tagName: [UInt8] = []
            switch key.field {
            case .priority: kind = .priority
            case .due: kind = .due
            case .threshold: kind = .threshold
            case .created: kind = .created
            case .completed: kind = .completed
            case .line: kind = .line
            case .text: kind = .text
            case .done: kind = .done
            case .project: kind = .project
            case .context: kind = .context
            case .tag(let name):
                kind = .tag
                tagName = Array(name.utf8)
            }
            tagNames.append(tagName)
            columns.append(Column(kind: kind, isDescending: key.isDescending, key: index))
        }
        var total = 0
        for index in columns.indices {
            var column = columns[index]
            switch column.kind {
            case .priority, .done: column.width = 1
            case .due, .threshold, .created, .completed, .line: column.width = 4
            case .text: column.prefix = Self.minimumPrefix
            case .project, .context, .tag: (column.lead, column.prefix) = (1, Self.minimumPrefix)
            }
            if column.prefix > 0 { column.width = column.lead + column.prefix + 1 }
            columns[index] = column
            total += column.width
        }
        let width = (total + 7) / 8
        // The bytes that round the row up to whole words lengthen the first kept value.
        if let first = columns.firstIndex(where: { $0.prefix > 0 }) {
            columns[first].prefix += width * 8 - total
            columns[first].width += width * 8 - total
            total = width * 8
        }
        var offset = 0
        for index in columns.indices {
            columns[index].offset = offset
            offset += columns[index].width
        }
        self.columns = columns
        self.tagNames = tagNames
        fallbackColumns = columns.filter { $0.prefix > 0 }
        byteWidth = total
        self.width = width
        words.removeAll(keepingCapacity: true)
        words.append(contentsOf: repeatElement(0, count: selected.count * width))
        let cache = lowercase
        words.withUnsafeMutableBufferPointer { table in
            selected.withUnsafeBufferPointer { selected in
                let count = selected.count
                if let inPairs, count >= Self.pairedRows {
                    // Two halves at once, each with its own lower-case cache.
                    let half = count / 2
                    let other = LowercaseCache()
                    inPairs(
                        {
                            Self.fill(
                                table, rows: 0..<half, of: selected, lines: lines,
                                columns: columns, tagNames: tagNames, cache: other)
                        },
                        {
                            Self.fill(
                                table, rows: half..<count, of: selected, lines: lines,
                                columns: columns, tagNames: tagNames, cache: cache)
                        })
                } else {
                    Self.fill(
                        table, rows: 0..<count, of: selected, lines: lines, columns: columns,
                        tagNames: tagNames, cache: cache)
                }
            }
        }
    }

    /// Writes the words of `rows` (positions in `selected`) into `table`.
    private static func fill(
        _ table: UnsafeMutableBufferPointer<UInt64>, rows: Range<Int>,
        of selected: UnsafeBufferPointer<Int32>, lines: TodoList.LineBytes, columns: [Column],
        tagNames: [[UInt8]], cache: LowercaseCache
    ) {
        guard let width = columns.last.map({ ($0.end + 7) / 8 }) else { return }
        withUnsafeTemporaryAllocation(byteCount: width * 8, alignment: 8) { row in
            guard let bytes = row.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            // Read through pointers, so that no array is retained once a row.
            columns.withUnsafeBufferPointer { columns in
                tagNames.withUnsafeBufferPointer { tagNames in
                    for index in rows {
                        let line = Int(selected[index])
                        row.initializeMemory(as: UInt8.self, repeating: 0)
                        let content = lines[line]
                        let header = TODOItem.Header(parsing: content)
                        let description = UnsafeBufferPointer(
                            rebasing: content[header.descriptionStart...])
                        for column in columns {
                            fill(
                                bytes, column, tagNames: tagNames, header: header,
                                description: description, line: line + 1, cache: cache)
                        }
                        for word in 0..<width {
                            table[index * width + word] = UInt64(
                                bigEndian: row.loadUnaligned(
                                    fromByteOffset: word * 8, as: UInt64.self))
                        }
                    }
                }
            }
        }
    }

    /// The byte at `position` of row `row`.
    @inline(__always)
    static func byte(
        _ words: UnsafeBufferPointer<UInt64>, width: Int, row: Int, at position: Int
    )
        -> UInt8
    {
        UInt8(truncatingIfNeeded: words[row * width + position >> 3] >> (56 - 8 * (position & 7)))
    }

    /// Whether row `row` holds a present value of `column` longer than its kept bytes: two
    /// rows tied on all of the column's bytes are then compared by their whole values.
    @inline(__always)
    static func isCut(
        _ column: Column, _ words: UnsafeBufferPointer<UInt64>, width: Int, row: Int
    )
        -> Bool
    {
        let mark = UInt8(truncatingIfNeeded: column.prefix + 1)
        let length = byte(words, width: width, row: row, at: column.lengthPosition)
        guard length == (column.isDescending ? ~mark : mark) else { return false }
        guard column.lead > 0 else { return true }
        let lead = byte(words, width: width, row: row, at: column.offset)
        let text = column.kind == .tag ? textClass : 1
        return lead == (column.isDescending ? ~text : text)
    }

    // MARK: Writing a row

    /// Writes `count` low bytes of `value` big-endian at `position`, complemented for a
    /// descending key.
    @inline(__always)
    private static func put(
        _ value: UInt64, count: Int, at position: Int, _ column: Column,
        into row: UnsafeMutablePointer<UInt8>
    ) {
        let value = column.isDescending ? ~value : value
        for index in 0..<count {
            row[position + index] = UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - index)))
        }
    }

    /// Writes a missing value: all ones.
    private static func putMissing(_ column: Column, into row: UnsafeMutablePointer<UInt8>) {
        for index in column.offset..<column.end { row[index] = 0xFF }
    }

    /// Writes the kept bytes of a value and its length byte after the lead byte, if any.
    private static func putValue(
        _ value: UnsafeBufferPointer<UInt8>, totalLength: Int, _ column: Column,
        into row: UnsafeMutablePointer<UInt8>
    ) {
        let start = column.offset + column.lead
        let kept = min(value.count, column.prefix)
        for index in 0..<kept {
            row[start + index] = column.isDescending ? ~value[index] : value[index]
        }
        if column.isDescending {
            for index in kept..<column.prefix { row[start + index] = 0xFF }
        }
        put(
            UInt64(min(totalLength, column.prefix + 1)), count: 1, at: column.lengthPosition,
            column, into: row)
    }

    /// Writes the kept bytes of a text and its length byte when the bytes kept are ASCII (their
    /// lower case is then the start of the whole lower case); returns `false` otherwise.
    @inline(__always)
    private static func putLowercaseASCII(
        _ text: UnsafeBufferPointer<UInt8>, _ column: Column, into row: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        let start = column.offset + column.lead
        let kept = min(text.count, column.prefix)
        let flip: UInt8 = column.isDescending ? 0xFF : 0
        var index = 0
        if let base = text.baseAddress {
            // Eight bytes at a time.
            let flips = 0x0101_0101_0101_0101 &* UInt64(flip)
            while index + 8 <= kept {
                guard
                    let folded = LowercaseCache.foldedASCII(
                        UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                else { return false }
                UnsafeMutableRawPointer(row + start + index).storeBytes(
                    of: folded ^ flips, as: UInt64.self)
                index += 8
            }
        }
        while index < kept {
            let byte = text[index]
            if byte >= 0x80 { return false }
            row[start + index] = (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) ^ flip
            index += 1
        }
        for index in kept..<column.prefix { row[start + index] = flip }
        row[column.lengthPosition] =
            UInt8(truncatingIfNeeded: min(text.count, column.prefix + 1)) ^ flip
        return true
    }

    /// Writes one key of one line.
    private static func fill(
        _ row: UnsafeMutablePointer<UInt8>, _ column: Column,
        tagNames: UnsafeBufferPointer<[UInt8]>, header: TODOItem.Header,
        description: UnsafeBufferPointer<UInt8>, line: Int, cache: LowercaseCache
    ) {
        func day(_ date: LocalDate?) {
            guard let date else { return putMissing(column, into: row) }
            put(
                UInt64(date.daysSinceEpoch + 1_000_000), count: 4, at: column.offset, column,
                into: row)
        }
        func name(_ range: Range<Int>?) {
            guard let range else { return putMissing(column, into: row) }
            put(1, count: 1, at: column.offset, column, into: row)
            let value = UnsafeBufferPointer(rebasing: description[range])
            putValue(value, totalLength: value.count, column, into: row)
        }
        switch column.kind {
        case .priority:
            let letter =
                header.isDone
                ? (mayHaveTag(ItemFields.priorityKey, in: description)
                    ? ItemFields.priorityTag(in: description) : nil)
                : header.priority?.ascii
            guard let letter else { return putMissing(column, into: row) }
            put(UInt64(letter), count: 1, at: column.offset, column, into: row)
        case .done:
            put(header.isDone ? 1 : 0, count: 1, at: column.offset, column, into: row)
        case .due:
            day(dateTag(ItemFields.dueKey, in: description))
        case .threshold:
            day(dateTag(ItemFields.thresholdKey, in: description))
        case .created:
            day(header.creationDate)
        case .completed:
            day(header.completionDate)
        case .line:
            put(UInt64(max(0, line)), count: 4, at: column.offset, column, into: row)
        case .text:
            if !putLowercaseASCII(description, column, into: row) {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: column.prefix + 4) {
                    guard let buffer = $0.baseAddress else { return }
                    let count = cache.lowercasedPrefix(
                        of: description, length: column.prefix + 1, into: buffer)
                    let lowered = UnsafeBufferPointer(start: buffer, count: count)
                    putValue(lowered, totalLength: count, column, into: row)
                }
            }
        case .project:
            name(ItemFields.firstName(.project, in: description))
        case .context:
            name(ItemFields.firstName(.context, in: description))
        case .tag:
            let tagName = tagNames[column.key]
            guard mayHaveTag(tagName, in: description),
                let range = ItemFields.tag(tagName, in: description)
            else { return putMissing(column, into: row) }
            let value = UnsafeBufferPointer(rebasing: description[range])
            if let number = TextPattern.number(value) {
                put(UInt64(numberClass), count: 1, at: column.offset, column, into: row)
                put(orderable(number), count: 8, at: column.offset + 1, column, into: row)
            } else {
                put(UInt64(textClass), count: 1, at: column.offset, column, into: row)
                putValue(value, totalLength: value.count, column, into: row)
            }
        }
    }

    // MARK: Whole values

    /// -1, 0 or 1: the whole values of `column` of two lines whose bytes tied there and were
    /// both cut (``isCut(_:_:width:row:)``).
    func compareWhole(
        _ lowercase: LowercaseCache, _ column: Column, _ first: UnsafeBufferPointer<UInt8>,
        _ second: UnsafeBufferPointer<UInt8>
    ) -> Int {
        func description(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: line[TODOItem.Header(parsing: line).descriptionStart...])
        }
        let x = description(first)
        let y = description(second)
        func range(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
            switch column.kind {
            case .project: ItemFields.firstName(.project, in: text)
            case .context: ItemFields.firstName(.context, in: text)
            default: ItemFields.tag(tagNames[column.key], in: text)
            }
        }
        let order: Int
        if column.kind == .text {
            if x.allSatisfy({ $0 < 0x80 }) && y.allSatisfy({ $0 < 0x80 }) {
                order = Self.compareFoldingASCII(x, y)
            } else {
                order = lowercase.compareLowercased(x, y)
            }
        } else if let a = range(x), let b = range(y) {
            order = TextPattern.compare(
                UnsafeBufferPointer(rebasing: x[a]), UnsafeBufferPointer(rebasing: y[b]))
        } else {
            order = 0
        }
        return column.isDescending ? -order : order
    }

    /// -1, 0 or 1: two ASCII strings compared as their lower case, without making it.
    private static func compareFoldingASCII(
        _ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>
    ) -> Int {
        for index in 0..<min(x.count, y.count) {
            var a = x[index]
            var b = y[index]
            if a >= 0x41 && a <= 0x5A { a |= 0x20 }
            if b >= 0x41 && b <= 0x5A { b |= 0x20 }
            if a != b { return a < b ? -1 : 1 }
        }
        return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }

    // MARK: Fields read from bytes

    /// Whether `text` holds `name` followed by `:`, which every tag with that key does: a line
    /// without it needs no word scan.
    private static func mayHaveTag(_ name: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = name.count
        while index < bytes.count {
            if bytes[index] == 0x3A {
                var matches = true
                var offset = 0
                while matches && offset < name.count {
                    matches = bytes[index - name.count + offset] == name[offset]
                    offset += 1
                }
                if matches { return true }
            }
            index += 1
        }
        return false
    }

    /// The first valid date of tag `name`, scanning only lines that may hold it.
    private static func dateTag(
        _ name: [UInt8], in text: UnsafeBufferPointer<UInt8>
    )
        -> LocalDate?
    {
        mayHaveTag(name, in: text) ? ItemFields.dateTag(name, in: text) : nil
    }

    /// Maps a double to an unsigned integer with the same order.
    private static func orderable(_ value: Double) -> UInt64 {
        let bits = value.bitPattern
        return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
    }
}
