/// A one-to-one correspondence between the tasks of two versions, found in tiers:
/// explicit `id:`/`uuid:` tag, identical line, unique K1, unique K2, a fuzzy mutual-best
/// match of K1, then a K1 that is the other's with words added at its end or start. Each tier
/// only sees the tasks the earlier tiers left unmatched.
struct TaskMatcher {
    /// The smallest similarity `1 - distance / max(length)` a fuzzy match needs.
    static let threshold = 0.6
    /// Above this many candidate pairs the fuzzy and added-words tiers are skipped: the tasks
    /// then count as deleted and added, which never loses anything.
    static let fuzzyPairLimit = 40_000

    /// For each task of the left version, the index of its partner on the right.
    private(set) var leftToRight: [Int?]
    /// For each task of the right version, the index of its partner on the left.
    private(set) var rightToLeft: [Int?]

    /// Matches `left` (usually base) against `right`.
    init(_ left: [MergeTask], _ right: [MergeTask]) {
        leftToRight = Array(repeating: nil, count: left.count)
        rightToLeft = Array(repeating: nil, count: right.count)
        pairUnique(left, right) { $0.id }
        pairInOrder(left, right) { Array($0.raw) }
        pairUnique(left, right) { $0.k1 }
        pairUnique(left, right) { $0.k2 }
        pairFuzzy(left, right)
        pairExtended(left, right)
    }

    /// Pairs tasks that neither version has in base: identical
    /// lines first, then a K1 that is unique among the rest on both sides.
    init(additions left: [MergeTask], _ right: [MergeTask]) {
        leftToRight = Array(repeating: nil, count: left.count)
        rightToLeft = Array(repeating: nil, count: right.count)
        pairInOrder(left, right) { Array($0.raw) }
        pairUnique(left, right) { $0.k1 }
    }

    private mutating func pair(_ leftIndex: Int, _ rightIndex: Int) {
        leftToRight[leftIndex] = rightIndex
        rightToLeft[rightIndex] = leftIndex
    }

    /// Pairs unmatched tasks with equal keys, the n-th on the left with the n-th on the right.
    mutating func pairInOrder(
        _ left: [MergeTask], _ right: [MergeTask], key: (MergeTask) -> [UInt8]
    ) {
        var waiting: [[UInt8]: [Int]] = [:]
        for index in right.indices where rightToLeft[index] == nil {
            waiting[key(right[index]), default: []].append(index)
        }
        var used: [[UInt8]: Int] = [:]
        for index in left.indices where leftToRight[index] == nil {
            let value = key(left[index])
            guard let candidates = waiting[value] else { continue }
            let next = used[value, default: 0]
            guard next < candidates.count else { continue }
            used[value] = next + 1
            pair(index, candidates[next])
        }
    }

    /// Pairs unmatched tasks whose key is present and occurs exactly once among the unmatched
    /// tasks on each side.
    mutating func pairUnique(
        _ left: [MergeTask], _ right: [MergeTask], key: (MergeTask) -> [UInt8]?
    ) {
        func unique(_ tasks: [MergeTask], _ matched: [Int?]) -> [[UInt8]: Int] {
            var found: [[UInt8]: Int] = [:]
            var repeated: Set<[UInt8]> = []
            for index in tasks.indices where matched[index] == nil {
                guard let value = key(tasks[index]) else { continue }
                if found.updateValue(index, forKey: value) != nil { repeated.insert(value) }
            }
            for value in repeated { found[value] = nil }
            return found
        }
        let rightKeys = unique(right, rightToLeft)
        guard !rightKeys.isEmpty else { return }
        for (value, leftIndex) in unique(left, leftToRight) {
            if let rightIndex = rightKeys[value] { pair(leftIndex, rightIndex) }
        }
    }

    /// Pairs unmatched tasks whose K1 similarity is at least ``threshold`` and each is the
    /// other's single best candidate (no tie).
    mutating func pairFuzzy(_ left: [MergeTask], _ right: [MergeTask]) {
        guard let (lefts, rights) = unmatchedForPairs(left, right) else { return }
        let leftText = lefts.map { scalars(left[$0].k1) }
        let rightText = rights.map { scalars(right[$0].k1) }
        var bestOfLeft = [(score: Double, index: Int?)](
            repeating: (-1, nil), count: lefts.count)
        var bestOfRight = [(score: Double, index: Int?)](
            repeating: (-1, nil), count: rights.count)
        for i in lefts.indices {
            for j in rights.indices {
                let score = similarity(leftText[i], rightText[j])
                guard score >= Self.threshold else { continue }
                Self.offer(score, j, to: &bestOfLeft[i])
                Self.offer(score, i, to: &bestOfRight[j])
            }
        }
        for i in lefts.indices {
            guard let j = bestOfLeft[i].index, bestOfRight[j].index == i else { continue }
            pair(lefts[i], rights[j])
        }
    }

    /// Pairs unmatched tasks where one's K1 is the other's with whole words added at its end
    /// or its start (what `append` and `prepend` do: `Buy milk` and `Buy milk and bread` are
    /// too far apart for the fuzzy tier), when each is the other's only such candidate.
    mutating func pairExtended(_ left: [MergeTask], _ right: [MergeTask]) {
        guard let (lefts, rights) = unmatchedForPairs(left, right) else { return }
        let leftWords = lefts.map { left[$0].k1.split(separator: 0x20) }
        let rightWords = rights.map { right[$0].k1.split(separator: 0x20) }
        // For each task, the last candidate seen and how many there were.
        var candidateOfLeft = [Int](repeating: 0, count: lefts.count)
        var candidatesOfLeft = [Int](repeating: 0, count: lefts.count)
        var candidatesOfRight = [Int](repeating: 0, count: rights.count)
        for i in lefts.indices {
            for j in rights.indices where Self.extends(leftWords[i], rightWords[j]) {
                candidateOfLeft[i] = j
                candidatesOfLeft[i] += 1
                candidatesOfRight[j] += 1
            }
        }
        for i in lefts.indices where candidatesOfLeft[i] == 1 {
            let j = candidateOfLeft[i]
            if candidatesOfRight[j] == 1 { pair(lefts[i], rights[j]) }
        }
    }

    /// The indices of the tasks still unmatched on each side, or `nil` when a side has none or
    /// comparing every pair would pass ``fuzzyPairLimit``.
    private func unmatchedForPairs(
        _ left: [MergeTask], _ right: [MergeTask]
    ) -> (lefts: [Int], rights: [Int])? {
        let lefts = left.indices.filter { leftToRight[$0] == nil }
        let rights = right.indices.filter { rightToLeft[$0] == nil }
        guard !lefts.isEmpty, !rights.isEmpty, lefts.count * rights.count <= Self.fuzzyPairLimit
        else { return nil }
        return (lefts, rights)
    }

    /// Whether the shorter of two non-empty word lists begins or ends the longer one.
    private static func extends(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> Bool {
        let (shorter, longer) = a.count <= b.count ? (a, b) : (b, a)
        guard !shorter.isEmpty, shorter.count < longer.count else { return false }
        return longer.starts(with: shorter) || longer.suffix(shorter.count).elementsEqual(shorter)
    }

    /// Records a candidate; an equal score makes the best ambiguous (`nil`).
    private static func offer(
        _ score: Double, _ index: Int, to best: inout (score: Double, index: Int?)
    ) {
        if score > best.score {
            best = (score, index)
        } else if score == best.score {
            best.index = nil
        }
    }
}

/// The Unicode scalar values of UTF-8 bytes (invalid bytes become U+FFFD).
func scalars(_ bytes: [UInt8]) -> [UInt32] {
    String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
}

/// `1 - levenshtein(a, b) / max(a.count, b.count)`; 0 when both are empty.
func similarity(_ a: [UInt32], _ b: [UInt32]) -> Double {
    let longest = max(a.count, b.count)
    guard longest > 0 else { return 0 }
    let shortest = min(a.count, b.count)
    // The distance is at least the length difference: skip pairs that cannot reach the threshold.
    guard Double(shortest) / Double(longest) >= TaskMatcher.threshold else { return 0 }
    return 1 - Double(levenshtein(a, b)) / Double(longest)
}

/// The edit distance (insertions, deletions, substitutions) between two sequences.
func levenshtein(_ a: [UInt32], _ b: [UInt32]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
