package import TodoKit

/// The undo history the list shares with `todo undo`: every change the list writes is recorded
/// in it, and `u` takes back the most recent change recorded there, whichever program made it.
///
/// The list only asks; where the history lives and how a change is taken back (through the
/// three-way merge, so that edits made since are kept) is the history's business.
package protocol UndoHistory: Sendable {
    /// Makes one change through `write` and records what it changed in the todo file and the
    /// done file under `command` (such as `ui: do 3`); the done file only when
    /// `touchesDoneFile` (archiving), so that other changes do not read it.
    ///
    /// - Returns: What `write` returned, and a warning (one line) when the change was written
    ///   but could not be recorded.
    /// - Throws: What `write` throws; nothing is recorded then.
    func recording<Result>(
        _ command: String, touchesDoneFile: Bool,
        _ write: () throws(TaskStoreError) -> Result
    ) throws(TaskStoreError) -> (result: Result, warning: String?)

    /// Takes back the most recent recorded change.
    ///
    /// - Returns: What was taken back, for the status line (`undid 'do 3' (1 changed)`).
    /// - Throws: ``UndoRefusal`` when there is nothing to undo, or when the change cannot be
    ///   taken back; nothing was written then.
    func undoLast() throws(UndoRefusal) -> String
}

/// Why `u` changed nothing, in one line.
package struct UndoRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, such as `nothing to undo`.
    package var description: String

    /// A refusal with its reason.
    package init(_ description: String) {
        self.description = description
    }
}
