import Synchronization
import Testing
import TodoKit
import TodoTerminal
import TodoUI

/// A history kept beside an in-memory store: each recorded change keeps the todo file as it
/// was before, and an undo puts it back (the real history, shared with `todo undo`, is tested
/// through the built binary in `EndToEndTests`).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class MemoryHistory: UndoHistory {
    let store: InMemoryTaskStore
    private let entries = Mutex<[(command: String, before: String)]>([])
    /// What `recording` reports as a warning, when set.
    let failsToRecord: String?

    init(_ store: InMemoryTaskStore, failsToRecord: String? = nil) {
        self.store = store
        self.failsToRecord = failsToRecord
    }

    /// The recorded commands, oldest first.
    var commands: [String] { entries.withLock { $0.map(\.command) } }

    func recording<Result>(
        _ command: String, touchesDoneFile: Bool,
        _ write: () throws(TaskStoreError) -> Result
    ) throws(TaskStoreError) -> (result: Result, warning: String?) {
        let before = store.todoText
        let result = try write()
        if let failsToRecord { return (result, failsToRecord) }
        if store.todoText != before {
            entries.withLock { $0.append((command, before)) }
        }
        return (result, nil)
    }

    func undoLast() throws(UndoRefusal) -> String {
        guard let last = entries.withLock({ $0.popLast() }) else {
            throw UndoRefusal("nothing to undo")
        }
        store.replaceTodo(with: last.before)
        return "undid '\(last.command)'"
    }
}

/// `u`: every change the list writes is recorded, and `u` takes the last one back, keeping the
/// selection and saying what it did.
@Suite struct UndoTests {
    @Test func everyChangeIsRecordedAsTheCommandItStandsFor() {
        let store = memoryStore("(B) call mom\npay rent\n")
        let history = MemoryHistory(store)
        var model = TaskListModel(store: store, history: history)
        model.show(.all)
        model.type("apbuy milk")
        model.press(.enter)
        model.press(.home)
        model.type("x")
        model.type("pA")
        model.press(.down)
        model.type("dy")
        model.type("A")
        #expect(
            history.commands == [
                "ui: add pbuy milk", "ui: do 1", "ui: pri 1 A", "ui: del 2", "ui: archive",
            ])
    }

    @Test func undoTakesBackTheLastChangeAndKeepsTheSelection() {
        let store = memoryStore("call mom\npay rent\nbuy milk\n")
        let history = MemoryHistory(store)
        var model = TaskListModel(store: store, history: history)
        model.show(.all)
        for _ in 0..<3 where model.selectedTask?.line != 2 { model.press(.down) }
        model.type("x")
        #expect(store.todoText == "call mom\nx 2026-11-23 pay rent\nbuy milk\n")
        #expect(model.selectedTask?.line == 2)
        model.press(.home)
        let first = model.selectedTask?.text
        #expect(first != nil)
        model.type("u")
        #expect(store.todoText == "call mom\npay rent\nbuy milk\n")
        #expect(model.status == .info("undid 'ui: do 2'"))
        #expect(model.selectedTask?.text == first)
        #expect(model.rowTexts == ["buy milk", "call mom", "pay rent"])
    }

    @Test func undoOfTheSelectedTaskStaysOnItsLine() {
        let store = memoryStore("call mom\npay rent\n")
        var model = TaskListModel(store: store, history: MemoryHistory(store))
        model.show(.all)
        model.press(.down)
        #expect(model.selectedTask?.text == "pay rent")
        model.type("e")
        model.press(.control("u"))
        for scalar in "aaa pay rent".unicodeScalars { model.press(.text(scalar)) }
        model.press(.enter)
        // Sorted by text, the edited task moved to the top, and the selection with it.
        #expect(model.rowTexts == ["aaa pay rent", "call mom"])
        #expect(model.selection == 0)
        model.type("u")
        #expect(store.todoText == "call mom\npay rent\n")
        #expect(model.rowTexts == ["call mom", "pay rent"])
        #expect(model.selectedTask?.text == "pay rent")
    }

    @Test func nothingToUndoSaysSoAndChangesNothing() {
        let store = memoryStore("call mom\n")
        var model = TaskListModel(store: store, history: MemoryHistory(store))
        model.type("u")
        #expect(model.status == .error("undo: nothing to undo"))
        #expect(store.todoText == "call mom\n")
    }

    @Test func withoutAHistoryUndoSaysThereIsNone() {
        var model = TaskListModel(store: memoryStore("call mom\n"))
        model.type("u")
        #expect(model.status?.isError == true)
        #expect(model.status?.text.hasPrefix("undo: there is no history") == true)
    }

    @Test func aChangeThatCannotBeRecordedSaysSoButIsWritten() {
        let store = memoryStore("call mom\n")
        var model = TaskListModel(
            store: store, history: MemoryHistory(store, failsToRecord: "disk full"))
        model.type("x")
        #expect(store.todoText == "x 2026-11-23 call mom\n")
        #expect(model.status == .error("task 1 done; not recorded for undo: disk full"))
    }
}
