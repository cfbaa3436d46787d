import TodoMerge

/// The differing stretches of two line sequences: the shortest edit script of TodoMerge's
/// `LineDiff`, turned into runs of replaced lines.
enum EditScript {
    /// One stretch: lines `a[aRange]` became `b[bRange]`.
    struct Run: Equatable {
        /// The replaced lines of the first sequence.
        var aRange: Range<Int>
        /// The lines of the second sequence that replace them.
        var bRange: Range<Int>
    }

    /// The runs that turn `a` into `b`, in order; one run over everything when they differ in
    /// more than `limit` lines (the record is then coarser, never wrong).
    static func runs(
        _ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], limit: Int = 1_000
    ) -> [Run] {
        let whole = [Run(aRange: 0..<a.count, bRange: 0..<b.count)]
        if a.isEmpty || b.isEmpty { return a.isEmpty && b.isEmpty ? [] : whole }
        if let runs = subsequenceRuns(a, b) { return runs }
        guard let matched = LineDiff.matchedPairs(a, b, limit: limit) else { return whole }
        var runs: [Run] = []
        var x = 0
        var y = 0
        for (matchX, matchY) in matched + [(a.count, b.count)] {
            if matchX > x || matchY > y { runs.append(Run(aRange: x..<matchX, bRange: y..<matchY)) }
            x = matchX + 1
            y = matchY + 1
        }
        return runs
    }

    /// The runs when one sequence is the other with lines only taken out (`archive`, `del`) or
    /// only put in, found in one pass however many lines moved; `nil` otherwise. Matching each
    /// line with the first equal one may pick another of several equal lines than a shortest
    /// script would, which changes nothing in the bytes the runs describe.
    static func subsequenceRuns(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Run]? {
        let removing = a.count >= b.count
        let (long, short) = removing ? (a, b) : (b, a)
        func run(_ gone: Range<Int>, at position: Int) -> Run {
            let empty = position..<position
            return removing ? Run(aRange: gone, bRange: empty) : Run(aRange: empty, bRange: gone)
        }
        var runs: [Run] = []
        var matched = 0
        var start: Int?
        for index in long.indices {
            if matched < short.count && long[index] == short[matched] {
                if let first = start { runs.append(run(first..<index, at: matched)) }
                start = nil
                matched += 1
            } else if start == nil {
                start = index
            }
        }
        guard matched == short.count else { return nil }
        if let first = start { runs.append(run(first..<long.count, at: matched)) }
        return runs
    }
}
