package import TodoTxt

extension Sorting {
    /// The lines `selected` (0-based indices into `list`, in file order) in the order
    /// ``sorted(_:)`` gives their tasks, computed from the lines' bytes with no array of parsed
    /// tasks: each line is parsed once to compute a few integers per key, and again only when
    /// two lines tie on those integers.
    ///
    /// The integers are the first 23 bytes of a text value (the first 7 alone for the other
    /// sorts), or the value itself for dates, priorities and line numbers, so a sort of a large
    /// file costs a few dozen bytes a line rather than a parsed task and a copy of its text.
    /// `todo ui` sorts its rows this way.
    package func sortedLines(_ selected: [Int32], in list: TodoList) -> [Int32] {
        if isFileOrder { return selected }
        let table = LineSortTable(keys: keys, selected: selected, list: list)
        // The first words of each row sit beside its index, so that most comparisons read one
        // small entry; rows whose first words tie are compared through the table.
        let inline = table.inlineWidth
        var entries: [LineSortEntry] = []
        entries.reserveCapacity(selected.count)
        table.words.withUnsafeBufferPointer { words in
            for row in selected.indices {
                var entry = LineSortEntry(row: Int32(truncatingIfNeeded: row))
                let start = row * table.width
                if inline > 0 { entry.first = words[start] }
                if inline > 1 { entry.second = words[start + 1] }
                if inline > 2 { entry.third = words[start + 2] }
                if inline > 3 { entry.fourth = words[start + 3] }
                entries.append(entry)
            }
        }
        // By the first word with a radix sort, then each run of rows with the same first word
        // by the rest.
        LineSortEntry.sortByFirst(&entries)
        table.words.withUnsafeBufferPointer { words in
            selected.withUnsafeBufferPointer { lines in
                entries.withUnsafeMutableBufferPointer { all in
                    var start = 0
                    while start < all.count {
                        var end = start + 1
                        while end < all.count && all[end].first == all[start].first { end += 1 }
                        if end - start > 1 {
                            var run = UnsafeMutableBufferPointer(rebasing: all[start..<end])
                            run.sort { a, b in
                                if a.second != b.second { return a.second < b.second }
                                if a.third != b.third { return a.third < b.third }
                                if a.fourth != b.fourth { return a.fourth < b.fourth }
                                return table.precedes(
                                    Int(a.row), Int(b.row), words: words, lines: lines)
                            }
                        }
                        start = end
                    }
                }
            }
        }
        return entries.map { selected[Int($0.row)] }
    }
}

/// A row of the sort: its first words (zero past ``LineSortTable/inlineWidth``) and its
/// position in the selection.
private struct LineSortEntry {
    var first: UInt64 = 0
    var second: UInt64 = 0
    var third: UInt64 = 0
    var fourth: UInt64 = 0
    var row: Int32

    /// Sorts entries by ``first`` alone, stably: one counting pass per byte, from the lowest,
    /// for the bytes that are not the same in every entry.
    static func sortByFirst(_ entries: inout [LineSortEntry]) {
        guard entries.count > 1 else { return }
        var any: UInt64 = 0
        var all = UInt64.max
        for entry in entries {
            any |= entry.first
            all &= entry.first
        }
        let varying = any ^ all
        var scratch = entries
        for byte in 0..<8 where (varying >> UInt64(8 * byte)) & 0xFF != 0 {
            let shift = UInt64(8 * byte)
            var counts = [Int](repeating: 0, count: 257)
            for entry in entries { counts[Int((entry.first >> shift) & 0xFF) + 1] += 1 }
            for index in 1..<257 { counts[index] += counts[index - 1] }
            for entry in entries {
                let slot = Int((entry.first >> shift) & 0xFF)
                scratch[counts[slot]] = entry
                counts[slot] += 1
            }
            swap(&entries, &scratch)
        }
    }
}

/// The sort integers of every selected line, one row of words per line, and how to compare
/// two rows: the words of each key in turn (descending keys stored reversed, a missing value
/// as `UInt64.max` in its first word, so it sorts last either way), then, when a key's words
/// tie and only hold a prefix of its value, the whole values read again from the lines, then
/// the line numbers.
private struct LineSortTable {
    /// One key's words in a row: where they start and how many there are (plain values, so
    /// that comparing rows costs no reference counting).
    struct Column {
        /// The key's position in ``keys``.
        var key: Int
        var offset: Int
        var width: Int
        /// Whether tied words may hide a difference further into the value.
        var hasFallback: Bool
    }

    let list: TodoList
    let keys: [SortKey]
    /// For each key, the tag name of a tag key (else empty).
    let tagNames: [[UInt8]]
    let columns: [Column]
    /// Words per row.
    let width: Int
    /// The rows, one after another.
    let words: [UInt64]
    /// How many of a row's first words decide between two rows whenever they differ: whole
    /// keys, at most four words, up to and including the first key whose words hold only a
    /// prefix of its value (a tie there is decided by the whole value, before the next key).
    let inlineWidth: Int

    /// The bytes of a text value held in the words: 7 in the first, 8 in each of the next two.
    static let prefixLength = 23

    init(keys: [SortKey], selected: [Int32], list: TodoList) {
        var columns: [Column] = []
        var tagNames: [[UInt8]] = []
        var width = 0
        for (index, key) in keys.enumerated() {
            let (count, fallback): (Int, Bool)
            switch key.field {
            case .text, .project, .context, .tag: (count, fallback) = (3, true)
            default: (count, fallback) = (1, false)
            }
            var tagName: [UInt8] = []
            if case .tag(let name) = key.field { tagName = Array(name.utf8) }
            tagNames.append(tagName)
            columns.append(Column(key: index, offset: width, width: count, hasFallback: fallback))
            width += count
        }
        var inlineWidth = 0
        for column in columns {
            guard inlineWidth + column.width <= 4 else { break }
            inlineWidth += column.width
            if column.hasFallback { break }
        }
        self.inlineWidth = inlineWidth
        var words = [UInt64](repeating: 0, count: selected.count * width)
        words.withUnsafeMutableBufferPointer { table in
            for (row, line) in selected.enumerated() {
                let item = list[Int(line)].item
                for column in columns {
                    Self.fill(
                        table, at: row * width + column.offset, key: keys[column.key],
                        tagName: tagNames[column.key], item: item, line: Int(line) + 1)
                }
            }
        }
        self.list = list
        self.keys = keys
        self.tagNames = tagNames
        self.columns = columns
        self.width = width
        self.words = words
    }

    /// Whether row `a` sorts before row `b`.
    @inline(__always)
    func precedes(
        _ a: Int, _ b: Int, words: UnsafeBufferPointer<UInt64>, lines: UnsafeBufferPointer<Int32>
    ) -> Bool {
        let rowA = a * width
        let rowB = b * width
        for column in columns {
            var position = column.offset
            let end = position + column.width
            while position < end {
                let x = words[rowA + position]
                let y = words[rowB + position]
                if x != y { return x < y }
                position += 1
            }
            if column.hasFallback, words[rowA + column.offset] != UInt64.max {
                let order = fallback(column, lines[a], lines[b])
                if order != 0 { return order < 0 }
            }
        }
        if lines[a] != lines[b] { return lines[a] < lines[b] }
        return a < b
    }

    /// -1, 0 or 1: the whole values of two lines whose words tied and are present.
    private func fallback(_ column: Column, _ a: Int32, _ b: Int32) -> Int {
        let x = list[Int(a)].item
        let y = list[Int(b)].item
        let key = keys[column.key]
        let order: Int
        switch key.field {
        case .text:
            order = TextPattern.compare(
                TextPattern.lowercased(x.descriptionBytes),
                TextPattern.lowercased(y.descriptionBytes))
        case .project:
            order = Self.compare(
                ItemFields.firstName(.project, of: x), ItemFields.firstName(.project, of: y))
        case .context:
            order = Self.compare(
                ItemFields.firstName(.context, of: x), ItemFields.firstName(.context, of: y))
        case .tag:
            let first = Self.tagValue(tagNames[column.key], of: x)
            let second = Self.tagValue(tagNames[column.key], of: y)
            if let m = first.flatMap(TextPattern.number), let n = second.flatMap(TextPattern.number)
            {
                order = m < n ? -1 : (m == n ? 0 : 1)
            } else {
                order = Self.compare(first, second)
            }
        default:
            order = 0
        }
        return key.isDescending ? -order : order
    }

    /// Compares two present values by bytes.
    private static func compare(_ x: ArraySlice<UInt8>?, _ y: ArraySlice<UInt8>?) -> Int {
        TextPattern.compare(x ?? [], y ?? [])
    }

    /// Whether `text` holds `name` followed by `:`, which every tag with that key does: a line
    /// without it needs no word scan.
    private static func mayHaveTag(_ name: [UInt8], in text: ArraySlice<UInt8>) -> Bool {
        text.withUnsafeBufferPointer { bytes in
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
    }

    /// The value of the first tag `name`, scanning only lines that may hold it.
    private static func tagValue(_ name: [UInt8], of item: TODOItem) -> ArraySlice<UInt8>? {
        mayHaveTag(name, in: item.descriptionBytes) ? ItemFields.tag(name, of: item) : nil
    }

    /// The first valid date of tag `name`, scanning only lines that may hold it.
    private static func dateTag(_ name: [UInt8], of item: TODOItem) -> LocalDate? {
        mayHaveTag(name, in: item.descriptionBytes) ? ItemFields.dateTag(name, of: item) : nil
    }

    /// `length` bytes of `bytes` from `start`, big-endian, padded with zero bytes; with
    /// `lowering`, ASCII `A`-`Z` read as `a`-`z`.
    private static func word(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, length: Int, lowering: Bool = false
    ) -> UInt64 {
        var value: UInt64 = 0
        for position in start..<(start + length) {
            var byte = position < bytes.count ? bytes[position] : 0
            if lowering && byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
            value = value << 8 | UInt64(byte)
        }
        return value
    }

    /// Writes the words of one key of one line at `offset`.
    private static func fill(
        _ table: UnsafeMutableBufferPointer<UInt64>, at offset: Int, key: SortKey,
        tagName: [UInt8], item: TODOItem, line: Int
    ) {
        let descending = key.isDescending
        /// A one-word rank, as ``Sorting`` ranks it.
        func set(_ rank: UInt64?) {
            table[offset] = rank.map { descending ? UInt64.max - 1 - $0 : $0 } ?? UInt64.max
        }
        /// The first `prefixLength` bytes of a byte value; `first` replaces the rank of the
        /// first seven.
        func setPrefix(
            _ value: UnsafeBufferPointer<UInt8>, first: UInt64? = nil, lowering: Bool = false
        ) {
            set(first ?? word(value, from: 0, length: 7, lowering: lowering))
            let second = word(value, from: 7, length: 8, lowering: lowering)
            let third = word(value, from: 15, length: 8, lowering: lowering)
            table[offset + 1] = descending ? ~second : second
            table[offset + 2] = descending ? ~third : third
        }
        func setPrefix(_ value: ArraySlice<UInt8>?) {
            guard let value else { return set(nil) }
            value.withUnsafeBufferPointer { setPrefix($0) }
        }
        func day(_ date: LocalDate?) -> UInt64? {
            date.map { UInt64($0.daysSinceEpoch + 1_000_000) }
        }
        switch key.field {
        case .priority:
            if item.isDone {
                set(priorityOfDone(item))
            } else {
                set(item.priority.map { UInt64($0.ascii) })
            }
        case .due:
            set(day(dateTag(ItemFields.dueKey, of: item)))
        case .threshold:
            set(day(dateTag(ItemFields.thresholdKey, of: item)))
        case .created:
            set(day(item.creationDate))
        case .completed:
            set(day(item.completionDate))
        case .line:
            set(UInt64(max(0, line)))
        case .done:
            set(item.isDone ? 1 : 0)
        case .text:
            item.descriptionBytes.withUnsafeBufferPointer { text in
                let head = UnsafeBufferPointer(rebasing: text.prefix(prefixLength))
                if head.allSatisfy({ $0 < 0x80 }) {
                    // ASCII up to here: its lower case is the start of the whole lower case.
                    setPrefix(head, lowering: true)
                } else {
                    lowercasedPrefix(text) { setPrefix($0) }
                }
            }
        case .project:
            setPrefix(ItemFields.firstName(.project, of: item))
        case .context:
            setPrefix(ItemFields.firstName(.context, of: item))
        case .tag:
            guard let value = tagValue(tagName, of: item) else { return set(nil) }
            if let number = TextPattern.number(value) {
                // Numbers first, in their order (the first word), tied ones compared whole.
                set(orderable(number) >> 1)
                table[offset + 1] = 0
                table[offset + 2] = 0
            } else {
                value.withUnsafeBufferPointer { text in
                    setPrefix(text, first: 1 << 63 | word(text, from: 0, length: 7))
                }
            }
        }
    }

    /// Calls `body` with the first ``prefixLength`` bytes (or fewer, at the end) of
    /// `TextPattern.lowercased(text)`, decoding only as far as they reach.
    private static func lowercasedPrefix(
        _ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefixLength + 32) { buffer in
            var count = 0
            func append(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            // The decoding of `TextPattern.lowercased`, stopped once the prefix is complete: an
            // ASCII byte is a scalar of its own, and any other sequence is decoded where it
            // starts (an invalid one, as far as it goes, becomes U+FFFD).
            var index = 0
            while count < prefixLength && index < text.count {
                let byte = text[index]
                if byte < 0x80 {
                    append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                    index += 1
                    continue
                }
                var parser = Unicode.UTF8.ForwardParser()
                var bytes = UnsafeBufferPointer(rebasing: text[index...]).makeIterator()
                switch parser.parseScalar(from: &bytes) {
                case .valid(let encoded):
                    index += encoded.count
                    let scalar = Unicode.UTF8.decode(encoded)
                    if scalar.properties.changesWhenLowercased {
                        for byte in scalar.properties.lowercaseMapping.utf8 { append(byte) }
                    } else {
                        for byte in encoded { append(byte) }
                    }
                case .error(let length):
                    index += length
                    append(0xEF)
                    append(0xBF)
                    append(0xBD)
                case .emptyInput:
                    index = text.count
                }
            }
            body(UnsafeBufferPointer(rebasing: buffer[..<min(count, prefixLength)]))
        }
    }

    /// The priority of a done task: its `pri:` tag's letter.
    private static func priorityOfDone(_ item: TODOItem) -> UInt64? {
        guard mayHaveTag(ItemFields.priorityKey, in: item.descriptionBytes) else { return nil }
        return ItemFields.priority(of: item).map(UInt64.init)
    }

    /// Maps a double to an unsigned integer with the same order.
    private static func orderable(_ value: Double) -> UInt64 {
        let bits = value.bitPattern
        return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
    }
}
