/// The outcome of a three-way merge.
public struct MergeResult: Sendable, Hashable {
    /// The bytes to write over ours: the clean merge, or the merge with one conflict block per
    /// conflicting task (or per conflicting hunk, for a line-based merge).
    public var merged: [UInt8]
    /// The conflicts, in the order their blocks appear in ``merged``; empty for a clean merge.
    public var conflicts: [MergeConflict]
    /// One line per decision worth telling the user that is not a conflict, such as
    /// `kept: archived in ours but edited in theirs: "Call mom @phone"` (a task one side
    /// archived and the other side edited, kept open in todo.txt).
    public var notes: [String]

    /// Creates a result.
    public init(merged: [UInt8], conflicts: [MergeConflict], notes: [String] = []) {
        self.merged = merged
        self.conflicts = conflicts
        self.notes = notes
    }

    /// Whether the merge had no conflicts (a merge driver exits 0 exactly then).
    public var isClean: Bool { conflicts.isEmpty }
}
