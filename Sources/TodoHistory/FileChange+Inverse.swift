extension FileChange {
    /// The record of taking this change back on a file where every hunk's new lines are still
    /// at their recorded places between their recorded neighbours: each hunk turned around,
    /// the old lines numbered as they come back (after the earlier hunks' lines came back), the
    /// same neighbours: an exact record of that undo, made without comparing the files
    /// (``init(path:before:after:)`` may cut the same change into other hunks).
    package var inverted: FileChange {
        var shift = 0
        var undone: [Hunk] = []
        undone.reserveCapacity(hunks.count)
        for hunk in hunks {
            undone.append(
                Hunk(
                    beforeStart: hunk.afterStart, afterStart: hunk.afterStart + shift,
                    before: hunk.after, after: hunk.before, aboveHash: hunk.above,
                    belowHash: hunk.below))
            shift += hunk.before.count - hunk.after.count
        }
        return FileChange(path: path, hunks: undone)
    }
}
