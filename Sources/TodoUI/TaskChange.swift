package import TodoKit

/// One edit of one task, as the keys ask for it: kept as a value so that it can be tried on a
/// copy of the file (to merge it with a change made on disk) before it is written.
package enum TaskChange: Hashable, Sendable {
    /// `x` on an open task: `todo -a do N`.
    case complete
    /// `x` on a done task: the completion mark goes (`pri:X` becomes `(X)` again).
    case reopen
    /// Sets or removes the priority: `todo pri N X` / `todo depri N`.
    case setPriority(Priority?)
    /// The edit prompt, or `x` giving a task completed in this session its exact line back:
    /// `todo replace N TEXT`.
    case replace(String)
    /// `d`, confirmed: `todo -f del N`.
    case delete

    /// Makes the change in `store`.
    ///
    /// - Returns: The task as it is now; `nil` after ``delete``.
    /// - Throws: What the store throws, such as `TaskStoreError.taskChanged` when the file no
    ///   longer holds the task as it was read.
    @discardableResult
    package func apply(
        to task: StoredTask, in store: any TaskStore
    ) throws(TaskStoreError) -> StoredTask? {
        switch self {
        case .complete: return try store.complete(task)
        case .reopen: return try store.reopen(task)
        case .setPriority(let priority): return try store.setPriority(priority, of: task)
        case .replace(let text): return try store.replace(task, with: text)
        case .delete:
            try store.delete(task)
            return nil
        }
    }

    /// The `todo` command the change stands for on task `line`, as the history records it
    /// (`ui: do 3`).
    package func command(line: Int) -> String {
        let words: String
        switch self {
        case .complete: words = "do \(line)"
        case .reopen: words = "reopen \(line)"
        case .setPriority(let priority?): words = "pri \(line) \(priority)"
        case .setPriority(nil): words = "depri \(line)"
        case .replace(let text): words = "replace \(line) \(text)"
        case .delete: words = "del \(line)"
        }
        return "ui: " + words
    }

    /// What the status line says once the change is made to task `line`.
    package func report(line: Int) -> String {
        switch self {
        case .complete: "task \(line) done"
        case .reopen: "task \(line) reopened"
        case .setPriority(let priority?): "task \(line) has priority \(priority)"
        case .setPriority(nil): "task \(line) has no priority"
        case .replace: "task \(line) changed"
        case .delete: "task \(line) deleted"
        }
    }
}
