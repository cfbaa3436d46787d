import TestSupport
import Testing
import TodoMerge
import TodoTxt

/// Random todo lists, edited at random on two sides, with properties every merge must keep
/// (no silent loss, no duplicates, byte-exact trivial cases, symmetry, clean output). The
/// generator is seeded, so every run checks the same cases.
@Suite struct PropertyTests {
    /// Builds random files and random edits of them.
    private struct Fixture {
        var generator: SeededGenerator
        private static let words = [
            "call", "buy", "pay", "fix", "read", "plan", "mom", "milk", "rent", "bike", "book",
            "trip", "taxes", "garden", "email", "report",
        ]
        private static let labels = ["+home", "+work", "+family", "@phone", "@store", "@pc"]
        private var serial = 0

        init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

        private mutating func pick<T>(_ values: [T]) -> T {
            values[Int.random(in: 0..<values.count, using: &generator)]
        }

        private mutating func chance(_ percent: Int) -> Bool {
            Int.random(in: 0..<100, using: &generator) < percent
        }

        mutating func task() -> String {
            serial += 1
            var parts: [String] = []
            if chance(15) {
                parts.append("x 2024-05-0\(Int.random(in: 1...9, using: &generator))")
            } else if chance(40) {
                parts.append("(\(pick(["A", "B", "C"])))")
            }
            if chance(30) { parts.append("2024-01-1\(Int.random(in: 0...9, using: &generator))") }
            if chance(40) { parts.append("item\(serial)") }
            for _ in 0..<Int.random(in: 1...3, using: &generator) { parts.append(pick(Self.words)) }
            if chance(50) { parts.append(pick(Self.labels)) }
            if chance(25) {
                parts.append("due:2024-06-\(Int.random(in: 10...28, using: &generator))")
            }
            return parts.joined(separator: " ")
        }

        mutating func file() -> [String] {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 3...12, using: &generator) {
                if chance(8) {
                    lines.append("")
                } else if chance(10), let last = lines.last {
                    lines.append(last)
                } else {
                    lines.append(task())
                }
            }
            return lines
        }

        /// One side's edit of `base`: keeps most lines, and completes, re-prioritises, tags,
        /// rewords, deletes, adds and sometimes reorders.
        mutating func edit(_ base: [String]) -> [String] {
            var result: [String] = []
            for line in base {
                guard !line.isEmpty else {
                    if !chance(20) { result.append(line) }
                    continue
                }
                switch Int.random(in: 0..<14, using: &generator) {
                case 0:
                    result.append(
                        line.hasPrefix("x ")
                            ? line
                            : "x 2024-05-0\(Int.random(in: 1...9, using: &generator)) "
                                + line.dropPriority)
                case 1: result.append("(\(pick(["A", "B", "C", "D"]))) " + line.dropPriority)
                case 2: result.append(line + " " + pick(Self.labels))
                case 3: result.append(line + " " + pick(Self.words))
                case 6:
                    var parts = line.split(separator: " ").map(String.init)
                    parts[parts.count - 1] = pick(Self.words)
                    result.append(parts.joined(separator: " "))
                case 4: continue
                case 5:
                    result.append(
                        line + " due:2024-07-0\(Int.random(in: 1...9, using: &generator))")
                default: result.append(line)
                }
                if chance(10) { result.append(task()) }
            }
            if chance(30) { result.append(task()) }
            if chance(15) { result.shuffle(using: &generator) }
            return result
        }
    }

    private static let seeds: [UInt64] = Array(1...300)

    private func bytes(_ lines: [String]) -> [UInt8] { file(lines) }

    /// Text words of a task line (its K2), for checking that changed wording survives.
    private func k2(_ line: String) -> String {
        var words: [String] = []
        TODOItem(parsing: line).forEachWord { word in
            if word.kind == .text { words.append(String(decoding: word.bytes, as: UTF8.self)) }
        }
        return words.joined(separator: " ")
    }

    /// A line with its space-separated tokens sorted: equal for token-order variants.
    private func normalized(_ line: String) -> String {
        line.split(separator: " ").sorted().joined(separator: " ")
    }

    @Test(arguments: seeds)
    func trivialMergesReturnTheVersionByteForByte(seed: UInt64) {
        var fixture = Fixture(seed: seed)
        let base = bytes(fixture.file())
        let side = bytes(fixture.edit(TodoList(bytes: base).map(\.text)))
        #expect(merge(base: side, ours: side, theirs: side).merged == side)
        #expect(merge(base: base, ours: side, theirs: base).merged == side)
        #expect(merge(base: base, ours: base, theirs: side).merged == side)
        #expect(merge(base: base, ours: side, theirs: side).merged == side)
        #expect(merge(base: base, ours: side, theirs: side).isClean)
    }

    @Test(arguments: seeds)
    func mergesKeepEveryChangeOrReportAConflict(seed: UInt64) {
        var fixture = Fixture(seed: seed)
        let base = fixture.file()
        let ours = fixture.edit(base)
        let theirs = fixture.edit(base)
        let result = mergeTexts(base, ours, theirs)
        let output = lines(result)
        if result.isClean {
            #expect(!hasMarkers(result))
            #expect(TodoList(bytes: result.merged).serialized() == result.merged)
            // A line both sides have is in the output.
            for line in Set(ours).intersection(theirs) where !line.isEmpty {
                #expect(output.contains(line), "dropped \(line) (seed \(seed))")
            }
            // Wording that either side introduced is in the output.
            let baseWording = Set(base.map(k2))
            let outputWording = Set(output.map(k2))
            for line in ours + theirs where !line.isEmpty && !baseWording.contains(k2(line)) {
                #expect(outputWording.contains(k2(line)), "lost \(line) (seed \(seed))")
            }
        }
        // No merge creates more tasks than the two sides hold together.
        let taskCount = { (list: [String]) in list.filter { !$0.isEmpty }.count }
        #expect(
            taskCount(output) <= taskCount(ours) + taskCount(theirs) + 7 * result.conflicts.count)
    }

    @Test(arguments: seeds)
    func swappingSidesChangesOnlyOrderAndLabels(seed: UInt64) {
        var fixture = Fixture(seed: seed)
        let base = fixture.file()
        let ours = fixture.edit(base)
        let theirs = fixture.edit(base)
        let forward = mergeTexts(base, ours, theirs)
        let backward = mergeTexts(base, theirs, ours)
        #expect(forward.conflicts.count == backward.conflicts.count)
        #expect(
            forward.conflicts.map { "\($0.kind)" }.sorted()
                == backward.conflicts.map { "\($0.kind)" }.sorted())
        if forward.isClean {
            let a = lines(forward).filter { !$0.isEmpty }.map(normalized).sorted()
            let b = lines(backward).filter { !$0.isEmpty }.map(normalized).sorted()
            #expect(a == b, "seed \(seed)")
        }
    }
}

extension String {
    /// The line without a leading `(X) ` priority.
    fileprivate var dropPriority: String {
        let scalars = Array(unicodeScalars)
        guard scalars.count >= 4, scalars[0] == "(", scalars[2] == ")", scalars[3] == " " else {
            return self
        }
        return String(String.UnicodeScalarView(scalars[4...]))
    }
}
