import Testing
import TodoKit
import TodoTerminal
import TodoUI

/// The view follows the file, and a change to a task changed on disk goes through the merge.
@Suite struct FollowingTests {
    @Test func anExternalChangeReloadsAndKeepsTheSelection() {
        let store = memoryStore("one\ntwo\nthree\n")
        var model = TaskListModel(store: store)
        model.type("s")
        model.type("s")
        model.type("s")
        #expect(model.sort.description == "line")
        model.type("j")
        #expect(model.selectedTask?.text == "two")
        let unchanged = model.followFile()
        #expect(!unchanged)
        store.replaceTodo(with: "zero\none\ntwo\nthree\n")
        let changed = model.followFile()
        #expect(changed)
        #expect(model.selectedTask?.text == "two")
        #expect(model.selectedTask?.line == 3)
        #expect(model.status?.text == "the file changed on disk; reloaded")
    }

    @Test func aChangeToATaskChangedOnDiskIsMerged() {
        let store = memoryStore("Call mom\nPay rent\n")
        var model = TaskListModel(store: store)
        model.type("s")
        model.type("s")
        model.type("s")
        // Someone else gives the task a priority and adds a task above it; the screen still
        // shows the old file when `x` is pressed.
        store.replaceTodo(with: "New task\n(B) Call mom\nPay rent\n")
        model.type("x")
        #expect(store.todoText == "New task\nx 2026-11-23 Call mom\nPay rent\n")
        #expect(model.status?.text.hasSuffix("(merged with the change made on disk)") == true)
    }

    @Test func anEditMergesWithADifferentChangeOnDisk() {
        let store = memoryStore("(A) Call mom\n")
        var model = TaskListModel(store: store)
        model.press(.enter)
        model.type(" @phone")
        store.replaceTodo(with: "(B) Call mom\n")
        model.followFile()
        #expect(model.prompt?.editor.text == "(A) Call mom @phone")
        model.press(.enter)
        #expect(model.prompt == nil)
        #expect(store.todoText == "(B) Call mom @phone\n")
    }

    @Test func aChangeThatCannotBePlacedKeepsTheUsersTextInThePrompt() {
        let store = memoryStore("Call mom\nPay rent\n")
        var model = TaskListModel(store: store)
        model.type("s")
        model.type("s")
        model.type("s")
        model.press(.enter)
        model.press(.control("u"))
        model.type("Call mom tonight")
        // The external change arrives while the prompt is open.
        store.replaceTodo(with: "Call dad\nPay rent\n")
        let changed = model.followFile()
        #expect(changed)
        #expect(model.prompt?.editor.text == "Call mom tonight")
        #expect(model.rowTexts == ["Call dad", "Pay rent"])
        model.press(.enter)
        #expect(store.todoText == "Call dad\nPay rent\n")
        #expect(model.prompt?.editor.text == "Call mom tonight")
        #expect(model.status?.isError == true)
        #expect(
            model.status?.text.contains("changed on disk and this change cannot be placed") == true)
        // Enter again, having seen the message, writes the text over the task as it is now.
        model.press(.enter)
        #expect(model.prompt == nil)
        #expect(store.todoText == "Call mom tonight\nPay rent\n")
    }

    @Test func aTaskRemovedOnDiskIsNotRecreated() {
        let store = memoryStore("Call mom\nPay rent\n")
        var model = TaskListModel(store: store)
        model.type("s")
        model.type("s")
        model.type("s")
        store.replaceTodo(with: "Pay rent\n")
        model.type("pA")
        #expect(store.todoText == "Pay rent\n")
        #expect(model.status?.isError == true)
        #expect(model.rowTexts == ["Pay rent"])
    }

    @Test func theSameChangeMadeOnDiskWritesNothing() {
        let store = memoryStore("Call mom\n")
        var model = TaskListModel(store: store)
        store.replaceTodo(with: "x 2026-11-23 Call mom\n")
        model.type("x")
        #expect(store.todoText == "x 2026-11-23 Call mom\n")
        #expect(model.status?.text.contains("nothing to write") == true)
    }
}
