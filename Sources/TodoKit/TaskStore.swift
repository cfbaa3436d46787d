/// A todo.txt file (and its done.txt) as an app sees it: read, query, edit, observe.
///
/// ``TodoFileStore`` works on files on disk; ``InMemoryTaskStore`` holds the same files in
/// memory, for tests and previews. Code written against `any TaskStore` runs on either.
///
/// Every edit is one locked, atomic write of exactly the bytes the equivalent `todo` command
/// writes, and names the task it changes by a ``StoredTask`` read earlier. When the file no
/// longer holds that task as it was read, the edit throws
/// ``TaskStoreError/taskChanged(line:text:)`` and writes nothing: it never changes another
/// task in its place.
public protocol TaskStore: Sendable {
    /// How the store writes new and edited tasks.
    var options: TaskStoreOptions { get }

    /// Reads the todo file. A missing file reads as an empty one.
    func snapshot() throws(TaskStoreError) -> TaskSnapshot

    /// Adds a task at the end of the file, as `todo add TEXT` does: line breaks become spaces,
    /// `due:` and `t:` dates typed as words (`due:friday`) become dates (unless the options'
    /// ``TaskStoreOptions/resolvesTypedDates`` is off), a lower-case priority `(a)` is
    /// upper-cased, and the options' creation date and default priority are applied. A missing
    /// file is created.
    ///
    /// - Returns: The new task.
    @discardableResult
    func add(_ text: String) throws(TaskStoreError) -> StoredTask

    /// Marks a task done today, as `todo -a do N` does: `x DATE ` replaces the priority (kept
    /// as `pri:X` when the options say so). A task that is already done is left as it is.
    ///
    /// A task with a `rec:` tag comes back: its next occurrence (see
    /// `TODOItem.nextOccurrence(completedOn:)`) is added at the end of the file in the same
    /// write. A `rec:` value that is not a recurrence brings nothing back, and the task is
    /// still completed, as `todo do` completes it with a warning.
    ///
    /// - Returns: The task as it is now.
    @discardableResult
    func complete(_ task: StoredTask) throws(TaskStoreError) -> StoredTask

    /// Marks a done task open again: the completion mark and date go, and a `pri:X` tag
    /// becomes the priority `(X)` again. An open task is left as it is.
    ///
    /// - Returns: The task as it is now.
    @discardableResult
    func reopen(_ task: StoredTask) throws(TaskStoreError) -> StoredTask

    /// Sets the priority of an open task, as `todo pri N X` does, or removes it (`nil`), as
    /// `todo depri N` does. On a done task the `pri:` tag is set or removed instead.
    ///
    /// - Returns: The task as it is now.
    @discardableResult
    func setPriority(
        _ priority: Priority?, of task: StoredTask
    ) throws(TaskStoreError)
        -> StoredTask

    /// Replaces the text of a task, as `todo replace N TEXT` does: its priority and creation
    /// date stay unless the new text starts with its own, and the text is cleaned as
    /// ``add(_:)`` cleans it. The `x DATE` mark of a done task
    /// is replaced with the rest, so to keep a task done, start the text with it.
    ///
    /// - Returns: The task as it is now.
    @discardableResult
    func replace(_ task: StoredTask, with text: String) throws(TaskStoreError) -> StoredTask

    /// Deletes a task, as `todo -f del N` does: its line is emptied, or, when the options do
    /// not preserve line numbers, removed together with every other empty line.
    func delete(_ task: StoredTask) throws(TaskStoreError)

    /// Moves every done task to the done file and removes empty lines, as `todo archive`
    /// does. The tasks reach the done file before they leave the todo file.
    ///
    /// - Returns: The tasks that were moved, with the line numbers they had.
    @discardableResult
    func archive() throws(TaskStoreError) -> [StoredTask]
}

extension TaskStore {
    /// The tasks `todo query EXPRESSION --sort KEYS` lists, read from the file now; see
    /// ``TaskSnapshot/tasks(matching:sortedBy:includingAll:)-(Query,_,_)``.
    public func tasks(
        matching query: Query = Query(), sortedBy keys: [SortKey] = [],
        includingAll: Bool = false
    ) throws(TaskStoreError) -> [StoredTask] {
        try snapshot().tasks(matching: query, sortedBy: keys, includingAll: includingAll)
    }

    /// The tasks that match the query text, such as `+work due<today`, read from the file now.
    ///
    /// - Throws: ``TaskStoreError/invalidQuery(_:)`` when the text does not parse.
    public func tasks(
        matching text: String, sortedBy keys: [SortKey] = [], includingAll: Bool = false
    ) throws(TaskStoreError) -> [StoredTask] {
        try snapshot().tasks(matching: text, sortedBy: keys, includingAll: includingAll)
    }

    /// A snapshot now, and a new one each time the todo file's content changes, whoever
    /// changed it (this store, another program, `git pull`). The file is checked every
    /// `interval`. The sequence ends when the task iterating it is cancelled.
    public func snapshots(every interval: Duration = .milliseconds(250)) -> TaskSnapshots {
        TaskSnapshots(store: self, interval: interval)
    }
}
