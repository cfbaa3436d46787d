import TodoPlatform

extension Listing.Table {
    /// One row's place in the sort: the first 24 bytes of its text, folded as
    /// ``Listing/sortedLikeSort(_:)`` folds them, as three big-endian words, with the row's
    /// start and its text's length. Most comparisons end in the words; only equal words look at
    /// the text.
    struct SortKey {
        var first: UInt64
        var second: UInt64
        var third: UInt64
        var start: Offset
        var length: Offset
    }

    /// The most rows sorted as one run: at most about 32 runs, each sorted with its keys,
    /// which are held for one run (per thread) at a time.
    static func runLength(for count: Int) -> Int { max(1 << 15, (count + 31) / 32) }

    /// Puts the rows in the order of ``Listing/sortedLikeSort(_:)`` run by run (each run a
    /// stretch of ``runLength(for:)`` rows, half of the runs on a second thread) and returns
    /// where the runs start, followed by the rows' count; ``write(runs:width:visibleControls:_:)``
    /// merges them.
    func sortRuns() -> [Int] {
        let count = starts.count
        let length = Self.runLength(for: count)
        let bounds = Array(stride(from: 0, to: count, by: length)) + [count]
        let runs = bounds.count - 1
        let segments = self.segments
        starts.withUnsafeMutableBufferPointer { buffer in
            Self.withView(segments) { view in
                func sort(_ range: Range<Int>) {
                    var keys: [SortKey] = []
                    keys.reserveCapacity(length)
                    for run in range {
                        keys.removeAll(keepingCapacity: true)
                        for index in bounds[run]..<bounds[run + 1] {
                            keys.append(Self.key(buffer[index], view))
                        }
                        keys.sort { Self.precedes($0, $1, view) }
                        for (offset, key) in keys.enumerated() {
                            buffer[bounds[run] + offset] = key.start
                        }
                    }
                }
                if runs > 1 && Concurrently.processorCount > 1 {
                    Concurrently.run({ sort(runs / 2..<runs) }, { sort(0..<runs / 2) })
                } else {
                    sort(0..<runs)
                }
            }
        }
        return bounds
    }

    /// Writes the rows of the sorted runs through `writer` in one order, merging the runs as
    /// it goes.
    func write(runs bounds: [Int], to writer: inout Listing.RowWriter) {
        let segments = self.segments
        starts.withUnsafeBufferPointer { starts in
            Self.withView(segments) { view in Self.write(starts, runs: bounds, view, &writer) }
        }
        writer.flush()
    }

    /// ``write(runs:to:)`` over pointers.
    private static func write(
        _ starts: UnsafeBufferPointer<Offset>, runs bounds: [Int], _ view: View,
        _ writer: inout Listing.RowWriter
    ) {
        // A heap of the runs by their first unwritten row: its key and its run.
        var next = Array(bounds.dropLast())
        var heap = next.indices.map { (key: Self.key(starts[next[$0]], view), run: $0) }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) {
            siftDown(&heap, from: index, view)
        }
        while let (head, run) = heap.first {
            writer.append(
                number: view.number(head.start),
                text: UnsafeBufferPointer(start: view.pointer(head.start), count: Int(head.length)))
            next[run] += 1
            if next[run] < bounds[run + 1] {
                heap[0].key = Self.key(starts[next[run]], view)
            } else {
                heap[0] = heap[heap.count - 1]
                heap.removeLast()
            }
            siftDown(&heap, from: 0, view)
        }
    }

    /// Moves the element at `from` down the heap to its place.
    @inline(__always)
    private static func siftDown(
        _ heap: inout [(key: SortKey, run: Int)], from: Int, _ view: View
    ) {
        var parent = from
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            let right = left + 1
            let child =
                right < heap.count && precedes(heap[right].key, heap[left].key, view)
                ? right : left
            guard precedes(heap[child].key, heap[parent].key, view) else { return }
            heap.swapAt(child, parent)
            parent = child
        }
    }

    /// The key of the row starting at `start`.
    @inline(__always)
    private static func key(_ start: Offset, _ view: View) -> SortKey {
        let text = view.text(start)
        guard let base = text.baseAddress, !text.isEmpty else {
            return SortKey(first: 0, second: 0, third: 0, start: start, length: 0)
        }
        let count = text.count
        return SortKey(
            first: Listing.word(base, count: count, at: 0),
            second: Listing.word(base, count: count, at: 8),
            third: Listing.word(base, count: count, at: 16), start: start,
            length: Offset(truncatingIfNeeded: count))
    }

    /// Whether `left` sorts before `right`: by the folded text (the words, then the text from
    /// its 24th byte), then the number, then the text unfolded.
    @inline(__always)
    private static func precedes(_ left: SortKey, _ right: SortKey, _ view: View) -> Bool {
        if left.first != right.first { return left.first < right.first }
        if left.second != right.second { return left.second < right.second }
        if left.third != right.third { return left.third < right.third }
        let a = UnsafeBufferPointer(start: view.pointer(left.start), count: Int(left.length))
        let b = UnsafeBufferPointer(start: view.pointer(right.start), count: Int(right.length))
        let count = min(a.count, b.count)
        var index = min(24, count)
        while index < count {
            let x = Listing.fold(a[index])
            let y = Listing.fold(b[index])
            if x != y { return x < y }
            index += 1
        }
        if a.count != b.count { return a.count < b.count }
        let leftNumber = view.number(left.start)
        let rightNumber = view.number(right.start)
        if leftNumber != rightNumber { return leftNumber < rightNumber }
        return a.lexicographicallyPrecedes(b)
    }
}
