import Testing
import TodoMerge

/// Ordering of the merged file and the end-to-end scenarios.
@Suite struct OrderingTests {
    @Test func additionsAtTheEndOnBothSidesAreAllKeptOursFirst() {
        let base = ["(A) Call mom", "Buy milk"]
        let result = mergeTexts(base, base + ["Pay rent", "Walk dog"], base + ["Water plants"])
        #expect(result.isClean)
        #expect(lines(result) == base + ["Pay rent", "Walk dog", "Water plants"])
    }

    @Test func theirsAdditionGoesBeforeItsSuccessor() {
        let result = mergeTexts(
            ["One", "Two", "Three"], ["One", "Two", "Three", "Four"],
            ["One", "New", "Two", "Three"])
        #expect(result.isClean)
        #expect(lines(result) == ["One", "New", "Two", "Three", "Four"])
    }

    @Test func sameGapGetsOursThenTheirs() {
        let result = mergeTexts(["One", "Two"], ["One", "Mine", "Two"], ["One", "Yours", "Two"])
        #expect(result.isClean)
        #expect(lines(result) == ["One", "Mine", "Yours", "Two"])
    }

    @Test func doneOnOneSideReprioritisedOnTheOther() {
        let base = ["(B) Call mom @phone", "Buy milk @store"]
        let result = mergeTexts(
            base, ["x 2024-05-02 Call mom @phone", "Buy milk @store"],
            ["(A) Call mom @phone", "Buy milk @store"])
        #expect(result.isClean)
        #expect(lines(result) == ["x 2024-05-02 Call mom @phone", "Buy milk @store"])
    }

    @Test func editAgainstDeleteConflicts() {
        let base = ["Call mom", "Buy milk", "Pay rent"]
        let result = mergeTexts(
            base, ["Call mom", "Buy milk @store", "Pay rent"], ["Call mom", "Pay rent"])
        #expect(result.conflicts.map(\.kind) == [.deleteModify])
        #expect(
            lines(result)
                == ["Call mom"] + block(ours: ["Buy milk @store"], base: ["Buy milk"], theirs: [])
                + ["Pay rent"])
    }

    @Test func deleteOnOursAgainstEditOnTheirsStaysWhereTheirsHadIt() {
        let base = ["Call mom", "Buy milk", "Pay rent"]
        let result = mergeTexts(
            base, ["Call mom", "Pay rent"], ["Call mom", "Buy milk @store", "Pay rent"])
        #expect(
            lines(result)
                == ["Call mom"] + block(ours: [], base: ["Buy milk"], theirs: ["Buy milk @store"])
                + ["Pay rent"])
    }

    @Test func reorderOnOneSideAndEditOnTheOther() {
        let base = ["Call mom", "Buy milk", "Pay rent"]
        let reordered = ["Pay rent", "Call mom", "Buy milk"]
        let edited = ["Call mom", "(A) Buy milk", "Pay rent +home"]
        let expected = ["Pay rent +home", "Call mom", "(A) Buy milk"]
        let forward = mergeTexts(base, reordered, edited)
        let backward = mergeTexts(base, edited, reordered)
        #expect(forward.isClean && backward.isClean)
        #expect(lines(forward) == expected)
        #expect(lines(backward) == expected)
    }

    @Test func bothReorderedAppliesEachSidesMove() {
        // Ours moved C3 to the top, theirs moved A1 to the bottom.
        let base = ["A1", "B2", "C3"]
        let result = mergeTexts(base, ["C3", "A1", "B2"], ["B2", "C3", "A1"])
        #expect(result.isClean)
        #expect(lines(result) == ["C3", "B2", "A1"])
    }

    @Test func blankLinesMergeLikeLines() {
        // Theirs deleted the blank line and added two after Two; ours added Three there.
        let base = ["One", "", "Two"]
        let result = mergeTexts(base, ["One", "", "Two", "Three"], ["One", "Two", "", "", "Four"])
        #expect(result.isClean)
        #expect(lines(result) == ["One", "Two", "Three", "", "", "Four"])
    }

    @Test func blankLinesKeptByBothStay() {
        let base = ["One", "", "Two"]
        let result = mergeTexts(base, ["One", "", "Two", "Three"], ["(A) One", "", "Two"])
        #expect(lines(result) == ["(A) One", "", "Two", "Three"])
    }

    @Test func taskDeletedByTheOtherSideLeavesNoBlankLine() {
        let base = ["One", "Two", "Three"]
        let result = mergeTexts(base, ["One", "Two", "Three", "Four"], ["One", "Three"])
        #expect(lines(result) == ["One", "Three", "Four"])
    }

    @Test func conflictsStayInPlaceAndTheRestMerges() {
        let base = ["(B) Call mom", "Buy milk", "Pay rent"]
        let result = mergeTexts(
            base, ["(A) Call mom", "Buy milk", "Pay rent", "Mine"],
            ["(C) Call mom", "Buy milk @store", "Pay rent"])
        #expect(result.conflicts.count == 1)
        #expect(
            lines(result)
                == block(ours: ["(A) Call mom"], base: ["(B) Call mom"], theirs: ["(C) Call mom"])
                + ["Buy milk @store", "Pay rent", "Mine"])
        #expect(result.conflicts.first?.lines == 1...7)
    }

    @Test func recurringTaskCompletedWithANewInstanceAgainstAnEdit() {
        let base = ["Water plants rec:1w due:2024-05-01"]
        let result = mergeTexts(
            base,
            [
                "x 2024-05-02 Water plants rec:1w due:2024-05-01",
                "Water plants rec:1w due:2024-05-08",
            ],
            ["Water plants rec:1w due:2024-05-01 @home"])
        #expect(result.isClean)
        #expect(
            lines(result)
                == [
                    "x 2024-05-02 Water plants rec:1w due:2024-05-01 @home",
                    "Water plants rec:1w due:2024-05-08",
                ])
    }

    @Test func bothSidesCreatingTheFileMergeTheirTasks() {
        let result = mergeTexts([], ["Call mom", "(A) Pay rent"], ["Call mom", "Buy milk"])
        #expect(result.isClean)
        #expect(lines(result) == ["Call mom", "(A) Pay rent", "Buy milk"])
    }
}
