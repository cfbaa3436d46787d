/// One changed stretch of a file: the lines a command replaced, the lines it wrote instead, and
/// the unchanged line on each side of them as the command left the file (so the stretch can be
/// found again after the file was edited elsewhere).
package struct Hunk: Hashable, Sendable {
    /// The 0-based index of the first replaced line in the file before the command.
    package var beforeStart: Int
    /// The 0-based index of the first new line in the file as the command left it.
    package var afterStart: Int
    /// The replaced lines, each with its terminator.
    package var before: [[UInt8]]
    /// The new lines, each with its terminator.
    package var after: [[UInt8]]
    /// The line just above the new lines as the command left the file; `nil` at the start.
    package var above: [UInt8]?
    /// The line just below the new lines as the command left the file; `nil` at the end.
    package var below: [UInt8]?

    /// Creates a hunk.
    package init(
        beforeStart: Int, afterStart: Int, before: [[UInt8]], after: [[UInt8]], above: [UInt8]?,
        below: [UInt8]?
    ) {
        self.beforeStart = beforeStart
        self.afterStart = afterStart
        self.before = before
        self.after = after
        self.above = above
        self.below = below
    }

    /// The bytes of the lines the hunk holds (its size in a history).
    var byteCount: Int {
        before.reduce(0) { $0 + $1.count } + after.reduce(0) { $0 + $1.count }
            + (above?.count ?? 0) + (below?.count ?? 0)
    }
}
