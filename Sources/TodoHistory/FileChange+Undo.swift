import TodoMerge

extension FileChange {
    /// The file `current` with this change taken back, through the project's three-way merge:
    /// base is the file as the command left it, ours is `current`, theirs is the file as it was
    /// before the command. Both are rebuilt from `current` and the recorded lines, so lines edited
    /// by hand elsewhere are kept, and a file that was not touched since comes back byte for byte.
    ///
    /// - Throws: ``UndoError/linesNotFound(path:)`` when the changed lines cannot be found, and
    ///   ``UndoError/conflict(path:summary:)`` when they were edited in a way that conflicts.
    package func undo(current ours: [UInt8]) throws(UndoError) -> [UInt8] {
        let lines = FileLines(ours)
        var base: [UInt8] = []
        var theirs: [UInt8] = []
        var baseIsOurs = true
        var cursor = 0
        var shift = 0
        for hunk in hunks {
            guard
                let (region, taken) = locate(
                    hunk, in: lines, near: hunk.afterStart + shift, from: cursor)
            else { throw .linesNotFound(path: path) }
            let unchanged = lines[cursor..<region.lowerBound]
            base += unchanged
            theirs += unchanged
            // A stretch already taken back (by hand, or by an undo killed before it could
            // record itself) is where base and ours agree: nothing to take back twice.
            for line in taken ? hunk.before : hunk.after { base += line }
            for line in hunk.before { theirs += line }
            baseIsOurs =
                baseIsOurs && (taken || lines[region].elementsEqual(hunk.after.joined()))
            cursor = region.upperBound
            shift = region.lowerBound - hunk.afterStart
        }
        let rest = lines[cursor..<lines.count]
        theirs += rest
        // Base is ours wherever the new lines are still there as written (edits elsewhere are
        // kept in both rebuilt sides), and then the merge's result is theirs, byte for byte.
        guard !baseIsOurs else { return theirs }
        base += rest
        let result = merge(base: base, ours: ours, theirs: theirs)
        if let conflict = result.conflicts.first {
            throw .conflict(path: path, summary: conflict.summary)
        }
        return result.merged
    }

    /// Where the hunk's new lines are in `lines` (at or after `cursor`), nearest to `expected`:
    /// where they are exactly with both their neighbours, else with one; else, when the lines
    /// it replaced are back between both neighbours, there (`taken`: this stretch is already
    /// taken back); else the new lines alone; else the stretch between the neighbours,
    /// whatever it holds now (the merge then decides); `nil` when not even the neighbours are
    /// there.
    private func locate(
        _ hunk: Hunk, in lines: FileLines, near expected: Int, from cursor: Int
    ) -> (region: Range<Int>, taken: Bool)? {
        let count = hunk.after.count
        func line(_ index: Int, is expected: LineHash) -> Bool {
            index >= cursor && lines.line(index, hashes: expected)
        }
        // Whether the neighbour above fits a stretch starting at `start` (`nil`: the file start).
        func aboveFits(_ start: Int) -> Bool {
            hunk.above.map { line(start - 1, is: $0) } ?? (start == 0)
        }
        // Whether the neighbour below fits a stretch of `length` lines starting at `start`.
        func belowFits(_ start: Int, _ length: Int = count) -> Bool {
            hunk.below.map { line(start + length, is: $0) } ?? (start + length == lines.count)
        }
        // Whether `content` is there, starting at `start`.
        func fits(_ content: [[UInt8]], _ start: Int) -> Bool {
            guard start >= cursor, start + content.count <= lines.count else { return false }
            for index in content.indices where !lines[start + index].elementsEqual(content[index]) {
                return false
            }
            return true
        }
        let newLinesFit = { fits(hunk.after, $0) }
        let positions = { FileChange.outward(from: expected, within: cursor...lines.count) }
        if let start = positions().first(where: {
            newLinesFit($0) && aboveFits($0) && belowFits($0)
        }) {
            return (start..<(start + count), false)
        }
        // A neighbour was edited by hand: the new lines with the other neighbour (when there
        // are new lines: no lines always "fit").
        if count > 0,
            let start = positions().first(where: {
                newLinesFit($0) && (aboveFits($0) || belowFits($0))
            })
        {
            return (start..<(start + count), false)
        }
        // The old lines are back between both neighbours: already taken back.
        let old = hunk.before.count
        if let start = positions().first(where: {
            fits(hunk.before, $0) && aboveFits($0) && belowFits($0, old)
        }) {
            return (start..<(start + old), true)
        }
        // A neighbour was edited by hand: where the lines were removed, next to the other one;
        // new lines alone.
        let oneSide: (Int) -> Bool = count > 0 ? newLinesFit : aboveFits
        if let start = positions().first(where: oneSide)
            ?? (count > 0 ? nil : positions().first(where: { belowFits($0) }))
        {
            return (start..<(start + count), false)
        }
        // The new lines were edited: take what lies between their neighbours now.
        var start = cursor
        if let above = hunk.above {
            guard let index = positions().first(where: { line($0 - 1, is: above) }) else {
                return nil
            }
            start = index
        } else if cursor != 0 {
            return nil
        }
        var end = lines.count
        if let below = hunk.below {
            guard let index = (start..<lines.count).first(where: { line($0, is: below) }) else {
                return nil
            }
            end = index
        }
        return (start..<end, false)
    }

    /// The positions of `range`, starting at `center` (clamped) and moving outward:
    /// center, center + 1, center - 1, center + 2, ... (lazily: the first one usually fits).
    private static func outward(
        from center: Int, within range: ClosedRange<Int>
    ) -> UnfoldSequence<Int, Int> {
        let middle = min(max(center, range.lowerBound), range.upperBound)
        return sequence(state: 0) { step in
            while true {
                // Steps 0, 1, 2, 3, 4 give middle, +1, -1, +2, -2, ...
                let distance = (step + 1) / 2
                let position = step % 2 == 1 ? middle + distance : middle - distance
                guard middle - distance >= range.lowerBound || middle + distance <= range.upperBound
                else { return nil }
                step += 1
                if range.contains(position) { return position }
            }
        }
    }
}
