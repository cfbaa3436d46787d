import Testing
import TodoMerge

/// The position rule: every task keeps its place relative to the tasks around it as its side
/// left them, in both directions; only tasks both sides inserted at the same point have an
/// order that depends on which side is ours (ours first).
@Suite struct PositionTests {
    /// Merges in both directions and expects the same lines.
    private func expectBothWays(
        _ base: [String], _ one: [String], _ other: [String], _ expected: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let forward = mergeTexts(base, one, other)
        let backward = mergeTexts(base, other, one)
        #expect(forward.isClean && backward.isClean, sourceLocation: sourceLocation)
        #expect(lines(forward) == expected, "forward", sourceLocation: sourceLocation)
        #expect(lines(backward) == expected, "backward", sourceLocation: sourceLocation)
    }

    @Test func rewordedTaskDoesNotSlideBelowTheOtherSidesNewTask() {
        let base = ["alpha", "beta", "gamma", "delta"]
        expectBothWays(
            base, base + ["epsilon new"], ["alpha", "beta", "gamma", "delta task extended"],
            ["alpha", "beta", "gamma", "delta task extended", "epsilon new"])
    }

    @Test func rewordedTaskInTheMiddleKeepsItsLineNumber() {
        let base = [
            "Call mom", "Buy milk", "Pay rent", "Water plants", "Fix bike", "Email Bob +work",
            "Read book",
        ]
        var ours = base
        ours.insert("Book dentist", at: 5)
        var theirs = base
        theirs[5] = "Email Bob +work about budget"
        expectBothWays(
            base, ours, theirs,
            [
                "Call mom", "Buy milk", "Pay rent", "Water plants", "Fix bike", "Book dentist",
                "Email Bob +work about budget", "Read book",
            ])
    }

    @Test func newTaskGoesRightAfterItsPredecessorEvenWhenTheOtherSideReplacedTheNext() {
        let base = ["One", "Two", "Three"]
        expectBothWays(
            base, ["One", "New", "Two", "Three"], ["One", "Something else entirely", "Three"],
            // New follows One on its side; the replacement of Two sits where Two was.
            ["One", "New", "Something else entirely", "Three"])
    }

    @Test func movesOnBothSidesAreBothApplied() {
        let base = ["A1", "B2", "C3", "D4"]
        expectBothWays(
            base, ["D4", "A1", "B2", "C3"], ["B2", "C3", "A1", "D4"],
            ["D4", "B2", "C3", "A1"])
    }

    @Test func moveOnOneSideAndRewordInPlaceOnTheOther() {
        let base = ["Call mom", "Buy milk", "Pay rent", "Fix bike"]
        expectBothWays(
            base, ["Fix bike", "Call mom", "Buy milk", "Pay rent"],
            ["Call mom", "Buy oat milk", "Pay rent", "Fix bike"],
            ["Fix bike", "Call mom", "Buy oat milk", "Pay rent"])
    }

    @Test func insertionsAtTheSamePointPutOursFirst() {
        let base = ["One", "Two"]
        let forward = mergeTexts(base, ["One", "Mine", "Two"], ["One", "Yours", "Two"])
        let backward = mergeTexts(base, ["One", "Yours", "Two"], ["One", "Mine", "Two"])
        #expect(lines(forward) == ["One", "Mine", "Yours", "Two"])
        #expect(lines(backward) == ["One", "Yours", "Mine", "Two"])
    }

    @Test func deletedTaskLeavesItsNeighboursInOrder() {
        let base = ["One", "Two", "Three", "Four"]
        expectBothWays(
            base, ["One", "Three", "Four", "Five"], ["One", "Two", "Three", "(A) Four"],
            ["One", "Three", "(A) Four", "Five"])
    }
}
