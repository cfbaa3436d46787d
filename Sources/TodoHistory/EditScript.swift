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
}
