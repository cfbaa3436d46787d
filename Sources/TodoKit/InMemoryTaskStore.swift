import Synchronization

/// A ``TaskStore`` whose todo and done files live in memory: for tests, previews and
/// playgrounds. It writes exactly the bytes ``TodoFileStore`` would write to disk.
///
/// ```swift
/// let store = InMemoryTaskStore(todo: "(B) Call mom\nPay rent\n")
/// try store.complete(try store.tasks(matching: "rent")[0])
/// store.todoText   // "(B) Call mom\nx 2026-11-22 Pay rent\n" on 2026-11-22
/// ```
///
/// ``replaceTodo(with:)`` stands in for another program writing the file, to test how an app
/// copes with edits it did not make.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class InMemoryTaskStore: TaskStore {
    /// The paths the files are kept under (they appear in error messages).
    private static let todoPath = "todo.txt"
    private static let donePath = "done.txt"

    /// How the store writes new and edited tasks.
    public let options: TaskStoreOptions
    private let files: Mutex<StorageFiles>

    /// Creates a store holding these bytes as its todo and done files.
    public init(todo: [UInt8], done: [UInt8] = [], options: TaskStoreOptions = .init()) {
        self.options = options
        files = Mutex(.memory([Self.todoPath: todo, Self.donePath: done]))
    }

    /// Creates a store holding this text as its todo and done files.
    public convenience init(
        todo: String = "", done: String = "", options: TaskStoreOptions = .init()
    ) {
        self.init(todo: Array(todo.utf8), done: Array(done.utf8), options: options)
    }

    /// The todo file's bytes.
    public var todoBytes: [UInt8] { bytes(Self.todoPath) }
    /// The done file's bytes.
    public var doneBytes: [UInt8] { bytes(Self.donePath) }
    /// The todo file as text (invalid UTF-8 shows as U+FFFD).
    public var todoText: String { String(decoding: todoBytes, as: UTF8.self) }
    /// The done file as text (invalid UTF-8 shows as U+FFFD).
    public var doneText: String { String(decoding: doneBytes, as: UTF8.self) }

    /// Replaces the todo file's content without going through the store, as an editor or
    /// `git pull` would.
    public func replaceTodo(with text: String) {
        files.withLock { files in
            // An in-memory write fails only when a test sets that up; this store never does.
            try? files.overwrite(Self.todoPath, with: Array(text.utf8))
        }
    }

    private func bytes(_ path: String) -> [UInt8] {
        files.withLock { files in (try? files.read(path))??.serialized() ?? [] }
    }

    private func run<Result: Sendable>(
        _ body: (TaskEditor) throws(TaskStoreError) -> Result
    ) throws(TaskStoreError) -> Result {
        try files.withLock { (files: inout StorageFiles) throws(TaskStoreError) -> Result in
            try body(
                TaskEditor(
                    files: files, todoPath: Self.todoPath, donePath: Self.donePath,
                    options: options))
        }
    }

    /// Reads the todo file.
    public func snapshot() throws(TaskStoreError) -> TaskSnapshot {
        try run { editor throws(TaskStoreError) in try editor.snapshot() }
    }

    /// Adds a task, as `todo add TEXT` does.
    @discardableResult
    public func add(_ text: String) throws(TaskStoreError) -> StoredTask {
        try run { editor throws(TaskStoreError) in try editor.add(text) }
    }

    /// Marks a task done, as `todo -a do N` does.
    @discardableResult
    public func complete(_ task: StoredTask) throws(TaskStoreError) -> StoredTask {
        try run { editor throws(TaskStoreError) in try editor.complete(task) }
    }

    /// Marks a done task open again.
    @discardableResult
    public func reopen(_ task: StoredTask) throws(TaskStoreError) -> StoredTask {
        try run { editor throws(TaskStoreError) in try editor.reopen(task) }
    }

    /// Sets or removes a priority, as `todo pri` and `todo depri` do.
    @discardableResult
    public func setPriority(
        _ priority: Priority?, of task: StoredTask
    ) throws(TaskStoreError)
        -> StoredTask
    {
        try run { editor throws(TaskStoreError) in try editor.setPriority(priority, of: task) }
    }

    /// Replaces a task's text, as `todo replace N TEXT` does.
    @discardableResult
    public func replace(
        _ task: StoredTask, with text: String
    ) throws(TaskStoreError)
        -> StoredTask
    {
        try run { editor throws(TaskStoreError) in try editor.replace(task, with: text) }
    }

    /// Deletes a task, as `todo -f del N` does.
    public func delete(_ task: StoredTask) throws(TaskStoreError) {
        try run { editor throws(TaskStoreError) in try editor.delete(task) }
    }

    /// Moves done tasks to the done file, as `todo archive` does.
    @discardableResult
    public func archive() throws(TaskStoreError) -> [StoredTask] {
        try run { editor throws(TaskStoreError) in try editor.archive() }
    }
}
