import TestSupport
import Testing
import TodoMerge
import TodoTxt

/// The position rule as a property: random edit scripts on both sides (add, delete, reword,
/// reprioritise, complete, move); in both directions every task neither side touched keeps its
/// rank among the untouched tasks and its line number, and the merged content is the same.
@Suite struct PositionPropertyTests {
    /// A base file of distinct tasks and two edit scripts, with the tasks each script touched.
    private struct Scenario {
        var base: [String] = []
        var ours: [String] = []
        var theirs: [String] = []
        var touched: Set<String> = []

        private static let words = [
            "call", "buy", "pay", "fix", "read", "plan", "mom", "milk", "rent", "bike", "book",
            "trip", "taxes", "garden", "email", "report",
        ]
        private static let labels = ["+home", "+work", "@phone", "@store", "due:2024-06-11"]

        init(seed: UInt64) {
            var generator = SeededGenerator(seed: seed)
            var serial = 0
            func pick<T>(_ values: [T]) -> T {
                values[Int.random(in: 0..<values.count, using: &generator)]
            }
            func chance(_ percent: Int) -> Bool {
                Int.random(in: 0..<100, using: &generator) < percent
            }
            func task(_ prefix: String) -> String {
                serial += 1
                var parts = [prefix + String(serial)]
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    parts.append(pick(Self.words))
                }
                if chance(40) { parts.append(pick(Self.labels)) }
                return (chance(30) ? "(\(pick(["A", "B", "C"]))) " : "")
                    + parts.joined(separator: " ")
            }
            base = (0..<Int.random(in: 2...14, using: &generator)).map { _ in task("t") }
            var touched: Set<String> = []
            func edit() -> [String] {
                var lines = base
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    let operation = Int.random(in: 0..<7, using: &generator)
                    if operation == 0 || lines.isEmpty {
                        let at = Int.random(in: 0...lines.count, using: &generator)
                        lines.insert(task("n"), at: at)
                        continue
                    }
                    let index = Int.random(in: 0..<lines.count, using: &generator)
                    let line = lines[index]
                    touched.insert(line)
                    switch operation {
                    case 1: lines.remove(at: index)
                    case 2:
                        // Reworded: sometimes slightly, sometimes beyond recognition.
                        lines[index] =
                            chance(50)
                            ? line + " " + pick(Self.words)
                            : task("r")
                    case 3: lines[index] = "(\(pick(["A", "B", "C", "D"]))) " + line.withoutPriority
                    case 4:
                        if !line.hasPrefix("x ") {
                            lines[index] = "x 2024-05-02 " + line.withoutPriority
                        }
                    case 5: lines[index] = line + " " + pick(Self.labels)
                    default:
                        lines.remove(at: index)
                        lines.insert(line, at: Int.random(in: 0...lines.count, using: &generator))
                    }
                }
                return lines
            }
            ours = edit()
            theirs = edit()
            self.touched = touched
        }

        /// The base tasks neither script touched, in base order.
        var untouched: [String] { base.filter { !touched.contains($0) } }
    }

    /// The lines outside conflict blocks' marker lines, tokens sorted, as a sorted list.
    private func content(_ result: MergeResult) -> [String] {
        lines(result).filter { line in
            !["<<<<<<<", "|||||||", "=======", ">>>>>>>"].contains { line.hasPrefix($0) }
        }.map { $0.split(separator: " ").sorted().joined(separator: " ") }.sorted()
    }

    @Test(arguments: Array(UInt64(1)...UInt64(2_000)))
    func untouchedTasksKeepTheirRankAndLineInBothDirections(seed: UInt64) {
        let scenario = Scenario(seed: seed)
        let forward = mergeTexts(scenario.base, scenario.ours, scenario.theirs)
        let backward = mergeTexts(scenario.base, scenario.theirs, scenario.ours)
        let untouched = scenario.untouched
        for result in [forward, backward] {
            let output = lines(result)
            #expect(
                output.filter { untouched.contains($0) } == untouched,
                "seed \(seed): \(scenario.base) | \(scenario.ours) | \(scenario.theirs) → \(output)"
            )
        }
        let forwardLines = lines(forward)
        let backwardLines = lines(backward)
        for task in untouched {
            #expect(
                forwardLines.firstIndex(of: task) == backwardLines.firstIndex(of: task),
                """
                seed \(seed): \(task) moved: \(scenario.base) | \(scenario.ours) | \(scenario.theirs) \
                → \(forwardLines) vs \(backwardLines)
                """)
        }
        #expect(content(forward) == content(backward), "seed \(seed)")
        #expect(forward.conflicts.count == backward.conflicts.count, "seed \(seed)")
    }
}

extension String {
    /// The line without a leading `(X) ` priority.
    fileprivate var withoutPriority: String {
        guard count >= 4, hasPrefix("("), dropFirst(2).hasPrefix(") ") else { return self }
        return String(dropFirst(4))
    }
}

/// The position rule on a large file with moves on both sides (past the size where the
/// consensus chain is approximated).
@Suite struct LargePositionTests {
    @Test func untouchedTasksKeepTheirOrderInALargeFile() {
        var generator = SeededGenerator(seed: 17)
        let base = (1...6_000).map { "task \($0) +p\($0 % 7)" }
        var touched: Set<String> = []
        func edit() -> [String] {
            var lines = base
            for _ in 0..<40 {
                let from = Int.random(in: 0..<lines.count, using: &generator)
                let line = lines.remove(at: from)
                touched.insert(line)
                lines.insert(line, at: Int.random(in: 0...lines.count, using: &generator))
            }
            for _ in 0..<40 {
                let at = Int.random(in: 0..<lines.count, using: &generator)
                touched.insert(lines[at])
                lines[at] = "(A) " + lines[at]
                lines.insert("new \(at)", at: at)
            }
            return lines
        }
        let ours = edit()
        let theirs = edit()
        let untouched = base.filter { !touched.contains($0) }
        for result in [mergeTexts(base, ours, theirs), mergeTexts(base, theirs, ours)] {
            let output = lines(result)
            #expect(output.filter { !touched.contains($0) && $0.hasPrefix("task") } == untouched)
            #expect(output.count == 6_080)
        }
    }
}
