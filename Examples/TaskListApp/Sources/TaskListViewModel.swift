public import TodoKit

/// The original app's list screen, without the screen: the rows to show, the filter and sort
/// the user picked, and the actions of its buttons. A SwiftUI app marks it `@Observable` and
/// runs ``follow()`` in a `.task` modifier.
///
/// When an action finds that its task changed on disk since the list was read (someone edited
/// the file), nothing is written; the list is read again and ``message`` says so.
@MainActor
public final class TaskListViewModel {
    /// The model.
    public let model: TodoItemStore
    /// The rows to show.
    public private(set) var rows: [TodoRow] = []
    /// Which rows to show; changing it reads the list again.
    public var filter: TodoItemStore.Filter = .all {
        didSet { reload() }
    }
    /// How to sort them; changing it reads the list again.
    public var sort: [TodoItemStore.Sort] = [.importance, .title] {
        didSet { reload() }
    }
    /// The last problem to tell the user about, or `nil`.
    public private(set) var message: String?

    /// Creates the view model over a store and reads the list.
    public init(store: any TaskStore) {
        model = TodoItemStore(store)
        reload()
    }

    /// Reads the list again.
    public func reload() {
        perform { () throws(TaskStoreError) in }
    }

    /// The "add" button.
    public func add(title: String, importance: Importance? = nil) {
        perform { () throws(TaskStoreError) in
            _ = try model.createItem(title: title, importance: importance)
        }
    }

    /// The check box of a row.
    public func toggle(_ row: TodoRow) {
        perform { () throws(TaskStoreError) in _ = try model.toggle(row) }
    }

    /// The edit sheet's "save" button.
    public func update(_ row: TodoRow, title: String, importance: Importance?) {
        perform { () throws(TaskStoreError) in
            _ = try model.update(row, title: title, importance: importance)
        }
    }

    /// Swipe to delete.
    public func delete(_ row: TodoRow) {
        perform { () throws(TaskStoreError) in try model.remove(row) }
    }

    /// Keeps ``rows`` in step with the file until the calling task is cancelled: another
    /// program's edits show up within a fraction of a second.
    public func follow() async {
        do {
            for try await snapshot in model.store.snapshots() {
                rows = try model.items(in: snapshot, filter, sortedBy: sort)
            }
        } catch {
            message = error.description
        }
    }

    /// Runs an action, then reads the list again; a refusal becomes ``message``.
    private func perform(_ action: () throws(TaskStoreError) -> Void) {
        message = nil
        do {
            try action()
        } catch {
            switch error {
            case .taskChanged:
                message = "The task was changed in the file meanwhile; the list was reloaded."
            default:
                message = error.description
            }
        }
        do {
            rows = try model.filteredItems(filter, sortedBy: sort)
        } catch {
            message = error.description
        }
    }
}
