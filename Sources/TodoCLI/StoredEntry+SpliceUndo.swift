import TodoHistory
import TodoPlatform
import TodoStore

extension StoredEntry {
    /// What changed, for `undo`'s message: as ``HistoryEntry/summary``.
    var summary: String {
        HistoryEntry.summary(
            files.map { file in
                (
                    file.path, file.hunks.reduce(0) { $0 + $1.beforeCount },
                    file.hunks.reduce(0) { $0 + $1.afterCount }
                )
            })
    }

    /// Takes back this entry as ``FileChange/undoBySplicing(_:through:)`` does, reading its
    /// lines from the history file through `lines` as the store asks for them, so that a
    /// change of any size is taken back holding only its hunks' numbers.
    ///
    /// - Returns: `false` when a hunk is not in place, a file is missing, the history does
    ///   not hold the lines, or the store cannot do it (nothing is written then).
    /// - Throws: The store's error when a file cannot be read or written.
    func undoBySplicing(through storage: any TodoStorage, lines: StoredLines) throws -> Bool {
        let plans = files.map { file in
            SplicePlan.undoing(
                path: file.path,
                file.hunks.map {
                    ($0.afterStart, $0.afterCount, $0.beforeCount, $0.above, $0.below)
                })
        }
        var source = HistoryLines(files: files, lines: lines)
        return try storage.spliceLines(plans, lines: &source)
    }
}

/// The lines of undo splices read from the history file: each hunk's new lines (expected)
/// and old lines (written instead), read in order from where the entry keeps them.
private struct HistoryLines: SpliceLines {
    let files: [StoredFileChange]
    var lines: StoredLines

    mutating func isExpected(
        _ line: UnsafeRawBufferPointer, plan: Int, splice: Int, number: Int
    ) -> Bool {
        if number == 0 { lines.seek(to: files[plan].hunks[splice].afterBytes.lowerBound) }
        guard let expected = lines.next() else { return false }
        return line.elementsEqual(expected)
    }

    func fits(
        plan: Int, splice: Int, above: UnsafeRawBufferPointer?, below: UnsafeRawBufferPointer?
    ) -> Bool {
        let hunk = files[plan].hunks[splice]
        return SplicePlan.neighboursFit(above, below, recorded: (hunk.above, hunk.below))
    }

    mutating func replacement(
        plan: Int, splice: Int, _ body: (UnsafeRawBufferPointer) throws(Errno) -> Void
    ) throws(Errno) {
        let hunk = files[plan].hunks[splice]
        lines.seek(to: hunk.beforeBytes.lowerBound)
        for _ in 0..<hunk.beforeCount {
            // A history that lost its lines meanwhile fails the write.
            guard let line = lines.next() else { throw Errno.ioError }
            try SplicePlan.hand(line, to: body)
        }
    }
}
