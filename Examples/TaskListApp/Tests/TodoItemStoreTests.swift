import Foundation
import TaskListApp
import TestSupport
import Testing
import TodoKit

/// The original app's model tests, against the in-memory store and a real temporary file.
@Suite struct TodoItemStoreTests {
    enum Kind: String, CaseIterable, Sendable { case memory, file }

    /// An empty store of this kind, living on 2026-11-22.
    static func emptyStore(_ kind: Kind, todo: String = "") throws -> any TaskStore {
        let day = try #require(LocalDate("2026-11-22"))
        let options = TaskStoreOptions(today: { day })
        switch kind {
        case .memory:
            return InMemoryTaskStore(todo: todo, options: options)
        case .file:
            // Removed when the test process exits: the store outlives this function.
            let directory = try TestDirectories.make("tasklistapp")
            try Data(todo.utf8).write(to: URL(fileURLWithPath: directory + "/todo.txt"))
            return TodoFileStore(path: directory + "/todo.txt", options: options)
        }
    }

    @Test(arguments: Kind.allCases)
    func sortsByImportanceThenTitleAndByTitleThenImportance(_ kind: Kind) throws {
        let model = TodoItemStore(try Self.emptyStore(kind))
        try model.createItem(title: "Middle", importance: .middle)
        try model.createItem(title: "Low", importance: .low)
        try model.createItem(title: "Highest", importance: .highest)
        let byImportance = try model.filteredItems(sortedBy: [.importance, .title])
        #expect(byImportance.map(\.title) == ["Highest", "Middle", "Low"])
        let byTitle = try model.filteredItems(sortedBy: [.title, .importance])
        #expect(byTitle.map(\.title) == ["Highest", "Low", "Middle"])
        #expect(byImportance.map(\.importance) == [.highest, .middle, .low])
    }

    @Test(arguments: Kind.allCases)
    func addThreeMarkTwoDoneAndTheUndoneListHoldsOne(_ kind: Kind) throws {
        let model = TodoItemStore(try Self.emptyStore(kind))
        let first = try model.createItem(title: "First")
        try model.createItem(title: "Second")
        let third = try model.createItem(title: "Third")
        try model.toggle(first)
        try model.toggle(third)
        #expect(try model.filteredItems(.undone).map(\.title) == ["Second"])
        #expect(try model.filteredItems(.done).map(\.title) == ["First", "Third"])
        #expect(try model.filteredItems().count == 3)
        // Toggling a done item opens it again.
        let reopened = try model.toggle(try #require(model.filteredItems(.done).first))
        #expect(!reopened.isDone)
        #expect(try model.filteredItems(.undone).map(\.title) == ["First", "Second"])
    }

    @Test(arguments: Kind.allCases)
    func createsADoneItem(_ kind: Kind) throws {
        let model = TodoItemStore(try Self.emptyStore(kind))
        let row = try model.createItem(title: "Already", importance: .high, isDone: true)
        #expect(row.isDone)
        #expect(row.task.text == "x 2026-11-22 Already")
    }

    @Test(arguments: Kind.allCases)
    func deletes(_ kind: Kind) throws {
        let model = TodoItemStore(try Self.emptyStore(kind))
        try model.createItem(title: "Keep")
        let doomed = try model.createItem(title: "Remove")
        try model.remove(doomed)
        #expect(try model.filteredItems().map(\.title) == ["Keep"])
        // The removed task's line is emptied, so the others keep their numbers.
        #expect(try model.store.snapshot().bytes == Array("Keep\n\n".utf8))
    }

    @Test(arguments: Kind.allCases)
    func edits(_ kind: Kind) throws {
        let model = TodoItemStore(try Self.emptyStore(kind, todo: "(C) 2026-11-01 Old title\n"))
        let row = try #require(try model.filteredItems().first)
        let renamed = try model.update(row, title: "New title", importance: .highest)
        #expect(renamed.title == "New title")
        #expect(renamed.importance == .highest)
        #expect(renamed.task.text == "(A) 2026-11-01 New title")
        let plain = try model.update(renamed, title: "Plain", importance: nil)
        #expect(plain.task.text == "2026-11-01 Plain")
        let done = try model.toggle(plain)
        let doneEdit = try model.update(done, title: "Done edit", importance: .low)
        #expect(doneEdit.task.text == "x 2026-11-22 2026-11-01 Done edit pri:D")
        #expect(doneEdit.importance == .low)
    }
}
