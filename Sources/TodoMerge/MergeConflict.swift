/// One conflict of a merge: what kind it is, a one-line summary, and where its block is.
public struct MergeConflict: Sendable, Hashable {
    /// Why the merge could not decide.
    public enum Kind: Sendable, Hashable {
        /// Both sides changed the same task in ways that do not combine (same field, different
        /// values).
        case bothModified
        /// One side deleted a task that the other side changed.
        case deleteModify
        /// Both sides added the same task (same identity) with different text.
        case addAdd
        /// Ours or theirs already contains conflict markers, so the file was merged line by
        /// line instead of task by task; reported even when that merge was clean.
        case untrusted
        /// A hunk of the line-based merge that both sides changed differently.
        case lines
    }

    /// Why the merge could not decide.
    public var kind: Kind
    /// One line for stderr, such as
    /// `conflict: priority changed to (A) in ours and to (C) in theirs: "Call mom @phone"`.
    public var summary: String
    /// The 1-based line numbers of the conflict block in ``MergeResult/merged``, from the
    /// `<<<<<<<` line to the `>>>>>>>` line; `nil` for ``Kind/untrusted``, which has no block.
    public var lines: ClosedRange<Int>?

    /// Creates a conflict.
    public init(kind: Kind, summary: String, lines: ClosedRange<Int>?) {
        self.kind = kind
        self.summary = summary
        self.lines = lines
    }
}
