import Testing
import TodoMerge

/// The field-level rules and the same-field conflicts, each on a one-task file
/// that both sides changed.
@Suite struct FieldMergeTests {
    private func one(_ base: String, _ ours: String, _ theirs: String) -> MergeResult {
        mergeTexts([base], [ours], [theirs])
    }

    @Test func anAppendMergesWithAPriorityOnAShortTask() {
        let result = one("Buy milk", "Buy milk and bread", "(A) Buy milk")
        #expect(result.isClean)
        #expect(lines(result) == ["(A) Buy milk and bread"])
    }

    @Test func completionWinsOverReprioritisation() {
        // R-completion-priority: done on one side, re-prioritised on the other → done.
        let result = one(
            "(B) Call mom @phone", "x 2024-05-02 Call mom @phone", "(A) Call mom @phone")
        #expect(result.isClean)
        #expect(lines(result) == ["x 2024-05-02 Call mom @phone"])
    }

    @Test func completionKeepsTheCompletingSidesPriTag() {
        let result = one("(B) Call mom", "(A) Call mom", "x 2024-05-02 Call mom pri:B")
        #expect(result.isClean)
        #expect(lines(result) == ["x 2024-05-02 Call mom pri:B"])
    }

    @Test func completionCombinesWithADescriptionEdit() {
        let result = one(
            "(B) 2024-01-01 Call mom", "x 2024-05-02 2024-01-01 Call mom",
            "(B) 2024-01-01 Call mom +family")
        #expect(result.isClean)
        #expect(lines(result) == ["x 2024-05-02 2024-01-01 Call mom +family"])
    }

    @Test func bothCompletedKeepsTheEarliestDate() {
        let result = one("Pay rent", "x 2024-05-03 Pay rent +home", "x 2024-05-01 Pay rent")
        #expect(result.isClean)
        #expect(lines(result) == ["x 2024-05-01 Pay rent +home"])
    }

    @Test func completionDateChangedAgainstReopenConflicts() {
        let result = one("x 2024-05-01 Pay rent", "Pay rent +home", "x 2024-05-04 Pay rent")
        #expect(result.conflicts.map(\.kind) == [.bothModified])
        #expect(
            result.conflicts.first?.summary
                == "conflict: completion removed (reopened) in ours and date changed to 2024-05-04 in theirs: \"Pay rent\""
        )
    }

    @Test func priorityChangedDifferentlyConflicts() {
        let result = one("(B) Call mom @phone", "(A) Call mom @phone", "(C) Call mom @phone")
        #expect(
            result.conflicts.map(\.summary)
                == [
                    "conflict: priority changed to (A) in ours and to (C) in theirs: \"Call mom @phone\""
                ])
        #expect(
            lines(result)
                == block(
                    ours: ["(A) Call mom @phone"], base: ["(B) Call mom @phone"],
                    theirs: ["(C) Call mom @phone"]))
    }

    @Test func creationDateChangedDifferentlyConflicts() {
        let result = one("2024-01-01 Plan trip", "2024-01-02 Plan trip", "2024-01-03 Plan trip +x")
        #expect(
            result.conflicts.map(\.summary)
                == [
                    "conflict: creation date changed to 2024-01-02 in ours and to 2024-01-03 in theirs: \"Plan trip\""
                ])
    }

    @Test func headerFieldsMergeIndependently() {
        let result = one("Plan trip", "(A) Plan trip", "2024-01-03 Plan trip")
        #expect(result.isClean)
        #expect(lines(result) == ["(A) 2024-01-03 Plan trip"])
    }

    @Test func wordsChangedOnOneSideCombineWithTagsFromTheOther() {
        let result = one("Call mom +family", "Call mom tonight +family", "Call mom +family @phone")
        #expect(result.isClean)
        #expect(lines(result) == ["Call mom tonight +family @phone"])
    }

    @Test func theSideThatRewordedGivesTheTokenOrder() {
        // Ours only moved a project and added a context; theirs reworded, so theirs' order wins.
        let result = one("Call mom +family", "+family Call mom @phone", "Call mom now +family")
        #expect(result.isClean)
        #expect(lines(result) == ["Call mom now +family @phone"])
    }

    @Test func wordsChangedDifferentlyConflict() {
        let result = one(
            "Call mom +family", "Call mom tonight +family", "Call mom tomorrow +family")
        #expect(
            result.conflicts.map(\.summary)
                == [
                    "conflict: description reworded differently in ours and theirs: \"Call mom +family\""
                ])
    }

    @Test func sameWordChangeOnBothSidesIsNotAConflict() {
        let result = one(
            "Call mom about the trip", "Call mom about the trip tonight +a",
            "Call mom about the trip tonight @b")
        #expect(result.isClean)
        #expect(lines(result) == ["Call mom about the trip tonight +a @b"])
    }

    @Test func keyValueTagsMergePerKey() {
        // Ours changes due:, theirs adds t: and removes rec:.
        let result = one(
            "Pay rent due:2024-06-01 rec:1m", "Pay rent due:2024-06-03 rec:1m +home",
            "Pay rent due:2024-06-01 t:2024-05-25")
        #expect(result.isClean)
        #expect(lines(result) == ["Pay rent due:2024-06-03 +home t:2024-05-25"])
    }

    @Test func sameKeyWithDifferentNewValuesConflicts() {
        let result = one(
            "Pay rent due:2024-06-01", "Pay rent due:2024-06-03 +a", "Pay rent due:2024-06-05")
        #expect(
            result.conflicts.map(\.summary)
                == [
                    "conflict: due: changed to 2024-06-03 in ours and to 2024-06-05 in theirs: \"Pay rent due:2024-06-01\""
                ])
    }

    @Test func removedAgainstChangedTagConflicts() {
        let result = one("Pay rent due:2024-06-01", "Pay rent +a", "Pay rent due:2024-06-05")
        #expect(result.conflicts.map(\.kind) == [.bothModified])
    }

    @Test func projectsAndContextsMergeAsSets() {
        let result = one("Buy milk +a @x", "Buy milk +a +b", "Buy milk @x @y")
        #expect(result.isClean)
        // Ours removed @x and added +b; theirs removed +a and added @y.
        #expect(lines(result) == ["Buy milk +b @y"])
    }

    @Test func bothSidesAddingTheSameTagAddItOnce() {
        let result = one("Buy milk", "(A) Buy milk +shop", "Buy milk +shop @x")
        #expect(result.isClean)
        #expect(lines(result) == ["(A) Buy milk +shop @x"])
    }

    @Test func urlsStayWords() {
        let result = one(
            "Read http://a.example", "Read http://b.example", "Read http://c.example +x")
        #expect(result.conflicts.map(\.kind) == [.bothModified])
    }

    @Test func multipleConflictingFieldsAreAllNamed() {
        let result = one("(B) 2024-01-01 Task", "(A) 2024-01-02 Task", "(C) 2024-01-03 Task")
        #expect(
            result.conflicts.first?.summary
                == "conflict: priority changed to (A) in ours and to (C) in theirs; creation date changed to 2024-01-02 in ours and to 2024-01-03 in theirs: \"Task\""
        )
    }

    @Test func combinationThatWouldNotReadBackConflicts() {
        // Theirs gives a creation date, ours completes without a date: `x 2024-01-01 Task`
        // would read the creation date as the completion date.
        let result = one("Task", "x Task", "2024-01-01 Task")
        #expect(result.conflicts.map(\.kind) == [.bothModified])
    }

    @Test func fieldMergedTaskIsRenderedCanonically() {
        let result = one("Buy   milk", "(A) Buy   milk", "Buy   milk  @store")
        #expect(result.isClean)
        #expect(lines(result) == ["(A) Buy milk @store"])
    }

    @Test func labelsAppearInSummariesAndMarkers() {
        let options = MergeOptions(
            markerSize: 9, oursLabel: "HEAD", baseLabel: "merged common ancestors",
            theirsLabel: "feature")
        let result = mergeTexts(
            ["(B) Call mom"], ["(A) Call mom"], ["(C) Call mom"], options: options)
        #expect(
            lines(result)
                == [
                    "<<<<<<<<< HEAD", "(A) Call mom", "||||||||| merged common ancestors",
                    "(B) Call mom", "=========", "(C) Call mom", ">>>>>>>>> feature",
                ])
        #expect(
            result.conflicts.first?.summary
                == "conflict: priority changed to (A) in HEAD and to (C) in feature: \"Call mom\"")
    }
}
