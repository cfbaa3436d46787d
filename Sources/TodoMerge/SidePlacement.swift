import TodoTxt

/// Where one side put the lines of base: which base lines it kept in place, and where it put
/// the lines it moved or added, on a scale of keys shared by both sides (the position rule).
///
/// A side keeps a base task in place when the task belongs to the longest chain of its tasks
/// that are still in base order (ties go to the tasks whose order both sides and base agree
/// on); a blank line stays in place when it is paired with a blank line of base between the
/// same two kept lines. Everything else the side has, moved tasks and new lines, comes in
/// runs: a run sits right after the kept line that precedes it on this side.
///
/// Keys: base line `b` sits at `4b + 3`. A run right after base line `p` sits at `4(p+1) + 1`
/// when the side kept the next base line too (an insertion), or at `4(p+1) + 2` when it
/// deleted or moved the base lines that followed `p` (a replacement, which stays after the
/// other side's insertions at that point and before the first line it replaced).
struct SidePlacement {
    /// One line of the side, as the layout sees it.
    enum Element {
        /// A task matched with the task on this base line.
        case base(Int)
        /// A task of this side that base does not have (index into the side's tasks).
        case added(Int)
        /// A blank line of this side that base does not have there (line index).
        case blank(Int)
    }

    /// A run of lines that the side did not keep in place.
    struct Run {
        /// The shared position key of the run.
        let key: Int
        /// The lines, in the side's order.
        var elements: [Element]
    }

    /// For each base line, this side's line when the side kept it in place.
    private(set) var keptLine: [Int?]
    /// For each base line this side moved, the key of its run and its place in the run.
    private(set) var movedKey: [Place?]
    /// For each task of this side that base does not have, the key of its run and its place
    /// in the run.
    private(set) var addedKey: [Place?]
    /// The runs, in file order.
    private(set) var runs: [Run] = []

    /// Where a side put a line it did not keep in place: its run's key, then its index in the
    /// run. Compared to choose between the two sides when both moved or added the same task.
    struct Place: Comparable {
        /// The run's key.
        let key: Int
        /// The index in the run.
        let index: Int

        static func < (lhs: Place, rhs: Place) -> Bool {
            (lhs.key, lhs.index) < (rhs.key, rhs.index)
        }
    }

    /// The key of base line `line` kept in place.
    static func slot(_ line: Int) -> Int { 4 * line + 3 }

    /// Places `side` against `base`; `toBase` maps each side task to its base task, and
    /// `preferred` flags the base tasks to keep in place when several choices are equally long.
    init(base: MergeVersion, side: MergeVersion, toBase: [Int?], preferred: [Bool]) {
        let baseLines = base.list.count
        keptLine = Array(repeating: nil, count: baseLines)
        movedKey = Array(repeating: nil, count: baseLines)
        addedKey = Array(repeating: nil, count: side.tasks.count)

        // The side's lines, in order, with the base line of each matched task.
        var elements: [Element] = []
        var baseLineOf: [Int?] = []
        var sideLineOf: [Int] = []
        for line in side.list.indices {
            if let task = side.taskAtLine[line] {
                if let baseTask = toBase[task] {
                    elements.append(.base(base.tasks[baseTask].line))
                    baseLineOf.append(base.tasks[baseTask].line)
                } else {
                    elements.append(.added(task))
                    baseLineOf.append(nil)
                }
                sideLineOf.append(line)
            } else if side.list[line].isBlank {
                elements.append(.blank(line))
                baseLineOf.append(nil)
                sideLineOf.append(line)
            }
        }

        // The matched tasks kept in place: a heaviest chain in base order.
        let positions = elements.indices.filter { baseLineOf[$0] != nil }
        let chain = Self.heaviestIncreasingChain(
            values: positions.map { baseLineOf[$0] ?? 0 },
            weights: positions.map { position -> Int in
                let line = baseLineOf[position] ?? 0
                guard let task = base.taskAtLine[line] else { return positions.count + 1 }
                return preferred[task] ? positions.count + 2 : positions.count + 1
            })
        var kept = [Bool](repeating: false, count: elements.count)
        for index in chain { kept[positions[index]] = true }

        // Blank lines kept in place: paired in order between the same two kept lines.
        var previousBase = -1
        var waiting: [Int] = []  // element indices of blank lines since the last kept line
        func pairBlanks(until nextBase: Int) {
            var baseBlanks = ((previousBase + 1)..<nextBase).filter { line in
                base.taskAtLine[line] == nil && base.list[line].isBlank
            }[...]
            for element in waiting {
                guard let line = baseBlanks.popFirst() else { break }
                kept[element] = true
                baseLineOf[element] = line
            }
            waiting = []
        }
        for index in elements.indices {
            if kept[index], let line = baseLineOf[index] {
                pairBlanks(until: line)
                previousBase = line
            } else if case .blank = elements[index] {
                waiting.append(index)
            }
        }
        pairBlanks(until: baseLines)

        // Runs between kept lines.
        var previous = -1
        var pending: [Element] = []
        func closeRun(next: Int) {
            guard !pending.isEmpty else { return }
            let key = 4 * (previous + 1) + (next == previous + 1 ? 1 : 2)
            for (index, element) in pending.enumerated() {
                switch element {
                case .base(let line): movedKey[line] = Place(key: key, index: index)
                case .added(let task): addedKey[task] = Place(key: key, index: index)
                case .blank: break
                }
            }
            runs.append(Run(key: key, elements: pending))
            pending = []
        }
        for index in elements.indices {
            if kept[index], let line = baseLineOf[index] {
                closeRun(next: line)
                keptLine[line] = sideLineOf[index]
                previous = line
            } else {
                pending.append(elements[index])
            }
        }
        closeRun(next: baseLines)
    }

    /// The indices of a strictly increasing subsequence of `values` with the largest total
    /// weight (values are small non-negative integers); O(n log n) with a Fenwick tree.
    static func heaviestIncreasingChain(values: [Int], weights: [Int]) -> [Int] {
        guard let largest = values.max() else { return [] }
        let size = largest + 2
        // tree[i]: the best (weight, end index) among chains ending at a value in i's range.
        var tree = [(weight: Int, end: Int)](repeating: (0, -1), count: size + 1)
        var previous = [Int](repeating: -1, count: values.count)
        var total = [Int](repeating: 0, count: values.count)
        func best(below value: Int) -> (weight: Int, end: Int) {
            var result: (weight: Int, end: Int) = (0, -1)
            var i = value  // values < value, stored at 1-based positions value' + 1
            while i > 0 {
                if tree[i].weight > result.weight { result = tree[i] }
                i -= i & -i
            }
            return result
        }
        func record(_ value: Int, _ entry: (weight: Int, end: Int)) {
            var i = value + 1
            while i <= size {
                if entry.weight > tree[i].weight { tree[i] = entry }
                i += i & -i
            }
        }
        var top: (weight: Int, end: Int) = (0, -1)
        for index in values.indices {
            let before = best(below: values[index])
            total[index] = before.weight + weights[index]
            previous[index] = before.end
            record(values[index], (total[index], index))
            if total[index] > top.weight { top = (total[index], index) }
        }
        var chain: [Int] = []
        var index = top.end
        while index >= 0 {
            chain.append(index)
            index = previous[index]
        }
        return chain.reversed()
    }
}
