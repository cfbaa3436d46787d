import TodoHistory
import TodoPlatform
import TodoStore

extension FileChange {
    /// Takes back `changes` (the files of one entry) without reading any file whole, when
    /// every hunk's new lines are still at their recorded places between their recorded
    /// neighbours: the store checks them all, file by file in pieces, before it writes any
    /// file (``TodoStorage/spliceLines(_:lines:)``), and writes each with the old lines in
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
            SplicePlan.undoing(
                path: change.path,
                change.hunks.map {
                    ($0.afterStart, $0.after.count, $0.before.count, $0.above, $0.below)
                })
        }
        var lines = RecordedLines(changes: changes)
        return try storage.spliceLines(plans, lines: &lines) ? changes.map(\.inverted) : nil
    }
}

extension SplicePlan {
    /// The plan that takes back the hunks of a change of the file at `path`: each hunk's new
    /// lines, at their recorded place, replaced by its old ones.
    static func undoing(
        path: String,
        _ hunks: [(
            afterStart: Int, afterCount: Int, beforeCount: Int, above: LineHash?, below: LineHash?
        )]
    ) -> SplicePlan {
        SplicePlan(
            path: path,
            splices: hunks.map { hunk in
                LineSplice(
                    firstLine: hunk.afterStart, expectedCount: hunk.afterCount,
                    replacementCount: hunk.beforeCount, hasAbove: hunk.above != nil,
                    hasBelow: hunk.below != nil)
            })
    }

    /// Hands the bytes of `line` to `body`.
    static func hand(
        _ line: [UInt8], to body: (UnsafeRawBufferPointer) throws(Errno) -> Void
    ) throws(Errno) {
        try line.withUnsafeBytes { bytes in Result { () throws(Errno) in try body(bytes) } }.get()
    }

    /// Whether the lines found around a hunk are its recorded neighbours.
    static func neighboursFit(
        _ above: UnsafeRawBufferPointer?, _ below: UnsafeRawBufferPointer?,
        recorded: (above: LineHash?, below: LineHash?)
    ) -> Bool {
        above.map { LineHash(of: $0) } == recorded.above
            && below.map { LineHash(of: $0) } == recorded.below
    }
}

/// The lines of undo splices from records held in memory.
private struct RecordedLines: SpliceLines {
    let changes: [FileChange]

    func isExpected(_ line: UnsafeRawBufferPointer, plan: Int, splice: Int, number: Int) -> Bool {
        line.elementsEqual(changes[plan].hunks[splice].after[number])
    }

    func fits(
        plan: Int, splice: Int, above: UnsafeRawBufferPointer?, below: UnsafeRawBufferPointer?
    ) -> Bool {
        let hunk = changes[plan].hunks[splice]
        return SplicePlan.neighboursFit(above, below, recorded: (hunk.above, hunk.below))
    }

    func replacement(
        plan: Int, splice: Int, _ body: (UnsafeRawBufferPointer) throws(Errno) -> Void
    ) throws(Errno) {
        for line in changes[plan].hunks[splice].before {
            try SplicePlan.hand(line, to: body)
        }
    }
}
