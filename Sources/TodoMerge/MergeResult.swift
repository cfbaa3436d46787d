/// The outcome of a three-way merge.
public struct MergeResult: Sendable, Hashable {
    /// The bytes to write over ours: the clean merge, or the merge with one conflict block per
    /// conflicting task (or per conflicting hunk, for a line-based merge).
    public var merged: [UInt8]
    /// The conflicts, in the order their blocks appear in ``merged``; empty for a clean merge.
    public var conflicts: [MergeConflict]

    /// Creates a result.
    public init(merged: [UInt8], conflicts: [MergeConflict]) {
        self.merged = merged
        self.conflicts = conflicts
    }

    /// Whether the merge had no conflicts (a merge driver exits 0 exactly then).
    public var isClean: Bool { conflicts.isEmpty }
}
