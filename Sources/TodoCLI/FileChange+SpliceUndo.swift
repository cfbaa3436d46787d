import TodoHistory
import TodoStore

extension FileChange {
    /// Takes back `changes` (the files of one entry) without reading any file whole, when
    /// every hunk's new lines are still at their recorded places between their recorded
    /// neighbours: the store checks them all, file by file in pieces, before it writes any
    /// file (``TodoStorage/spliceLines(_:fits:)``), and writes each with the old lines in
    /// place of the new and the rest copied unread (or cut, when only an appended tail goes).
    ///
    /// The result is what ``undo(current:)`` gives on such files, and the record of the undo
    /// is the changes turned around (``inverted``).
    ///
    /// - Returns: The records of the undo, one per file, or `nil` when a hunk is not in place,
    ///   a file is missing, or the store cannot do it (nothing is written then: the caller
    ///   takes the whole-file way).
    /// - Throws: The store's error when a file cannot be read or written.
    static func undoBySplicing(
        _ changes: [FileChange], through storage: any TodoStorage
    ) throws -> [FileChange]? {
        let plans = changes.map { change in
            SplicePlan(
                path: change.path,
                splices: change.hunks.map { hunk in
                    LineSplice(
                        firstLine: hunk.afterStart, expected: hunk.after, replacement: hunk.before,
                        hasAbove: hunk.above != nil, hasBelow: hunk.below != nil)
                })
        }
        let found = try storage.spliceLines(plans) { plan, splice, above, below in
            let hunk = changes[plan].hunks[splice]
            return above.map { LineHash(of: $0) } == hunk.above
                && below.map { LineHash(of: $0) } == hunk.below
        }
        return found ? changes.map(\.inverted) : nil
    }
}
