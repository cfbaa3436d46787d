import Testing
import TodoKit
import TodoTerminal
import TodoUI

/// The app's own scenarios, through the keys, against the in-memory store on a fixed day.
@Suite struct TaskListModelTests {
    @Test func addThreeToggleTwoLeavesOneOpen() {
        let store = memoryStore()
        var model = TaskListModel(store: store)
        #expect(model.rows.isEmpty)
        for text in ["Buy milk", "Call mom", "Pay rent"] {
            model.type("a")
            #expect(model.prompt?.label == "add: ")
            model.type(text)
            model.press(.enter)
            #expect(model.prompt == nil)
        }
        #expect(model.rowTexts == ["Buy milk", "Call mom", "Pay rent"])
        #expect(model.selectedTask?.text == "Pay rent")
        model.press(.home)
        model.type("x")
        #expect(model.status?.text == "task 1 done")
        // In the open view the task leaves the list and the next one is selected.
        #expect(model.selectedTask?.text == "Call mom")
        model.type(" ")
        #expect(model.rowTexts == ["Pay rent"])
        #expect(model.taskCount == 3)
        #expect(
            store.todoText == "x 2026-11-23 Buy milk\nx 2026-11-23 Call mom\nPay rent\n")
    }

    @Test func toggleTwiceGivesTheExactLineBack() {
        let original = "(A) 2026-11-20 Call mom +family due:2026-11-30\n"
        let store = memoryStore(original)
        var model = TaskListModel(store: store)
        model.show(.all)
        model.type("x")
        #expect(store.todoText == "x 2026-11-23 2026-11-20 Call mom +family due:2026-11-30\n")
        model.type("x")
        #expect(store.todoText == original)
        #expect(model.status?.text == "task 1 reopened as it was")
    }

    @Test func togglingATaskDoneBeforeReopensItAsTodoDoes() {
        let store = memoryStore("x 2026-11-01 Pay rent pri:B\n")
        var model = TaskListModel(store: store)
        model.show(.done)
        model.type("x")
        #expect(store.todoText == "(B) Pay rent\n")
        #expect(model.rows.isEmpty)
    }

    @Test func sortCyclesThroughTheFourSorts() {
        let store = memoryStore("b task due:2026-12-01\n(B) a task\n(A) c task due:2026-11-25\n")
        var model = TaskListModel(store: store)
        #expect(model.sort.description == "pri,text")
        #expect(
            model.rowTexts == ["(A) c task due:2026-11-25", "(B) a task", "b task due:2026-12-01"])
        model.type("s")
        #expect(model.sort.description == "text,pri")
        #expect(
            model.rowTexts == ["(B) a task", "b task due:2026-12-01", "(A) c task due:2026-11-25"])
        model.type("s")
        #expect(model.sort.description == "due,pri")
        #expect(
            model.rowTexts == ["(A) c task due:2026-11-25", "b task due:2026-12-01", "(B) a task"])
        model.type("s")
        #expect(model.sort.description == "line")
        #expect(
            model.rowTexts == ["b task due:2026-12-01", "(B) a task", "(A) c task due:2026-11-25"])
        model.type("s")
        #expect(model.sort.description == "pri,text")
    }

    @Test func aTypedSortIsParsedAndAMistakeKeepsThePromptOpen() {
        var model = TaskListModel(store: memoryStore("b\na\nc\n"))
        model.type("S")
        #expect(model.prompt?.editor.text == "pri,text")
        model.press(.control("u"))
        model.type("-text,bogus")
        model.press(.enter)
        #expect(model.prompt?.editor.text == "-text,bogus")
        #expect(model.status?.isError == true)
        #expect(model.status?.text.contains("unknown sort key 'bogus'") == true)
        for _ in 0..<6 { model.press(.backspace) }
        model.press(.enter)
        #expect(model.prompt == nil)
        #expect(model.rowTexts == ["c", "b", "a"])
        #expect(model.sort.cycleIndex == nil)
        model.type("s")
        #expect(model.sort.description == "pri,text")
    }

    @Test func viewsShowOpenDoneAndAll() {
        let store = memoryStore("open one\nx 2026-11-20 done one\nopen two\n")
        var model = TaskListModel(store: store)
        #expect(model.view == .open)
        #expect(model.rowTexts == ["open one", "open two"])
        model.press(.tab)
        #expect(model.view == .done)
        #expect(model.rowTexts == ["x 2026-11-20 done one"])
        model.press(.tab)
        #expect(model.view == .all)
        #expect(model.rows.count == 3)
        model.press(.tab)
        #expect(model.view == .open)
        model.type("2")
        #expect(model.view == .done)
        model.type("3")
        #expect(model.view == .all)
        model.type("1")
        #expect(model.view == .open)
    }

    @Test func deleteAsksFirst() {
        let store = memoryStore("a keep me\nb delete me\n")
        var model = TaskListModel(store: store)
        model.press(.end)
        model.type("d")
        #expect(model.prompt?.label == "Delete task 2? (y/n)")
        model.type("n")
        #expect(model.prompt == nil)
        #expect(model.status?.text == "task 2 kept")
        #expect(store.todoText == "a keep me\nb delete me\n")
        model.type("d")
        model.type("y")
        #expect(store.todoText == "a keep me\n\n")
        #expect(model.rowTexts == ["a keep me"])
        #expect(model.status?.text == "task 2 deleted")
    }

    @Test func priorityKeysSetAndRemoveThePriority() {
        let store = memoryStore("Call mom\n")
        var model = TaskListModel(store: store)
        model.type("pb")
        #expect(store.todoText == "(B) Call mom\n")
        model.type("p-")
        #expect(store.todoText == "Call mom\n")
        model.type("p?")
        #expect(model.status?.isError == true)
        #expect(store.todoText == "Call mom\n")
        model.type("p")
        model.press(.escape)
        #expect(model.status?.text == "priority unchanged")
    }

    @Test func editReplacesTheLineAsTodoReplaceDoes() {
        let store = memoryStore("(A) 2026-11-01 Call mom\n")
        var model = TaskListModel(store: store)
        model.press(.enter)
        #expect(model.prompt?.editor.text == "(A) 2026-11-01 Call mom")
        model.type(" @phone")
        model.press(.enter)
        #expect(model.prompt == nil)
        #expect(store.todoText == "(A) 2026-11-01 Call mom @phone\n")
        model.type("e")
        model.press(.control("u"))
        model.press(.enter)
        #expect(model.prompt != nil)
        #expect(model.status?.isError == true)
        model.press(.escape)
        #expect(model.prompt == nil)
        #expect(store.todoText == "(A) 2026-11-01 Call mom @phone\n")
    }

    @Test func addUsesTheStoresOptions() {
        let store = memoryStore(addsCreationDate: true)
        var model = TaskListModel(store: store)
        model.type("a(b) Water plants")
        model.press(.enter)
        #expect(store.todoText == "(B) 2026-11-23 Water plants\n")
        #expect(model.status?.text == "task 1 added")
    }

    @Test func archiveMovesDoneTasks() {
        let store = memoryStore("x 2026-11-20 old\nnew\n")
        var model = TaskListModel(store: store)
        model.type("A")
        #expect(store.todoText == "new\n")
        #expect(store.doneText == "x 2026-11-20 old\n")
        #expect(model.status?.text == "1 task archived")
        #expect(model.taskCount == 1)
    }

    @Test func movingKeysStayInTheList() {
        let lines = (1...30).map { "task \($0 < 10 ? "0" : "")\($0)" }
        var model = TaskListModel(store: memoryStore(lines.joined(separator: "\n") + "\n"))
        model.resize(rows: 10)
        model.type("k")
        #expect(model.selection == 0)
        model.type("jjj")
        #expect(model.selection == 3)
        model.press(.pageDown)
        #expect(model.selection == 13)
        #expect(model.top == 4)
        model.type("G")
        #expect(model.selection == 29)
        #expect(model.top == 20)
        model.press(.pageUp)
        #expect(model.selection == 19)
        model.type("g")
        #expect((model.selection, model.top) == (0, 0))
    }

    @Test func tabCompletesProjectsContextsAndKeys() {
        var model = TaskListModel(store: memoryStore("a +garden @home due:2026-12-01\nb +garage\n"))
        model.type("a")
        model.type("+gar")
        model.press(.tab)
        #expect(model.prompt?.editor.text == "+gar")
        #expect(model.status?.text == "+garage +garden")
        model.type("d")
        model.press(.tab)
        #expect(model.prompt?.editor.text == "+garden ")
        model.type("@h")
        model.press(.tab)
        model.type("du")
        model.press(.tab)
        #expect(model.prompt?.editor.text == "+garden @home due: ")
    }

    @Test func questionMarkShowsTheKeysUntilAKey() {
        var model = TaskListModel(store: memoryStore("a\n"))
        model.type("?")
        #expect(model.showsHelp)
        let outcome1 = model.handle(.text("q"))
        #expect(outcome1 == .handled)
        #expect(!model.showsHelp)
        let outcome2 = model.handle(.text("E"))
        #expect(outcome2 == .openEditor(line: 1))
        let outcome3 = model.handle(.text("q"))
        #expect(outcome3 == .quit)
        model.type("a")
        let outcome4 = model.handle(.control("c"))
        #expect(outcome4 == .quit)
    }
}
