/// The differing stretches of two line sequences: Myers' greedy shortest edit script, turned
/// into runs of replaced lines.
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
        guard let matched = matchedPairs(a, b, limit: limit) else { return whole }
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

    /// The index pairs of equal lines along a shortest edit script, in order, or `nil` when the
    /// script needs more than `limit` insertions and deletions.
    private static func matchedPairs(
        _ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], limit: Int
    ) -> [(Int, Int)]? {
        let n = a.count
        let m = b.count
        let bound = min(n + m, limit)
        let center = bound + 1
        var furthest = [Int](repeating: 0, count: 2 * bound + 3)
        // snapshots[d] holds furthest[center - d ... center + d] as it was after step d.
        var snapshots: [[Int]] = []
        var last: Int?
        steps: for d in 0...bound {
            for k in stride(from: -d, through: d, by: 2) {
                let fromAbove =
                    k == -d || (k != d && furthest[center + k - 1] < furthest[center + k + 1])
                var x = fromAbove ? furthest[center + k + 1] : furthest[center + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                furthest[center + k] = x
                if x >= n && y >= m {
                    last = d
                    break steps
                }
            }
            snapshots.append(Array(furthest[(center - d)...(center + d)]))
        }
        guard let last else { return nil }
        var pairs: [(Int, Int)] = []
        var x = n
        var y = m
        var d = last
        while d > 0 {
            let previous = snapshots[d - 1]
            let shift = d - 1
            let k = x - y
            let fromAbove =
                k == -d || (k != d && previous[k - 1 + shift] < previous[k + 1 + shift])
            let previousK = fromAbove ? k + 1 : k - 1
            let previousX = previous[previousK + shift]
            let snakeStart = fromAbove ? previousX : previousX + 1
            while x > snakeStart {
                x -= 1
                y -= 1
                pairs.append((x, y))
            }
            x = previousX
            y = previousX - previousK
            d -= 1
        }
        while x > 0 && y > 0 {
            x -= 1
            y -= 1
            pairs.append((x, y))
        }
        return pairs.reversed()
    }
}
