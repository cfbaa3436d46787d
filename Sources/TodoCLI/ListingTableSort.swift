import TodoPlatform

// Declared where `Offset` has no requirement, as ``Listing/Table`` and its views are: an array
// of a type nested where it has one would check the requirement at run time, by a search of
// every conformance in the program.
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
}

extension Listing.Table where Offset: FixedWidthInteger & UnsignedInteger {

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
                    keys.reserveCapacity(min(length, count))
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

    /// ``write(runs:to:)`` over pointers. With more than one run and two processors, the
    /// merge runs on this thread and the writing on a second one, the rows handed over in
    /// batches of their starts and lengths.
    private static func write(
        _ starts: UnsafeBufferPointer<Offset>, runs bounds: [Int], _ view: View,
        _ writer: inout Listing.RowWriter
    ) {
        let runs = bounds.count - 1
        guard runs > 0 else { return }
        let next = UnsafeMutablePointer<Int>.allocate(capacity: runs)
        let heads = UnsafeMutablePointer<SortKey>.allocate(capacity: runs)
        let state = UnsafeMutablePointer<Int>.allocate(capacity: 2 * runs)
        defer {
            next.deallocate()
            heads.deallocate()
            state.deallocate()
        }
        for run in 0..<runs {
            next[run] = bounds[run]
            heads[run] = Self.key(starts[bounds[run]], view)
            if bounds[run] + 1 < bounds[run + 1] { view.prefetch(starts[bounds[run] + 1]) }
        }
        let tournament = Tournament(
            heads: heads, finished: state, tree: state + runs, count: runs, view: view)
        /// The next row in order (its start and its text's length), unless all are taken.
        @inline(__always)
        func take() -> (start: Offset, length: Offset)? {
            guard let winner = tournament.winner else { return nil }
            let head = heads[winner]
            let row = next[winner] + 1
            next[winner] = row
            let end = bounds[winner + 1]
            // The run's row after the one whose key is read now: its key is read only after
            // about as many rows as there are runs are taken, time enough for its bytes to
            // arrive from memory.
            if row + 1 < end { view.prefetch(starts[row + 1], counts: false) }
            tournament.replay(winner, with: row < end ? Self.key(starts[row], view) : nil)
            return (head.start, head.length)
        }
        /// Writes the rows of `pairs` (each a start and a length).
        func write(_ pairs: UnsafeBufferPointer<Offset>) {
            var index = 0
            while index + 1 < pairs.count {
                // A row a little ahead, which the merge read on the other processor.
                if index + 32 < pairs.count { view.prefetch(pairs[index + 32]) }
                writer.append(
                    number: view.number(pairs[index]),
                    text: UnsafeBufferPointer(
                        start: view.pointer(pairs[index]), count: Int(pairs[index + 1])))
                index += 2
            }
        }
        guard runs > 1 && Concurrently.processorCount > 1 else {
            while let (start, length) = take() {
                writer.append(
                    number: view.number(start),
                    text: UnsafeBufferPointer(start: view.pointer(start), count: Int(length)))
            }
            return
        }
        Concurrently.relay(batch: 2 * 4_096) { (pairs: UnsafeMutableBufferPointer<Offset>) in
            var filled = 0
            while filled + 2 <= pairs.count, let (start, length) = take() {
                pairs[filled] = start
                pairs[filled + 1] = length
                filled += 2
            }
            return (filled, filled == pairs.count)
        } consume: { pairs in
            write(pairs)
        }
    }

    /// A tree of losers over the runs' first unwritten rows: each inner node holds the run that
    /// lost the match played there, node 0 the winner. When the winner's row is written, only
    /// the matches on its path are played again, one comparison a level. A run that is used up
    /// loses every match: its key is all ones, so that only a tie on all three words asks
    /// whether it is used up. Its storage belongs to the caller.
    private struct Tournament {
        /// Each run's first unwritten row.
        let heads: UnsafeMutablePointer<SortKey>
        /// For each run, 1 once it is used up.
        let finished: UnsafeMutablePointer<Int>
        let tree: UnsafeMutablePointer<Int>
        let count: Int
        let view: View

        init(
            heads: UnsafeMutablePointer<SortKey>, finished: UnsafeMutablePointer<Int>,
            tree: UnsafeMutablePointer<Int>, count: Int, view: View
        ) {
            self.heads = heads
            self.finished = finished
            self.tree = tree
            self.count = count
            self.view = view
            finished.initialize(repeating: 0, count: count)
            tree.initialize(repeating: 0, count: count)
            tree[0] = play(1)
        }

        /// The run whose row comes next, unless every run is used up.
        var winner: Int? { finished[tree[0]] != 0 ? nil : tree[0] }

        /// Whether run `left`'s row comes before run `right`'s.
        @inline(__always)
        private func beats(_ left: Int, _ right: Int) -> Bool {
            let a = heads[left]
            let b = heads[right]
            if a.first != b.first { return a.first < b.first }
            if a.second != b.second { return a.second < b.second }
            if a.third != b.third { return a.third < b.third }
            if finished[left] | finished[right] != 0 { return finished[left] == 0 }
            return precedes(a, b, view)
        }

        /// The winner of the subtree at `node` (the leaves are nodes `count...`), its losers
        /// recorded.
        private func play(_ node: Int) -> Int {
            guard node < count else { return node - count }
            let left = play(2 * node)
            let right = play(2 * node + 1)
            let (winner, loser) = beats(right, left) ? (right, left) : (left, right)
            tree[node] = loser
            return winner
        }

        /// Gives run `run` (the winner) its next row, or none, and plays its path again.
        @inline(__always)
        func replay(_ run: Int, with head: SortKey?) {
            if let head {
                heads[run] = head
            } else {
                finished[run] = 1
                heads[run] = SortKey(
                    first: .max, second: .max, third: .max, start: heads[run].start, length: 0)
            }
            var winner = run
            var node = (run + count) / 2
            while node > 0 {
                let held = tree[node]
                if beats(held, winner) {
                    tree[node] = winner
                    winner = held
                }
                node /= 2
            }
            tree[0] = winner
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
        let order = Listing.foldedTailOrder(a, b)
        if order != 0 { return order < 0 }
        let leftNumber = view.number(left.start)
        let rightNumber = view.number(right.start)
        if leftNumber != rightNumber { return leftNumber < rightNumber }
        return a.lexicographicallyPrecedes(b)
    }
}
