/// A task as a store read it: its line number and its parsed line.
///
/// Hand it back to the store to edit it. The store edits the task only while the file still
/// holds the same line; if it moved (lines added or removed above it), the store finds it by
/// its text, and otherwise refuses with ``TaskStoreError/taskChanged(line:text:)``.
public struct StoredTask: Hashable, Sendable, CustomStringConvertible {
    /// The physical line number in the todo file, 1-based: the number `todo` shows.
    public let line: Int
    /// The parsed line.
    public let item: TODOItem

    /// Pairs a line number with an item.
    package init(line: Int, item: TODOItem) {
        self.line = line
        self.item = item
    }

    /// The line's text (invalid UTF-8 shows as U+FFFD; the item keeps the bytes).
    public var text: String { String(decoding: item.line, as: UTF8.self) }

    /// `NUMBER TEXT`, as `todo ls` lists a task.
    public var description: String { "\(line) \(text)" }
}
