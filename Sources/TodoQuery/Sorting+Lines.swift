package import TodoTxt

extension Sorting {
    /// The lines `selected` (0-based indices into `list`, in file order) in the order
    /// ``sorted(_:)`` gives their tasks, computed from the lines' bytes with no parsed task:
    /// each line's keys become a short byte string (``LineSortTable``), the rows are sorted by
    /// those bytes a byte at a time (a radix sort from the first byte), and only rows whose
    /// bytes tie where a value was cut are compared by their whole values, read again.
    ///
    /// A sort of a large file costs a few dozen bytes a line rather than a parsed task and a
    /// copy of its text. `todo ui` sorts its rows this way. `inPairs`, when given, runs two
    /// pieces of work at once, and the keys of a large selection are read in two halves.
    package func sortedLines(
        _ selected: [Int32], in list: TodoList,
        inPairs: ((() -> Void, () -> Void) -> Void)? = nil
    ) -> [Int32] {
        if isFileOrder || selected.count < 2 { return selected }
        return list.withLineBytes { lines in
            let table = LineSortTable(
                keys: keys, selected: selected, lines: lines, inPairs: inPairs)
            var records = [LineSortRecord]()
            records.reserveCapacity(selected.count)
            for row in selected.indices {
                records.append(
                    LineSortRecord(key: table.words[row * table.width], row: UInt32(row)))
            }
            var scratch = records
            table.words.withUnsafeBufferPointer { words in
                selected.withUnsafeBufferPointer { selected in
                    records.withUnsafeMutableBufferPointer { records in
                        scratch.withUnsafeMutableBufferPointer { scratch in
                            var sorter = LineSorter(
                                table: table, words: words, lines: lines, selected: selected,
                                records: records, scratch: scratch)
                            sorter.sort(0, records.count, from: 0, loadedWord: 0)
                        }
                    }
                }
            }
            return records.map { selected[Int($0.row)] }
        }
    }
}

/// A row being sorted: one word of its bytes (the one the sort is reading) and its position
/// in the selection.
struct LineSortRecord {
    var key: UInt64
    var row: UInt32
}

/// A most-significant-byte-first radix sort of rows by the bytes of a ``LineSortTable``: the
/// rows are split by their next byte into buckets, each bucket by the byte after, and so on;
/// a bucket whose rows share a byte is not moved, small buckets are sorted by comparison, and
/// so are the rows tied up to the end of a value that was cut.
private struct LineSorter {
    let table: LineSortTable
    let words: UnsafeBufferPointer<UInt64>
    let lines: TodoList.LineBytes
    let selected: UnsafeBufferPointer<Int32>
    let records: UnsafeMutableBufferPointer<LineSortRecord>
    let scratch: UnsafeMutableBufferPointer<LineSortRecord>
    /// For each byte position, the column with a cut value that ends there, if any.
    let cutEnds: [Int?]
    /// Words and bytes a row.
    let width: Int
    let byteWidth: Int
    /// Where the first column that may hold a cut value ends: two rows that differ before it
    /// are in the order of their bytes.
    let firstCutEnd: Int

    /// Buckets this small or smaller are sorted by comparison.
    static let smallBucket = 24

    init(
        table: LineSortTable, words: UnsafeBufferPointer<UInt64>, lines: TodoList.LineBytes,
        selected: UnsafeBufferPointer<Int32>, records: UnsafeMutableBufferPointer<LineSortRecord>,
        scratch: UnsafeMutableBufferPointer<LineSortRecord>
    ) {
        self.table = table
        self.words = words
        self.lines = lines
        self.selected = selected
        self.records = records
        self.scratch = scratch
        var cutEnds = [Int?](repeating: nil, count: table.byteWidth + 1)
        for (index, column) in table.fallbackColumns.enumerated() { cutEnds[column.end] = index }
        self.cutEnds = cutEnds
        width = table.width
        byteWidth = table.byteWidth
        firstCutEnd = table.fallbackColumns.first?.end ?? Int.max
    }

    /// Sorts `records[low..<high]`, whose rows share their first `start` bytes; their keys
    /// hold word `loadedWord`.
    mutating func sort(_ low: Int, _ high: Int, from start: Int, loadedWord: Int) {
        var position = start
        var loaded = loadedWord
        while true {
            let count = high - low
            if count < 2 { return }
            if position == byteWidth { return compareSort(low, high, keyWord: loaded) }
            let word = position >> 3
            if word != loaded {
                for index in low..<high {
                    records[index].key = words[Int(records[index].row) * width + word]
                }
                loaded = word
            }
            if count <= Self.smallBucket { return compareSort(low, high, keyWord: loaded) }
            if let cut = cutEnds[position],
                LineSortTable.isCut(
                    table.fallbackColumns[cut], words, width: width, row: Int(records[low].row))
            {
                // Tied on a value that goes on: its whole value decides first.
                return compareSort(low, high, keyWord: loaded)
            }
            let moved = withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { ends in
                distribute(low, high, at: position, loadedWord: loaded, ends: ends)
            }
            if moved { return }
            position += 1
        }
    }

    /// Splits `records[low..<high]` by their byte at `position` into buckets in byte order and
    /// sorts each bucket from the next byte; returns `false`, moving nothing, when every row
    /// has the same byte there.
    private mutating func distribute(
        _ low: Int, _ high: Int, at position: Int, loadedWord: Int,
        ends: UnsafeMutableBufferPointer<Int>
    ) -> Bool {
        let shift = UInt64(56 - 8 * (position & 7))
        ends.initialize(repeating: 0)
        for index in low..<high { ends[Int((records[index].key >> shift) & 0xFF)] += 1 }
        if ends[Int((records[low].key >> shift) & 0xFF)] == high - low { return false }
        var next = low
        for bucket in 0..<256 {
            let size = ends[bucket]
            ends[bucket] = next
            next += size
        }
        for index in low..<high {
            let record = records[index]
            let bucket = Int((record.key >> shift) & 0xFF)
            scratch[ends[bucket]] = record
            ends[bucket] += 1
        }
        _ = UnsafeMutableBufferPointer(rebasing: records[low..<high]).update(
            fromContentsOf: scratch[low..<high])
        // Each bucket's end is now where the next one starts.
        var bucketStart = low
        for bucket in 0..<256 {
            let end = ends[bucket]
            if end - bucketStart > 1 {
                sort(bucketStart, end, from: position + 1, loadedWord: loadedWord)
            }
            bucketStart = end
        }
        return true
    }

    /// Sorts `records[low..<high]` by comparing rows whole.
    /// Sorts `records[low..<high]` by comparing rows; the rows share the bytes before word
    /// `keyWord`, which their keys hold.
    private func compareSort(_ low: Int, _ high: Int, keyWord: Int) {
        let base = keyWord * 8
        /// Whether `x` sorts before `y`: from their keys when those differ before a column
        /// that may hold a cut value ends, else from the table.
        func less(_ x: LineSortRecord, _ y: LineSortRecord) -> Bool {
            if x.key != y.key && base + (x.key ^ y.key).leadingZeroBitCount >> 3 < firstCutEnd {
                return x.key < y.key
            }
            return precedes(Int(x.row), Int(y.row))
        }
        if high - low <= Self.smallBucket {
            // Insertion sort: few rows, often nearly in order.
            for index in (low + 1)..<high {
                let record = records[index]
                var hole = index
                while hole > low && less(record, records[hole - 1]) {
                    records[hole] = records[hole - 1]
                    hole -= 1
                }
                records[hole] = record
            }
            return
        }
        var bucket = UnsafeMutableBufferPointer(rebasing: records[low..<high])
        bucket.sort(by: less)
    }

    /// Whether row `a` sorts before row `b`: by their bytes, except that a value cut in both
    /// and tied on all its bytes is compared whole before any later byte; then by line.
    @inline(__always)
    private func precedes(_ a: Int, _ b: Int) -> Bool {
        var differs = byteWidth
        var less = false
        var first = a * width
        var second = b * width
        let end = first + width
        while first < end {
            let x = words[first]
            let y = words[second]
            if x != y {
                differs = (first - a * width) * 8 + (x ^ y).leadingZeroBitCount >> 3
                less = x < y
                break
            }
            first += 1
            second += 1
        }
        if differs < firstCutEnd { return less }
        return precedesAfterCuts(a, b, differs: differs, less: less)
    }

    /// The end of ``precedes(_:_:)`` for two rows tied up to the end of a column that may hold
    /// a cut value.
    private func precedesAfterCuts(_ a: Int, _ b: Int, differs: Int, less: Bool) -> Bool {
        for column in table.fallbackColumns where column.end <= differs {
            if LineSortTable.isCut(column, words, width: width, row: a) {
                let order = table.compareWhole(
                    column, lines[Int(selected[a])], lines[Int(selected[b])])
                if order != 0 { return order < 0 }
            }
        }
        if differs < byteWidth { return less }
        if selected[a] != selected[b] { return selected[a] < selected[b] }
        return a < b
    }
}
