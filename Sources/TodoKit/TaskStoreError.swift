/// Why a task store refused a request. Nothing was written when one is thrown.
///
/// Its ``description`` is one line that names the task, the file or the bad value.
public enum TaskStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The task is no longer in the file as it was read (someone edited, removed or moved it,
    /// or another line now holds the same text too), so the store did not guess which line to
    /// change. Read the tasks again and retry.
    case taskChanged(line: Int, text: String)
    /// A new task or a replacement text was empty.
    case emptyText
    /// The query or the sort keys did not parse, or a relative date range runs backwards.
    case invalidQuery(QueryError)
    /// The edit would produce a line that reads back differently (see `TODOItemError`).
    case invalidEdit(line: Int, reason: String)
    /// A file could not be read or written.
    case file(operation: String, path: String, reason: String)

    /// One line such as `task 3 changed on disk since it was read: 'call mom'`.
    public var description: String {
        switch self {
        case .taskChanged(let line, let text):
            "task \(line) changed on disk since it was read: '\(text)'"
        case .emptyText: "the text of a task cannot be empty"
        case .invalidQuery(let error): "query: \(error)"
        case .invalidEdit(let line, let reason): "cannot edit task \(line): \(reason)"
        case .file(let operation, let path, let reason): "cannot \(operation) \(path): \(reason)"
        }
    }
}
