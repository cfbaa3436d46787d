import Testing
import TodoMerge
import TodoTxt

/// Archive-aware merging: a task one side archived (removed from todo.txt, added to its done
/// file) against the other side's edit, each case in both directions.
@Suite struct ArchiveTests {
    /// One side archived `archived` (its todo.txt is `archiverTodo`, its done file gained
    /// `archived`), the other side's todo.txt is `editorTodo`; merged with the archiver as ours
    /// and then as theirs.
    private func bothWays(
        base: [String], archiverTodo: [String], editorTodo: [String], archived: [String],
        baseDone: [String] = ["x 2024-04-01 Old task"]
    ) -> [MergeResult] {
        let archiverDone = file(baseDone + archived)
        let editorDone = file(baseDone)
        let forward = merge(
            base: file(base), ours: file(archiverTodo), theirs: file(editorTodo),
            done: DoneFiles(base: file(baseDone), ours: archiverDone, theirs: editorDone))
        let backward = merge(
            base: file(base), ours: file(editorTodo), theirs: file(archiverTodo),
            done: DoneFiles(base: file(baseDone), ours: editorDone, theirs: archiverDone))
        return [forward, backward]
    }

    private let base = ["(B) Call mom @phone", "Buy milk @store", "Pay rent"]

    @Test func archiveAgainstReprioritiseStaysArchived() {
        for result in bothWays(
            base: base, archiverTodo: ["Buy milk @store", "Pay rent"],
            editorTodo: ["(A) Call mom @phone", "Buy milk @store", "Pay rent"],
            archived: ["x 2024-05-02 Call mom @phone"])
        {
            #expect(result.isClean)
            #expect(lines(result) == ["Buy milk @store", "Pay rent"])
            #expect(result.notes.isEmpty)
        }
    }

    @Test func archiveAgainstAppendedTextPutsTheEditedTaskBackOpen() {
        let results = bothWays(
            base: base, archiverTodo: ["Buy milk @store", "Pay rent"],
            editorTodo: ["(B) Call mom @phone today", "Buy milk @store", "Pay rent"],
            archived: ["x 2024-05-02 Call mom @phone"])
        for result in results {
            #expect(result.isClean)
            #expect(
                lines(result) == [
                    "(B) Call mom @phone today", "Buy milk @store", "Pay rent",
                ])
        }
        #expect(
            results[0].notes == [
                "kept: archived in ours but edited in theirs: \"Call mom @phone today\""
            ])
        #expect(
            results[1].notes == [
                "kept: archived in theirs but edited in ours: \"Call mom @phone today\""
            ])
    }

    @Test func archiveAgainstReopenPutsTheTaskBackOpen() {
        let base = ["Call mom", "x 2024-05-01 Pay rent", "Buy milk"]
        let results = bothWays(
            base: base, archiverTodo: ["Call mom", "Buy milk"],
            editorTodo: ["Call mom", "Pay rent", "Buy milk"],
            archived: ["x 2024-05-01 Pay rent"])
        for result in results {
            #expect(result.isClean)
            #expect(lines(result) == ["Call mom", "Pay rent", "Buy milk"])
            #expect(result.notes.count == 1)
            #expect(result.notes.first?.contains("reopened") == true)
        }
    }

    @Test func archiveAgainstCompletionIsSimplyArchived() {
        for result in bothWays(
            base: base, archiverTodo: ["Buy milk @store", "Pay rent"],
            editorTodo: ["x 2024-05-03 Call mom @phone", "Buy milk @store", "Pay rent"],
            archived: ["x 2024-05-02 Call mom @phone"])
        {
            #expect(result.isClean)
            #expect(lines(result) == ["Buy milk @store", "Pay rent"])
        }
    }

    @Test func completionWithNewTextAgainstArchiveKeepsTheCompletedEdit() {
        for result in bothWays(
            base: base, archiverTodo: ["Buy milk @store", "Pay rent"],
            editorTodo: ["x 2024-05-03 Call mom @phone +family", "Buy milk @store", "Pay rent"],
            archived: ["x 2024-05-02 Call mom @phone"])
        {
            #expect(result.isClean)
            #expect(
                lines(result) == [
                    "x 2024-05-03 Call mom @phone +family", "Buy milk @store", "Pay rent",
                ])
        }
    }

    @Test func archiveAlongsideOtherEditsKeepsEveryTasksPlace() {
        let base = ["One", "Two", "x 2024-05-01 Three", "Four"]
        for result in bothWays(
            base: base, archiverTodo: ["(A) One", "Two", "Four", "Five"],
            editorTodo: ["One", "Two", "x 2024-05-01 Three +home", "Four @desk"],
            archived: ["x 2024-05-01 Three"])
        {
            #expect(result.isClean)
            #expect(
                lines(result) == [
                    "(A) One", "Two", "x 2024-05-01 Three +home", "Four @desk", "Five",
                ])
        }
    }

    @Test func aTaskAlreadyInTheDoneFileCountsAsArchived() {
        // The archived line was in done.txt before (base done file unknown here).
        let ours = ["Buy milk @store", "Pay rent"]
        let theirs = ["(A) Call mom @phone", "Buy milk @store", "Pay rent"]
        let done = file(["x 2024-05-02 Call mom @phone"])
        let forward = merge(
            base: file(base), ours: file(ours), theirs: file(theirs),
            done: DoneFiles(ours: done, theirs: []))
        let backward = merge(
            base: file(base), ours: file(theirs), theirs: file(ours),
            done: DoneFiles(ours: [], theirs: done))
        for result in [forward, backward] {
            #expect(result.isClean)
            #expect(lines(result) == ours)
        }
    }

    @Test func withoutDoneFilesAnArchiveIsADeleteModifyConflict() {
        let result = mergeTexts(
            base, ["Buy milk @store", "Pay rent"],
            ["(A) Call mom @phone", "Buy milk @store", "Pay rent"])
        #expect(result.conflicts.map(\.kind) == [.deleteModify])
    }

    @Test func aDeletionThatIsNoArchiveStillConflicts() {
        // The done file gained a different task; Call mom was deleted, not archived.
        for result in bothWays(
            base: base, archiverTodo: ["Buy milk @store", "Pay rent"],
            editorTodo: ["(A) Call mom @phone", "Buy milk @store", "Pay rent"],
            archived: ["x 2024-05-02 Water plants"])
        {
            #expect(result.conflicts.map(\.kind) == [.deleteModify])
        }
    }

    @Test func anOpenLineInTheDoneFileIsNoArchive() {
        for result in bothWays(
            base: base, archiverTodo: ["Buy milk @store", "Pay rent"],
            editorTodo: ["(A) Call mom @phone", "Buy milk @store", "Pay rent"],
            archived: ["Call mom @phone"])
        {
            #expect(result.conflicts.map(\.kind) == [.deleteModify])
        }
    }

    @Test func bothArchivedIsClean() {
        let todo = ["Buy milk @store", "Pay rent"]
        let done = file(["x 2024-05-02 Call mom @phone"])
        let result = merge(
            base: file(base), ours: file(todo + ["New"]),
            theirs: file(["(A) Buy milk @store", "Pay rent"]),
            done: DoneFiles(ours: done, theirs: done))
        #expect(result.isClean)
        #expect(lines(result) == ["(A) Buy milk @store", "Pay rent", "New"])
    }
}

/// The archive example of TodoMerge's Getting Started article.
@Suite struct ArchiveDocumentationTests {
    @Test func gettingStartedArchiveExample() {
        let before = TodoList(parsing: "Call mom\nPay rent\n")
        let archived = TodoList(parsing: "Pay rent\n")
        let edited = TodoList(parsing: "Call mom @phone\nPay rent\n")
        let done = DoneFiles(
            base: [], ours: Array("x 2026-11-22 Call mom\n".utf8), theirs: [])
        let archive = merge(base: before, ours: archived, theirs: edited, done: done)
        #expect(archive.isClean)
        #expect(String(decoding: archive.merged, as: UTF8.self) == "Call mom @phone\nPay rent\n")
        #expect(
            archive.notes == ["kept: archived in ours but edited in theirs: \"Call mom @phone\""])
    }
}
