import TestSupport
import Testing
import TodoMerge

/// Inputs the task merge cannot trust and the line-based fallback.
@Suite struct UntrustedTests {
    @Test func markersInOursFallBackToALineMerge() {
        let base = ["One", "Two", "Three"]
        let ours = ["One", "<<<<<<< HEAD", "Two", "=======", "Deux", ">>>>>>> other", "Three"]
        let theirs = ["One", "Two", "Three", "Four"]
        let result = mergeTexts(base, ours, theirs)
        #expect(result.conflicts.first?.kind == .untrusted)
        #expect(
            result.conflicts.first?.summary
                == "conflict: conflict markers already in ours (line 2); merged line by line")
        #expect(lines(result) == ours + ["Four"])
    }

    @Test func markersInTheChosenTrivialSideAreReported() {
        let ours = ["<<<<<<< HEAD", "One", "=======", "Uno", ">>>>>>> other"]
        let result = mergeTexts(["One"], ours, ["One"])
        #expect(lines(result) == ours)
        #expect(result.conflicts.map(\.kind) == [.untrusted])
    }

    @Test func markersInBaseAreAllowedAndItsTasksCount() {
        // A virtual base: both candidate versions sit inside a conflict block.
        let base = [
            "Zero", "<<<<<<< a", "(A) Call mom", "=======", "(B) Call mom", ">>>>>>> b", "End",
        ]
        let result = mergeTexts(
            base, ["Zero +o", "(A) Call mom", "End"], ["Zero", "(B) Call mom", "End"])
        #expect(!hasMarkers(result))
        #expect(result.isClean)
        // Neither variant is lost.
        #expect(lines(result) == ["Zero +o", "(A) Call mom", "(B) Call mom", "End"])
    }

    @Test func lineMergeTakesOneSidedChangesCleanly() {
        let result = mergeLines(
            base: file(["a", "b", "c", "d"]), ours: file(["a", "B", "c", "d"]),
            theirs: file(["a", "b", "c", "D", "e"]))
        #expect(result.isClean)
        #expect(lines(result) == ["a", "B", "c", "D", "e"])
    }

    @Test func lineMergeTakesIdenticalChangesOnce() {
        let result = mergeLines(
            base: file(["a", "b", "c"]), ours: file(["a", "x", "c", "o"]),
            theirs: file(["a", "x", "c"]))
        #expect(result.isClean)
        #expect(lines(result) == ["a", "x", "c", "o"])
    }

    @Test func lineMergeWritesDiff3Conflicts() {
        let result = mergeLines(
            base: file(["a", "b", "c"]), ours: file(["a", "B1", "c"]),
            theirs: file(["a", "B2", "B3", "c"]))
        #expect(result.conflicts.map(\.kind) == [.lines])
        #expect(
            result.conflicts.first?.summary
                == "conflict: base line 2 changed differently in ours and theirs")
        #expect(
            lines(result) == ["a"] + block(ours: ["B1"], base: ["b"], theirs: ["B2", "B3"]) + ["c"])
        #expect(result.conflicts.first?.lines == 2...9)
    }

    @Test func lineMergeConflictsOnDifferentAdditionsAtTheSamePlace() {
        let result = mergeLines(
            base: file(["a"]), ours: file(["a", "x"]), theirs: file(["a", "y"]))
        #expect(
            result.conflicts.map(\.summary)
                == ["conflict: different lines added in ours and theirs after base line 1"])
        #expect(lines(result) == ["a"] + block(ours: ["x"], base: [], theirs: ["y"]))
    }

    @Test(arguments: [3, 7, 10])
    func lineMergeHonoursMarkerSize(size: Int) {
        let options = MergeOptions(
            markerSize: size, oursLabel: "A", baseLabel: "O", theirsLabel: "B")
        let result = mergeLines(
            base: file(["b"]), ours: file(["o"]), theirs: file(["t"]), options: options)
        func marker(_ c: String, _ label: String) -> String {
            String(repeating: c, count: size) + (label.isEmpty ? "" : " " + label)
        }
        #expect(
            lines(result)
                == [
                    marker("<", "A"), "o", marker("|", "O"), "b", marker("=", ""), "t",
                    marker(">", "B"),
                ])
    }

    @Test func lineMergeNeverDropsLinesOfLargeRandomEdits() {
        var generator = SeededGenerator(seed: 42)
        let base = (0..<300).map { "line \($0)" }
        func edit(_ tag: String) -> [String] {
            var result: [String] = []
            for line in base {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: continue
                case 1: result.append(line + " " + tag)
                case 2: result += [line, "new " + tag + " \(result.count)"]
                default: result.append(line)
                }
            }
            return result
        }
        let ours = edit("o")
        let theirs = edit("t")
        let result = mergeLines(base: file(base), ours: file(ours), theirs: file(theirs))
        let merged = Set(lines(result))
        // Every line a side added or changed is in the output (clean or inside a block).
        for line in Set(ours).union(theirs).subtracting(base) {
            #expect(merged.contains(line), "lost \(line)")
        }
    }
}
