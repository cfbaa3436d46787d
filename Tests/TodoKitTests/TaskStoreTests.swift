import Testing
import TodoKit

/// Every operation through the public API, against the in-memory store and a real file.
@Suite struct TaskStoreTests {
    @Test(arguments: StoreKind.allCases)
    func readsTasksWithTheirLineNumbers(_ kind: StoreKind) throws {
        let files = try kind.make(todo: "(B) call mom\n\nx 2026-11-20 pay rent\nwater plants\n")
        let tasks = try files.store.snapshot().tasks
        #expect(tasks.map(\.line) == [1, 3, 4])
        #expect(tasks.map(\.text) == ["(B) call mom", "x 2026-11-20 pay rent", "water plants"])
        #expect(tasks[0].item.priority == Priority("B"))
        #expect(tasks[1].item.isDone)
    }

    @Test(arguments: StoreKind.allCases)
    func queriesAsTodoQueryDoes(_ kind: StoreKind) throws {
        let files = try kind.make(
            todo: """
                (C) b task +work
                (A) a task +work due:2026-11-20
                x 2026-11-01 done task +work
                other +home
                hidden +work h:1

                """)
        let store = files.store
        #expect(try store.tasks(matching: "+work").map(\.line) == [1, 2])
        #expect(
            try store.tasks(matching: "+work", sortedBy: [.priority]).map(\.line) == [2, 1])
        #expect(
            try store.tasks(matching: "+work", includingAll: true).map(\.line) == [1, 2, 3, 5])
        #expect(try store.tasks(matching: "due<today").map(\.line) == [2])
        #expect(try store.tasks(matching: try Query(parsing: "done")).map(\.line) == [3])
        #expect(
            try store.tasks(sortedBy: [SortKey(.text, descending: true)]).map(\.line) == [4, 1, 2])
        #expect(throws: TaskStoreError.self) { try store.tasks(matching: "+work and )") }
    }

    @Test(arguments: StoreKind.allCases)
    func addsAtTheEndAsTodoAddDoes(_ kind: StoreKind) throws {
        let files = try kind.make(
            todo: "first\r\nsecond",
            options: testOptions(addsCreationDate: true, defaultPriority: Priority("C")))
        let added = try files.store.add("(b) call\nmom")
        #expect(added.line == 3)
        #expect(added.text == "(B) 2026-11-22 call mom")
        let plain = try files.store.add("no priority")
        #expect(plain.text == "(C) 2026-11-22 no priority")
        #expect(
            files.todoText()
                == "first\r\nsecond\r\n(B) 2026-11-22 call mom\r\n(C) 2026-11-22 no priority\r\n")
        #expect(throws: TaskStoreError.emptyText) { try files.store.add("") }
    }

    @Test(arguments: StoreKind.allCases)
    func completesAndReopens(_ kind: StoreKind) throws {
        let files = try kind.make(
            todo: "(A) 2026-11-01 call mom\npay rent\n",
            options: testOptions(keepsPriorityOnCompletion: true))
        let tasks = try files.store.snapshot().tasks
        let done = try files.store.complete(tasks[0])
        #expect(done.text == "x 2026-11-22 2026-11-01 call mom pri:A")
        #expect(files.todoText() == "x 2026-11-22 2026-11-01 call mom pri:A\npay rent\n")
        // Completing a done task changes nothing.
        #expect(try files.store.complete(done) == done)
        let open = try files.store.reopen(done)
        #expect(open.text == "(A) 2026-11-01 call mom")
        #expect(files.todoText() == "(A) 2026-11-01 call mom\npay rent\n")
        #expect(try files.store.reopen(open) == open)
    }

    @Test(arguments: StoreKind.allCases)
    func setsAndRemovesPriorities(_ kind: StoreKind) throws {
        let files = try kind.make(todo: "call mom\nx 2026-11-20 pay rent\n")
        let tasks = try files.store.snapshot().tasks
        let raised = try files.store.setPriority(Priority("A"), of: tasks[0])
        #expect(raised.text == "(A) call mom")
        let lowered = try files.store.setPriority(Priority("C"), of: raised)
        #expect(lowered.text == "(C) call mom")
        let cleared = try files.store.setPriority(nil, of: lowered)
        #expect(cleared.text == "call mom")
        // A done task keeps its priority as a tag.
        let tagged = try files.store.setPriority(Priority("B"), of: tasks[1])
        #expect(tagged.text == "x 2026-11-20 pay rent pri:B")
        #expect(files.todoText() == "call mom\nx 2026-11-20 pay rent pri:B\n")
    }

    @Test(arguments: StoreKind.allCases)
    func replacesKeepingPriorityAndDate(_ kind: StoreKind) throws {
        let files = try kind.make(todo: "(A) 2026-11-01 call mom\n")
        let task = try #require(try files.store.snapshot().tasks.first)
        let replaced = try files.store.replace(task, with: "call dad")
        #expect(replaced.text == "(A) 2026-11-01 call dad")
        let own = try files.store.replace(replaced, with: "(B) call both")
        #expect(own.text == "(B) 2026-11-01 call both")
        #expect(throws: TaskStoreError.emptyText) { try files.store.replace(own, with: "") }
    }

    @Test(arguments: StoreKind.allCases)
    func deletesKeepingOrRemovingLines(_ kind: StoreKind) throws {
        let kept = try kind.make(todo: "a\n\nb\nc\n")
        try kept.store.delete(try #require(kept.store.snapshot().task(atLine: 3)))
        #expect(kept.todoText() == "a\n\n\nc\n")
        let removed = try kind.make(
            todo: "a\n\nb\nc\n", options: testOptions(preservesLineNumbers: false))
        try removed.store.delete(try #require(removed.store.snapshot().task(atLine: 3)))
        #expect(removed.todoText() == "a\nc\n")
    }

    @Test(arguments: StoreKind.allCases)
    func archivesDoneTasks(_ kind: StoreKind) throws {
        let files = try kind.make(
            todo: "x 2026-11-20 one\nopen\n\nx 2026-11-21 two\n", done: "x 2026-01-01 old")
        let moved = try files.store.archive()
        #expect(moved.map(\.line) == [1, 4])
        #expect(files.todoText() == "open\n")
        #expect(files.doneText() == "x 2026-01-01 old\nx 2026-11-20 one\nx 2026-11-21 two\n")
        #expect(try files.store.archive().isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func refusesATaskThatChangedOnDisk(_ kind: StoreKind) throws {
        let files = try kind.make(todo: "call mom\npay rent\n")
        let tasks = try files.store.snapshot().tasks
        files.handEdit("call mom and dad\npay rent\n")
        let before = files.todoText()
        #expect(throws: TaskStoreError.taskChanged(line: 1, text: "call mom")) {
            try files.store.complete(tasks[0])
        }
        #expect(throws: TaskStoreError.taskChanged(line: 1, text: "call mom")) {
            try files.store.delete(tasks[0])
        }
        #expect(throws: TaskStoreError.self) { try files.store.setPriority(nil, of: tasks[0]) }
        #expect(throws: TaskStoreError.self) { try files.store.replace(tasks[0], with: "x") }
        #expect(files.todoText() == before)
        // The other task is still there as read, so it can be edited.
        try files.store.complete(tasks[1])
        #expect(files.todoText() == "call mom and dad\nx 2026-11-22 pay rent\n")
    }

    @Test(arguments: StoreKind.allCases)
    func followsATaskThatMovedButRefusesAmbiguity(_ kind: StoreKind) throws {
        let files = try kind.make(todo: "call mom\npay rent\n")
        let rent = try #require(try files.store.snapshot().task(atLine: 2))
        files.handEdit("new first task\ncall mom\npay rent\n")
        let done = try files.store.complete(rent)
        #expect(done.line == 3)
        #expect(files.todoText() == "new first task\ncall mom\nx 2026-11-22 pay rent\n")
        let mom = try #require(try files.store.snapshot().task(atLine: 2))
        files.handEdit("call mom\nsomething else\ncall mom\n")
        #expect(throws: TaskStoreError.taskChanged(line: 2, text: "call mom")) {
            try files.store.complete(mom)
        }
        #expect(files.todoText() == "call mom\nsomething else\ncall mom\n")
    }

    @Test func aMissingFileReadsEmptyAndAddCreatesIt() throws {
        let directory = try temporaryDirectory()
        let store = TodoFileStore(path: directory + "/todo.txt", options: testOptions())
        #expect(store.donePath == directory + "/done.txt")
        #expect(try store.snapshot().tasks.isEmpty)
        #expect(try store.archive().isEmpty)
        #expect(fileText(directory + "/todo.txt") == "<missing>")
        try store.add("first")
        #expect(fileText(directory + "/todo.txt") == "first\n")
    }

    @Test func errorsNameTheFile() throws {
        let store = TodoFileStore(path: "/nonexistent-dir/todo.txt", options: testOptions())
        #expect(throws: TaskStoreError.self) { try store.add("task") }
        do {
            try store.add("task")
        } catch {
            #expect(error.description.hasPrefix("cannot "))
            #expect(error.description.contains("/nonexistent-dir/todo.txt"))
        }
    }

    @Test func bytesTheFileHoldsSurvive() throws {
        let todo: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a \u{FF}\r\nb\r\n".utf8) + [0xFF, 0x0A]
        let store = InMemoryTaskStore(todo: todo, options: testOptions())
        try store.complete(try #require(try store.snapshot().task(atLine: 2)))
        #expect(
            store.todoBytes
                == [0xEF, 0xBB, 0xBF] + Array("a \u{FF}\r\nx 2026-11-22 b\r\n".utf8) + [0xFF, 0x0A])
    }
}
