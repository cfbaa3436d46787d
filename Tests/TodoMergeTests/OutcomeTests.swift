import Testing
import TodoMerge

/// Every row of the per-task outcome table, with the other tasks of the file
/// changed on both sides so the trivial whole-file shortcuts do not apply.
@Suite struct OutcomeTests {
    /// Wraps the task under test between a task ours changes and a task theirs changes.
    private func run(_ base: [String], _ ours: [String], _ theirs: [String]) -> MergeResult {
        mergeTexts(
            ["Alpha"] + base + ["Omega"], ["Alpha +o"] + ours + ["Omega"],
            ["Alpha"] + theirs + ["Omega +t"])
    }

    private func middle(_ result: MergeResult) -> [String] {
        let all = lines(result)
        #expect(all.first == "Alpha +o")
        #expect(all.last == "Omega +t")
        return Array(all.dropFirst().dropLast())
    }

    @Test func unchangedEverywhereIsKept() {
        let result = run(["Buy milk"], ["Buy milk"], ["Buy milk"])
        #expect(result.isClean)
        #expect(middle(result) == ["Buy milk"])
    }

    @Test func changedOnOneSideTakesTheChange() {
        let ours = run(["Buy milk"], ["(A) Buy milk"], ["Buy milk"])
        let theirs = run(["Buy milk"], ["Buy milk"], ["(A) Buy milk"])
        #expect(ours.isClean && theirs.isClean)
        #expect(middle(ours) == ["(A) Buy milk"])
        #expect(middle(theirs) == ["(A) Buy milk"])
    }

    @Test func sameChangeOnBothSidesIsTakenOnce() {
        let result = run(["Buy milk"], ["x 2024-05-02 Buy milk"], ["x 2024-05-02 Buy milk"])
        #expect(result.isClean)
        #expect(middle(result) == ["x 2024-05-02 Buy milk"])
    }

    @Test func differentChangesAreFieldMerged() {
        let result = run(["Buy milk"], ["(A) Buy milk"], ["Buy milk @store"])
        #expect(result.isClean)
        #expect(middle(result) == ["(A) Buy milk @store"])
    }

    @Test func differentChangesToOneFieldConflict() {
        let result = run(["(B) Buy milk"], ["(A) Buy milk"], ["(C) Buy milk"])
        #expect(result.conflicts.map(\.kind) == [.bothModified])
        #expect(
            middle(result)
                == block(ours: ["(A) Buy milk"], base: ["(B) Buy milk"], theirs: ["(C) Buy milk"]))
    }

    @Test func deletedOnOneSideAndUnchangedOnTheOtherIsDeleted() {
        let ours = run(["Buy milk"], [], ["Buy milk"])
        let theirs = run(["Buy milk"], ["Buy milk"], [])
        #expect(ours.isClean && theirs.isClean)
        #expect(middle(ours).isEmpty)
        #expect(middle(theirs).isEmpty)
    }

    @Test func deletedOnBothSidesIsDeleted() {
        let result = run(["Buy milk"], [], [])
        #expect(result.isClean)
        #expect(middle(result).isEmpty)
    }

    @Test func deletedOnOneSideAndChangedOnTheOtherConflicts() {
        let theirsDeleted = run(["Buy milk"], ["(A) Buy milk"], [])
        #expect(theirsDeleted.conflicts.map(\.kind) == [.deleteModify])
        #expect(
            middle(theirsDeleted) == block(ours: ["(A) Buy milk"], base: ["Buy milk"], theirs: []))
        #expect(
            theirsDeleted.conflicts.first?.summary
                == "conflict: deleted in theirs and modified in ours: \"Buy milk\"")

        let oursDeleted = run(["Buy milk"], [], ["(A) Buy milk"])
        #expect(oursDeleted.conflicts.map(\.kind) == [.deleteModify])
        #expect(
            middle(oursDeleted) == block(ours: [], base: ["Buy milk"], theirs: ["(A) Buy milk"]))
        #expect(
            oursDeleted.conflicts.first?.summary
                == "conflict: deleted in ours and modified in theirs: \"Buy milk\"")
    }

    @Test func addedOnOneSideIsAdded() {
        let ours = run([], ["Buy milk"], [])
        let theirs = run([], [], ["Buy milk"])
        #expect(ours.isClean && theirs.isClean)
        #expect(middle(ours) == ["Buy milk"])
        #expect(middle(theirs) == ["Buy milk"])
    }

    @Test func sameLineAddedOnBothSidesIsAddedOnce() {
        let result = run([], ["Buy milk @store"], ["Buy milk @store"])
        #expect(result.isClean)
        #expect(middle(result) == ["Buy milk @store"])
    }

    @Test func sameTaskAddedDifferentlyConflicts() {
        let result = run([], ["(A) Buy milk"], ["(B) Buy milk"])
        #expect(result.conflicts.map(\.kind) == [.addAdd])
        #expect(middle(result) == block(ours: ["(A) Buy milk"], base: [], theirs: ["(B) Buy milk"]))
        #expect(
            result.conflicts.first?.summary
                == "conflict: added differently in ours and theirs: \"Buy milk\"")
    }

    @Test func conflictLinesPointAtTheBlock() throws {
        let result = run(["(B) Buy milk"], ["(A) Buy milk"], ["(C) Buy milk"])
        let range = try #require(result.conflicts.first?.lines)
        let all = lines(result)
        #expect(all[range.lowerBound - 1] == "<<<<<<< ours")
        #expect(all[range.upperBound - 1] == ">>>>>>> theirs")
    }
}
