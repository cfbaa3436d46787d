/// A ``TaskStore`` on a todo.txt file on disk, and the done.txt that ``archive()`` moves done
/// tasks to.
///
/// The store keeps no copy of the file: every call reads it, and every edit is one TodoStore
/// write (locked against other writers such as `todo`, atomic, byte for byte), so the store
/// can be shared freely between tasks and threads, and edits made meanwhile by other programs
/// are never lost.
///
/// ```swift
/// let store = TodoFileStore(path: "/home/me/todo.txt")
/// let next = try store.tasks(matching: "+work", sortedBy: [.priority, .due])
/// ```
public struct TodoFileStore: TaskStore {
    /// The todo file.
    public let path: String
    /// The done file.
    public let donePath: String
    /// How the store writes new and edited tasks.
    public let options: TaskStoreOptions

    /// Opens the store on a todo file. Nothing is read or created until it is used; a missing
    /// file reads as empty, and adding a task creates it.
    ///
    /// - Parameters:
    ///   - path: The todo file.
    ///   - donePath: The done file; `done.txt` beside the todo file by default.
    ///   - options: How to write tasks; `todo`'s defaults by default.
    public init(path: String, donePath: String? = nil, options: TaskStoreOptions = .init()) {
        self.path = path
        self.donePath = donePath ?? Self.sibling(of: path, named: "done.txt")
        self.options = options
    }

    /// `name` in the directory of `path`.
    static func sibling(of path: String, named name: String) -> String {
        guard let slash = path.utf8.lastIndex(of: 0x2F) else { return name }
        return String(path[...slash]) + name
    }

    private var editor: TaskEditor {
        TaskEditor(files: .disk(), todoPath: path, donePath: donePath, options: options)
    }

    /// Reads the todo file; a missing file reads as empty.
    public func snapshot() throws(TaskStoreError) -> TaskSnapshot { try editor.snapshot() }

    /// Adds a task, as `todo add TEXT` does.
    @discardableResult
    public func add(_ text: String) throws(TaskStoreError) -> StoredTask { try editor.add(text) }

    /// Marks a task done, as `todo -a do N` does.
    @discardableResult
    public func complete(_ task: StoredTask) throws(TaskStoreError) -> StoredTask {
        try editor.complete(task)
    }

    /// Marks a done task open again.
    @discardableResult
    public func reopen(_ task: StoredTask) throws(TaskStoreError) -> StoredTask {
        try editor.reopen(task)
    }

    /// Sets or removes a priority, as `todo pri` and `todo depri` do.
    @discardableResult
    public func setPriority(
        _ priority: Priority?, of task: StoredTask
    ) throws(TaskStoreError)
        -> StoredTask
    {
        try editor.setPriority(priority, of: task)
    }

    /// Replaces a task's text, as `todo replace N TEXT` does.
    @discardableResult
    public func replace(
        _ task: StoredTask, with text: String
    ) throws(TaskStoreError)
        -> StoredTask
    {
        try editor.replace(task, with: text)
    }

    /// Deletes a task, as `todo -f del N` does.
    public func delete(_ task: StoredTask) throws(TaskStoreError) { try editor.delete(task) }

    /// Moves done tasks to the done file, as `todo archive` does.
    @discardableResult
    public func archive() throws(TaskStoreError) -> [StoredTask] { try editor.archive() }
}
