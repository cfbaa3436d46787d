package import TodoTxt

/// What one command changed in one file, kept small: the changed lines with their numbers and
/// one unchanged line on each side of each changed stretch. A one-line change to a file of a
/// million lines records that one line and its two neighbours.
package struct FileChange: Hashable, Sendable {
    /// The file's path, as the command named it.
    package var path: String
    /// The changed stretches, in file order.
    package var hunks: [Hunk]
    /// The replaced lines of the hunks at these indices, named by where they lie in the file
    /// before the command instead of held (those hunks' `before` is empty): a record of a large
    /// change made while that version is still open, whose lines are read from it as the
    /// record is written (see ``History/encode(_:withMagic:spans:_:)``). Kept beside the hunks
    /// so that a record of many small hunks is no larger for it.
    package var spans: [Int: LineSpan] = [:]

    /// Creates a record from its parts (as read back from a history).
    package init(path: String, hunks: [Hunk]) {
        self.path = path
        self.hunks = hunks
    }

    /// Records the change from `before` to `after`: the common lines at the start and the end
    /// are found by comparing bytes, and only the lines between them are split and compared.
    package init(path: String, before: [UInt8], after: [UInt8]) {
        self.path = path
        hunks = FileChange.hunks(before: before, after: after)
    }

    /// Whether the command changed nothing in this file.
    package var isEmpty: Bool { hunks.isEmpty }

    /// How many lines the command removed or replaced.
    package var removedLines: Int {
        hunks.reduce(0) { $0 + $1.before.count } + spans.values.reduce(0) { $0 + $1.lineCount }
    }

    /// How many lines the command wrote.
    package var addedLines: Int { hunks.reduce(0) { $0 + $1.after.count } }

    /// The record with the lines its hunks name by where they lie (``spans``) read through
    /// `read` and held; `nil` when they cannot be read.
    package func readingSpans(_ read: LineSpan.Reader) -> FileChange? {
        var change = self
        change.spans = [:]
        for (index, span) in spans {
            var lines: [[UInt8]] = []
            guard
                span.forEachLine(
                    read: read,
                    { line in
                        lines.append(Array(line))
                        return true
                    })
            else { return nil }
            change.hunks[index].before = lines
        }
        return change
    }

    /// The bytes of lines the record holds.
    package var byteCount: Int {
        path.utf8.count + hunks.reduce(0) { $0 + $1.byteCount }
            + spans.values.reduce(0) { $0 + $1.bytes.count }
    }

    /// The hunks from `before` to `after`.
    static func hunks(before: [UInt8], after: [UInt8]) -> [Hunk] {
        if before == after { return [] }
        // The common prefix, cut back to the end of its last whole line.
        var prefix = FileLines.commonPrefix(before, after)
        while prefix > 0 && before[prefix - 1] != 0x0A { prefix -= 1 }
        // The common suffix after it, cut forward to a line start in both files.
        let shorter = min(before.count, after.count)
        var suffix = FileLines.commonSuffix(before, after, limit: shorter - prefix)
        func lineStart(_ bytes: [UInt8], _ index: Int) -> Bool {
            index == prefix || bytes[index - 1] == 0x0A
        }
        while suffix > 0
            && !(lineStart(before, before.count - suffix) && lineStart(after, after.count - suffix))
        {
            suffix -= 1
        }
        return hunks(
            firstLine: FileLines.count(before, before: prefix),
            oldLines: FileLines.split(before[prefix..<(before.count - suffix)]),
            newLines: FileLines.split(after[prefix..<(after.count - suffix)]),
            // The unchanged neighbours of the middle part, as the command left the file.
            lineAbove: FileLines.line(endingAt: prefix, in: after),
            lineBelow: FileLines.line(startingAt: after.count - suffix, in: after))
    }

    /// The hunks of the differing middle part of two files, which starts at line `firstLine`
    /// of both, between the unchanged lines `lineAbove` and `lineBelow`.
    static func hunks(
        firstLine: Int, oldLines: [ArraySlice<UInt8>], newLines: [ArraySlice<UInt8>],
        lineAbove: [UInt8]?, lineBelow: [UInt8]?
    ) -> [Hunk] {
        EditScript.runs(oldLines, newLines).map { run in
            Hunk(
                beforeStart: firstLine + run.aRange.lowerBound,
                afterStart: firstLine + run.bRange.lowerBound,
                before: run.aRange.map { Array(oldLines[$0]) },
                after: run.bRange.map { Array(newLines[$0]) },
                above: run.bRange.lowerBound > 0
                    ? Array(newLines[run.bRange.lowerBound - 1]) : lineAbove,
                below: run.bRange.upperBound < newLines.count
                    ? Array(newLines[run.bRange.upperBound]) : lineBelow)
        }
    }
}
