public import TodoKit

/// The original app's model, `TODOItemStore`, over a todo.txt file: filtered and sorted items,
/// create, toggle, update and remove.
///
/// It holds `any TaskStore`, so the app passes a ``TodoKit/TodoFileStore`` and its tests an
/// ``TodoKit/InMemoryTaskStore``, as the original passed an on-disk or in-memory store.
public struct TodoItemStore: Sendable {
    /// Which items a list shows.
    public enum Filter: Sendable {
        /// Every task, done or not.
        case all
        /// Open tasks only.
        case undone
        /// Done tasks only.
        case done
    }

    /// What a list is sorted by.
    public enum Sort: Sendable {
        /// Most important first; tasks without an importance last.
        case importance
        /// By title, ignoring case.
        case title
    }

    /// The store the items live in.
    public let store: any TaskStore

    /// Creates the model over a store.
    public init(_ store: any TaskStore) {
        self.store = store
    }

    /// The items that pass the filter, sorted by the keys in order, then by file order.
    public func filteredItems(
        _ filter: Filter = .all, sortedBy sort: [Sort] = []
    )
        throws(TaskStoreError) -> [TodoRow]
    {
        try items(in: store.snapshot(), filter, sortedBy: sort)
    }

    /// The items of a snapshot that pass the filter, sorted by the keys in order, then by file
    /// order.
    public func items(
        in snapshot: TaskSnapshot, _ filter: Filter, sortedBy sort: [Sort]
    )
        throws(TaskStoreError) -> [TodoRow]
    {
        let query =
            switch filter {
            case .all: ""
            case .undone: "open"
            case .done: "done"
            }
        let keys = sort.map { $0 == .importance ? SortKey.priority : SortKey.text }
        return try snapshot.tasks(matching: query, sortedBy: keys, includingAll: true).map(
            TodoRow.init)
    }

    /// Adds an item at the end of the file.
    @discardableResult
    public func createItem(
        title: String, importance: Importance? = nil, isDone: Bool = false
    )
        throws(TaskStoreError) -> TodoRow
    {
        let prefix = importance.map { "(\($0.priority)) " } ?? ""
        var task = try store.add(prefix + title)
        if isDone { task = try store.complete(task) }
        return TodoRow(task)
    }

    /// Marks an open item done, or a done one open.
    @discardableResult
    public func toggle(_ row: TodoRow) throws(TaskStoreError) -> TodoRow {
        TodoRow(row.isDone ? try store.reopen(row.task) : try store.complete(row.task))
    }

    /// Changes an item's title and importance; the creation date stays.
    @discardableResult
    public func update(
        _ row: TodoRow, title: String, importance: Importance?
    )
        throws(TaskStoreError) -> TodoRow
    {
        var task = row.task
        if row.isDone {
            // `replace` keeps a priority and a creation date, not the completion mark: the new
            // text brings the old header along.
            let item = task.item
            let header = item.line.dropLast(item.descriptionBytes.count)
            task = try store.replace(task, with: String(decoding: header, as: UTF8.self) + title)
            return TodoRow(try store.setPriority(importance?.priority, of: task))
        }
        if let importance {
            // The new priority comes with the text: one write.
            return TodoRow(try store.replace(task, with: "(\(importance.priority)) \(title)"))
        }
        task = try store.replace(task, with: title)
        return TodoRow(try store.setPriority(nil, of: task))
    }

    /// Removes an item.
    public func remove(_ row: TodoRow) throws(TaskStoreError) {
        try store.delete(row.task)
    }
}
