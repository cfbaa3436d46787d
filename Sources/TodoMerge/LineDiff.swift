/// A longest-common-subsequence alignment of two sequences of line ids (Myers' O(ND) greedy
/// algorithm after trimming the common prefix and suffix).
package enum LineDiff {
    /// Above this many differences the middle part is treated as wholly changed: the merge
    /// stays correct, only coarser.
    static let maximumDifferences = 2_000

    /// For each element of `a`, the index of the element of `b` it is aligned with.
    static func align(_ a: [Int], _ b: [Int]) -> [Int?] {
        var result = [Int?](repeating: nil, count: a.count)
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] {
            result[prefix] = prefix
            prefix += 1
        }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        {
            result[a.count - 1 - suffix] = b.count - 1 - suffix
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        let pairs = matchedPairs(middleA, middleB, limit: maximumDifferences) ?? []
        for (x, y) in pairs { result[prefix + x] = prefix + y }
        return result
    }

    /// The index pairs of equal elements along a shortest edit script from `a` to `b` (Myers'
    /// greedy algorithm), in increasing order, or `nil` when the script needs more than `limit`
    /// insertions and deletions.
    package static func matchedPairs<Element: Equatable>(
        _ a: [Element], _ b: [Element], limit maximum: Int
    ) -> [(Int, Int)]? {
        let n = a.count
        let m = b.count
        guard n > 0, m > 0 else { return [] }
        let limit = min(n + m, maximum)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var history: [[Int]] = []  // v[-d...d] after step d
        var finalStep: Int?
        search: for d in 0...limit {
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    finalStep = d
                    break search
                }
            }
            history.append(Array(v[(offset - d)...(offset + d)]))
        }
        guard let finalStep else { return nil }
        var pairs: [(Int, Int)] = []
        var x = n
        var y = m
        for d in stride(from: finalStep, through: 1, by: -1) {
            let previous = history[d - 1]  // index k + (d - 1)
            func at(_ k: Int) -> Int { previous[k + d - 1] }
            let k = x - y
            let down = k == -d || (k != d && at(k - 1) < at(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousX = at(previousK)
            let startX = down ? previousX : previousX + 1
            while x > startX && y > startX - k {
                x -= 1
                y -= 1
                pairs.append((x, y))
            }
            x = previousX
            y = previousX - previousK
        }
        while x > 0 && y > 0 {
            x -= 1
            y -= 1
            pairs.append((x, y))
        }
        return pairs.reversed()
    }
}
