/// One changed stretch of a file: the lines a command replaced, the lines it wrote instead, and
/// the fingerprint of the unchanged line on each side of them as the command left the file (so
/// the stretch can be found again after the file was edited elsewhere).
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
    package var above: LineHash?
    /// The line just below the new lines as the command left the file; `nil` at the end.
    package var below: LineHash?

    /// Creates a hunk from the neighbouring lines themselves.
    package init(
        beforeStart: Int, afterStart: Int, before: [[UInt8]], after: [[UInt8]],
        above: (some Collection<UInt8>)?, below: (some Collection<UInt8>)?
    ) {
        self.init(
            beforeStart: beforeStart, afterStart: afterStart, before: before, after: after,
            aboveHash: above.map { LineHash(of: $0) }, belowHash: below.map { LineHash(of: $0) })
    }

    /// Creates a hunk from the fingerprints of the neighbouring lines (as read back from a
    /// history).
    package init(
        beforeStart: Int, afterStart: Int, before: [[UInt8]], after: [[UInt8]],
        aboveHash: LineHash?, belowHash: LineHash?
    ) {
        self.beforeStart = beforeStart
        self.afterStart = afterStart
        self.before = before
        self.after = after
        self.above = aboveHash
        self.below = belowHash
    }

    /// The bytes of the lines the hunk holds (its size in a history).
    var byteCount: Int {
        before.reduce(0) { $0 + $1.count } + after.reduce(0) { $0 + $1.count }
            + (above == nil ? 0 : 8) + (below == nil ? 0 : 8)
    }
}
