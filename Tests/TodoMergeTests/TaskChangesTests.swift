import Testing
import TodoMerge

/// The task-level change summary behind commit messages.
@Suite struct TaskChangesTests {
    private let base = ["(B) Call mom @phone", "Buy milk @store", "x 2026-11-20 Pay rent"]

    @Test func nothingChangedIsEmpty() {
        let changes = TaskChanges(old: file(base), new: file(base))
        #expect(changes.isEmpty)
        #expect(changes.summary == "")
    }

    @Test func addsCompletionsAndEdits() {
        let changes = TaskChanges(
            old: file(base),
            new: file([
                "(A) Call mom @phone", "x 2026-11-22 Buy milk @store", "x 2026-11-20 Pay rent",
                "Water plants", "Book dentist",
            ]))
        #expect(changes.summary == "add 2, complete 1, edit 1")
    }

    @Test func rewordingIsAnEditNotAnAddAndADelete() {
        let changes = TaskChanges(
            old: file(base),
            new: file(["(B) Call mom tonight @phone", "Buy milk @store", "x 2026-11-20 Pay rent"]))
        #expect(changes.summary == "edit 1")
    }

    @Test func anAppendToAShortTaskIsAnEdit() {
        let changes = TaskChanges(
            old: file(["(C) one +p", "two"]), new: file(["(C) one +p extra words", "two"]))
        #expect(changes.summary == "edit 1")
    }

    @Test func aTaskRewrittenInPlaceIsAnEdit() {
        let changes = TaskChanges(
            old: file(["(C) one +p", "two +proj", "three"]),
            new: file(["(C) one +p", "something else entirely", "three", "four"]))
        #expect(changes.summary == "add 1, edit 1")
    }

    @Test func aTaskRemovedWhileAnotherIsAddedElsewhereIsNoEdit() {
        let changes = TaskChanges(
            old: file(["(C) one +p", "two +proj", "three"]),
            new: file(["(C) one +p", "three", "something else entirely"]))
        #expect(changes.summary == "add 1, delete 1")
    }

    @Test func theLastTaskDeletedAndAnotherAppendedIsNoEdit() {
        let changes = TaskChanges(
            old: file(["(C) one +p", "two +proj"]), new: file(["(C) one +p", "something new"]))
        #expect(changes.summary == "add 1, delete 1")
    }

    @Test func reopenAndDelete() {
        let changes = TaskChanges(
            old: file(base), new: file(["(B) Call mom @phone", "Pay rent"]))
        #expect(changes.summary == "reopen 1, delete 1")
    }

    @Test func archiveAndCompletionThroughTheDoneFile() {
        // "Pay rent" was done and moved; "Buy milk" was open and moved done (do + auto-archive).
        let changes = TaskChanges(
            old: file(base), new: file(["(B) Call mom @phone"]),
            oldDone: file(["x 2026-11-01 Old"]),
            newDone: file([
                "x 2026-11-01 Old", "x 2026-11-20 Pay rent", "x 2026-11-22 Buy milk @store",
            ]))
        #expect(changes.completed == 1)
        #expect(changes.archived == 1)
        #expect(changes.deleted == 0)
        #expect(changes.summary == "complete 1, archive 1")
    }

    @Test func aCompletedRecurringTaskIsACompletionAndAnAddition() {
        // `do` archived the task and added its next occurrence, which reads much like it.
        let changes = TaskChanges(
            old: file(["Pay bills rec:+1m due:2026-11-30", "Buy milk"]),
            new: file(["Buy milk", "Pay bills rec:+1m due:2026-12-30"]),
            oldDone: [], newDone: file(["x 2026-11-22 Pay bills rec:+1m due:2026-11-30"]))
        #expect(changes.summary == "add 1, complete 1")
    }

    @Test func aRemovedTaskAlreadyInTheOldDoneFileIsADeletion() {
        let changes = TaskChanges(
            old: file(base), new: file(["(B) Call mom @phone", "Buy milk @store"]),
            oldDone: file(["x 2026-11-20 Pay rent"]), newDone: file(["x 2026-11-20 Pay rent"]))
        #expect(changes.summary == "delete 1")
    }

    @Test func blankLinesAreNotTasks() {
        let changes = TaskChanges(
            old: file(base), new: file(["(B) Call mom @phone", "", "x 2026-11-20 Pay rent"]))
        #expect(changes.summary == "delete 1")
    }
}
