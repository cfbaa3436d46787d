/// Sort keys by name, so that a sort reads `sortedBy: [.priority, .text]`.
extension SortKey {
    /// Priority, `A` first (a done task's `pri:` tag counts); tasks without one last.
    public static let priority = SortKey(.priority)
    /// The `due:` date, earliest first; tasks without one last.
    public static let due = SortKey(.due)
    /// The creation date, oldest first; tasks without one last.
    public static let created = SortKey(.created)
    /// The completion date, oldest first; open tasks last.
    public static let completed = SortKey(.completed)
    /// The description, ignoring case.
    public static let text = SortKey(.text)
    /// Open tasks before done ones.
    public static let done = SortKey(.done)
    /// File order.
    public static let line = SortKey(.line)
}
