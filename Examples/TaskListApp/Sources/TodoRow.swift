public import TodoKit

/// One task as the app shows it: what the original app's item held, read from a todo.txt line.
///
/// A todo.txt task is one line, so the original app's separate detail text has no place here;
/// `+projects`, `@contexts` and `key:value` tags stay part of the title.
public struct TodoRow: Hashable, Sendable, Identifiable {
    /// The task in the store, to hand back for edits.
    public let task: StoredTask

    /// Wraps a stored task.
    public init(_ task: StoredTask) {
        self.task = task
    }

    /// The line number, unique within one reading of the file.
    public var id: Int { task.line }
    /// The text after the priority and dates.
    public var title: String { task.item.description }
    /// Whether the task is done.
    public var isDone: Bool { task.item.isDone }
    /// The importance, from the priority (a done task's `pri:` tag).
    public var importance: Importance? {
        if let priority = task.item.priority { return Importance(priority) }
        return task.item.tagValue("pri").flatMap { Priority($0) }.flatMap { Importance($0) }
    }
}
