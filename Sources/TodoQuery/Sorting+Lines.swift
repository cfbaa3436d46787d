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
        var buffers = LineSortBuffers()
        return sortedLines(selected, in: list, inPairs: inPairs, buffers: &buffers)
    }

    /// ``sortedLines(_:in:inPairs:)`` working in `buffers`, which keep their memory for the
    /// next sort (so that it does not fault fresh pages in).
    package func sortedLines(
        _ selected: [Int32], in list: TodoList,
        inPairs: ((() -> Void, () -> Void) -> Void)?, buffers: inout LineSortBuffers
    ) -> [Int32] {
        if isFileOrder || selected.count < 2 { return selected }
        return list.withLineBytes { lines in
            var words: [UInt64] = []
            swap(&words, &buffers.words)
            defer { swap(&words, &buffers.words) }
            let table = LineSortTable(
                keys: keys, selected: selected, lines: lines, inPairs: inPairs, words: &words)
            buffers.records.removeAll(keepingCapacity: true)
            for row in selected.indices {
                buffers.records.append(
                    LineSortRecord(key: words[row * table.width], row: UInt32(row)))
            }
            buffers.scratch.removeAll(keepingCapacity: true)
            buffers.scratch.append(contentsOf: buffers.records)
            words.withUnsafeBufferPointer { words in
                selected.withUnsafeBufferPointer { selected in
                    buffers.records.withUnsafeMutableBufferPointer { records in
                        buffers.scratch.withUnsafeMutableBufferPointer { scratch in
                            let sorter = LineSorter(
                                table: table, words: words, lines: lines, selected: selected,
                                records: records, scratch: scratch)
                            sorter.sortAll(inPairs: inPairs)
                        }
                    }
                }
            }
            return buffers.records.map { selected[Int($0.row)] }
        }
    }
}

/// The memory a sort of lines works in (``Sorting/sortedLines(_:in:inPairs:buffers:)``): kept
/// by a caller that sorts again and again, it is reused rather than given back and faulted in
/// anew.
package struct LineSortBuffers: Sendable {
    /// The table's rows.
    var words: [UInt64] = []
    /// The rows being sorted, and room to move them.
    var records: [LineSortRecord] = []
    var scratch: [LineSortRecord] = []

    /// Empty buffers.
    package init() {}
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
    /// The lower case of the scalars met in whole text values.
    var lowercase: LowercaseCache
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
        lowercase = table.lowercase
    }

    /// A sorter of the same records with a lower-case cache of its own, to sort other buckets
    /// on another thread.
    init(copying other: LineSorter) {
        self = other
        lowercase = LowercaseCache()
    }

    /// Sorts all the records; `inPairs`, when given, sorts the buckets of a large selection's
    /// first split in two groups at once.
    func sortAll(inPairs: ((() -> Void, () -> Void) -> Void)?) {
        let count = records.count
        guard let inPairs, count >= LineSortTable.pairedRows else {
            return sort(0, count, from: 0, loadedWord: 0)
        }
        // The first byte where the rows differ, as `sort` finds it, before any cut value ends.
        var position = 0
        while position < min(byteWidth, firstCutEnd) && position < 8 {
            let moved = withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { ends in
                guard split(0, count, at: position, ends: ends) else { return false }
                // Two groups of whole buckets, the first holding about half the rows.
                var middle = 0
                while middle < 255 && ends[middle] < count / 2 { middle += 1 }
                let other = LineSorter(copying: self)
                let next = position + 1
                let bounds = Array(ends)
                inPairs(
                    { other.sortBuckets(bounds, 0...middle, from: 0, next: next) },
                    {
                        self.sortBuckets(
                            bounds, (middle + 1)..<256, from: bounds[middle], next: next)
                    })
                return true
            }
            if moved { return }
            position += 1
        }
        sort(0, count, from: 0, loadedWord: 0)
    }

    /// Sorts the buckets `buckets` of a split whose bucket ends are `ends`, the first starting
    /// at `start`, from byte `next` (in the first word).
    private func sortBuckets(
        _ ends: [Int], _ buckets: some Sequence<Int>, from start: Int, next: Int
    ) {
        var bucketStart = start
        for bucket in buckets {
            let end = ends[bucket]
            if end - bucketStart > 1 { sort(bucketStart, end, from: next, loadedWord: 0) }
            bucketStart = end
        }
    }

    /// Sorts `records[low..<high]`, whose rows share their first `start` bytes; their keys
    /// hold word `loadedWord`.
    func sort(_ low: Int, _ high: Int, from start: Int, loadedWord: Int) {
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
    private func distribute(
        _ low: Int, _ high: Int, at position: Int, loadedWord: Int,
        ends: UnsafeMutableBufferPointer<Int>
    ) -> Bool {
        guard split(low, high, at: position, ends: ends) else { return false }
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

    /// Moves `records[low..<high]` into buckets by their byte at `position`, in byte order,
    /// leaving in `ends` where each bucket ends; returns `false`, moving nothing, when every
    /// row has the same byte there.
    private func split(
        _ low: Int, _ high: Int, at position: Int, ends: UnsafeMutableBufferPointer<Int>
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
        return true
    }

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
                    lowercase,
                    column, lines[Int(selected[a])], lines[Int(selected[b])])
                if order != 0 { return order < 0 }
            }
        }
        if differs < byteWidth { return less }
        if selected[a] != selected[b] { return selected[a] < selected[b] }
        return a < b
    }
}
