import TodoHistory
import TodoPlatform
import TodoStore
import TodoTxt

/// The undo record of a move line by line, built from the stretches the store tells while it
/// reads (see ``MoveObserver``): the source's hunks as each stretch of removed lines is read,
/// the destination's once the append is made. A moved line whose bytes are the same in both
/// files is held once, by both records.
struct MoveRecorder {
    let source: String
    let destination: String
    /// The source's hunks so far.
    private var sourceHunks: [Hunk] = []
    /// The lines of source hunks named by where they lie, by the hunk's index.
    private var sourceSpans: [Int: LineSpan] = [:]
    /// The moved lines as they were in the source, in order.
    private var movedLines: [[UInt8]] = []
    /// How many lines the stretches told so far took out.
    private var shift = 0
    /// The destination's change, once told.
    private var destinationChange: FileChange?
    /// The line below the last stretch and its fingerprint: a kept line between two stretches
    /// is the first one's `below` and the next one's `above`, and is hashed once.
    private var lastBelow: (line: [UInt8], hash: LineHash)?

    init(source: String, destination: String) {
        self.source = source
        self.destination = destination
    }

    /// The changes of both files, the source's first; none when nothing was told.
    var changes: [FileChange] {
        var changes: [FileChange] = []
        if !sourceHunks.isEmpty {
            var change = FileChange(path: source, hunks: sourceHunks)
            change.spans = sourceSpans
            changes.append(change)
        }
        if let destinationChange, !destinationChange.isEmpty { changes.append(destinationChange) }
        return changes
    }

    /// Records a stretch of lines taken out of the source (lines told by where they lie are
    /// recorded so, to be read from the source's old version when the record is written).
    mutating func removed(_ stretch: ChangedLines, moved: [Bool]) {
        if stretch.after.isEmpty {
            // Lines only taken out: the one hunk the comparison would find.
            var above: LineHash?
            if let line = stretch.above {
                if let lastBelow, lastBelow.line == line {
                    above = lastBelow.hash
                } else {
                    above = LineHash(of: line)
                }
            }
            let below = stretch.below.map { LineHash(of: $0) }
            lastBelow = stretch.below.flatMap { line in below.map { (line, $0) } }
            sourceSpans[sourceHunks.count] = stretch.beforeSpan
            sourceHunks.append(
                Hunk(
                    beforeStart: stretch.firstLine, afterStart: stretch.firstLine - shift,
                    before: stretch.before, after: [], aboveHash: above, belowHash: below))
        } else if stretch.beforeSpan != nil || Self.sharesNoLine(stretch.before, stretch.after) {
            // Lines replaced by others none of which they hold (emptied duplicates, a blank
            // left by `mv`; lines told by where they lie never are): the one hunk the
            // comparison would find, made without copying.
            sourceSpans[sourceHunks.count] = stretch.beforeSpan
            sourceHunks.append(
                Hunk(
                    beforeStart: stretch.firstLine, afterStart: stretch.firstLine - shift,
                    before: stretch.before, after: stretch.after, above: stretch.above,
                    below: stretch.below))
        } else {
            let change = FileChange(
                path: source,
                stretches: [
                    LineStretch(
                        firstLine: stretch.firstLine, before: stretch.before.map { $0[...] },
                        after: stretch.after.map { $0[...] }, above: stretch.above,
                        below: stretch.below)
                ])
            for var hunk in change.hunks {
                hunk.afterStart -= shift
                sourceHunks.append(hunk)
            }
        }
        for (line, isMoved) in zip(stretch.before, moved) where isMoved { movedLines.append(line) }
        shift += stretch.beforeCount - stretch.after.count
    }

    /// Whether none of `before` is also one of `after` (both not empty): then the shortest
    /// edit script replaces them all in one run.
    private static func sharesNoLine(_ before: [[UInt8]], _ after: [[UInt8]]) -> Bool {
        guard !before.isEmpty, !after.isEmpty else { return false }
        if after.count == 1 { return !before.contains(after[0]) }
        let new = Set(after)
        return !before.contains { new.contains($0) }
    }

    /// Whether `line` holds exactly the bytes of `bytes`.
    private static func same(_ bytes: [UInt8], _ line: UnsafeRawBufferPointer) -> Bool {
        bytes.count == line.count
            && bytes.withUnsafeBytes { own in
                guard let one = own.baseAddress, let other = line.baseAddress else { return true }
                return sameMemory(one, other, line.count)
            }
    }

    /// Records the append to the destination.
    mutating func appended(
        _ stretch: ChangedLines, forEachAfter: ((UnsafeRawBufferPointer) -> Void) -> Void
    ) {
        var after: [[UInt8]] = []
        var next = stretch.before.isEmpty ? 0 : -1
        let moved = movedLines
        forEachAfter { line in
            if next >= 0 && next < moved.count && Self.same(moved[next], line) {
                after.append(moved[next])
            } else {
                after.append(Array(line))
            }
            next += 1
        }
        if stretch.before.isEmpty {
            destinationChange = FileChange(
                path: destination,
                hunks: after.isEmpty
                    ? []
                    : [
                        Hunk(
                            beforeStart: stretch.firstLine, afterStart: stretch.firstLine,
                            before: [], after: after, above: stretch.above,
                            below: [UInt8]?.none)
                    ])
            return
        }
        destinationChange = FileChange(
            path: destination,
            stretches: [
                LineStretch(
                    firstLine: stretch.firstLine, before: stretch.before.map { $0[...] },
                    after: after.map { $0[...] }, above: stretch.above, below: nil)
            ])
    }
}
