import Foundation
import TaskListApp
import Testing
import TodoKit

/// The list screen's view model over both stores.
@MainActor @Suite struct TaskListViewModelTests {
    @Test(arguments: TodoItemStoreTests.Kind.allCases)
    func buttonsChangeTheList(_ kind: TodoItemStoreTests.Kind) throws {
        let view = TaskListViewModel(store: try TodoItemStoreTests.emptyStore(kind))
        view.add(title: "Low", importance: .low)
        view.add(title: "Top", importance: .highest)
        view.add(title: "Unrated")
        #expect(view.rows.map(\.title) == ["Top", "Low", "Unrated"])
        view.toggle(view.rows[0])
        view.filter = .undone
        #expect(view.rows.map(\.title) == ["Low", "Unrated"])
        view.update(view.rows[1], title: "Rated", importance: .middle)
        #expect(view.rows.map(\.title) == ["Rated", "Low"])
        view.delete(view.rows[1])
        #expect(view.rows.map(\.title) == ["Rated"])
        #expect(view.message == nil)
    }

    @Test func anEditOfATaskChangedOnDiskChangesNothingAndReloads() throws {
        let store = InMemoryTaskStore(todo: "Call mom\nPay rent\n")
        let view = TaskListViewModel(store: store)
        view.sort = []
        let shown = view.rows[0]
        #expect(shown.title == "Call mom")
        store.replaceTodo(with: "Call dad\nPay rent\n")
        view.toggle(shown)
        #expect(store.todoText == "Call dad\nPay rent\n")
        #expect(view.message?.contains("changed") == true)
        #expect(view.rows.map(\.title) == ["Call dad", "Pay rent"])
    }

    @Test func followShowsAnotherProgramsEdit() async throws {
        let store = InMemoryTaskStore(todo: "Call mom\n")
        let view = TaskListViewModel(store: store)
        let following = Task { await view.follow() }
        defer { following.cancel() }
        store.replaceTodo(with: "Call mom\nPay rent\n")
        let deadline = ContinuousClock.now + .seconds(2)
        while view.rows.count < 2 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(view.rows.map(\.title) == ["Call mom", "Pay rent"])
    }
}
