/// The done files (`done.txt`) of the three versions of a todo.txt merge, so that the merge can
/// tell an archived task from a deleted one.
///
/// A task one side removed from todo.txt counts as archived on that side when a completed
/// version of it is among the lines that side added to its done file (compared with
/// ``base``), or failing that anywhere in that side's done file. An archived task never
/// conflicts with the other side's edit: it stays archived, and when the other side reopened
/// it or changed its text, the other side's version stays in todo.txt as an open task (a
/// completed one when the other side completed it with new text). A task both sides completed
/// is simply archived.
///
/// Each side's done file comes from the same commit as that side's todo.txt: in a merge, ours
/// from `HEAD` and theirs from `MERGE_HEAD`; in a rebase or cherry-pick, theirs from the commit
/// being applied and base from its parent. An empty array stands for a missing file.
public struct DoneFiles: Sendable, Hashable {
    /// The done file of the common ancestor (empty when unknown).
    public var base: [UInt8]
    /// The done file of the ours side.
    public var ours: [UInt8]
    /// The done file of the theirs side.
    public var theirs: [UInt8]

    /// Creates the set of done files; `base` may be left empty when it is unknown, at the cost
    /// of matching archived tasks against the whole of each side's done file.
    public init(base: [UInt8] = [], ours: [UInt8], theirs: [UInt8]) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
    }
}
