import TodoTxt

extension FileChange {
    /// Records the change from `before` to the file that `after` spells out piece by piece, as
    /// a store writes it: pieces that lie inside `before`'s own buffer are its unchanged bytes,
    /// other pieces are new. One walk over the pieces finds every changed stretch, so an edit of
    /// one line in a file of a million lines compares nothing but that line, and an `archive`
    /// that takes out a quarter of the lines never splits the rest into lines.
    ///
    /// When no piece lies inside `before` (a store that hands a copy) or the pieces take the old
    /// bytes out of order, the change is found by comparing bytes, as
    /// ``init(path:before:after:)`` does.
    package init(path: String, before: [UInt8], after pieces: [UnsafeRawBufferPointer]) {
        self.path = path
        let regions = before.withUnsafeBytes { FileChange.regions(old: $0, pieces: pieces) }
        guard let regions else {
            var after: [UInt8] = []
            after.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
            for piece in pieces { after.append(contentsOf: piece) }
            hunks = FileChange.hunks(before: before, after: after)
            return
        }
        hunks = FileChange.hunks(before: before, regions: regions)
    }

    /// One changed stretch: `old[oldRange]` became `inserted`.
    struct Region {
        var oldRange: Range<Int>
        var inserted: [UInt8]
    }

    /// The changed stretches of the file the pieces spell out, in order, not yet cut to lines;
    /// `nil` when the pieces do not take `old`'s bytes in order (or none of them).
    static func regions(
        old: UnsafeRawBufferPointer, pieces: [UnsafeRawBufferPointer]
    ) -> [Region]? {
        guard let base = old.baseAddress else { return nil }
        let end = base + old.count
        var regions: [Region] = []
        var cursor = 0
        var inserted: [UInt8] = []
        var sawOld = old.isEmpty
        for piece in pieces where piece.count > 0 {
            guard let start = piece.baseAddress else { continue }
            if start >= base && start + piece.count <= end {
                let offset = start - base
                guard offset >= cursor else { return nil }
                sawOld = true
                if offset > cursor || !inserted.isEmpty {
                    regions.append(Region(oldRange: cursor..<offset, inserted: inserted))
                    inserted = []
                }
                cursor = offset + piece.count
            } else {
                inserted.append(contentsOf: piece)
            }
        }
        guard sawOld else { return nil }
        if cursor < old.count || !inserted.isEmpty {
            regions.append(Region(oldRange: cursor..<old.count, inserted: inserted))
        }
        return regions
    }

    /// The hunks of `regions` (changes of `before`, in order): each is widened to whole lines
    /// of both versions, touching ones are joined, and the lines of each are compared.
    static func hunks(before: [UInt8], regions: [Region]) -> [Hunk] {
        before.withUnsafeBufferPointer { old in
            var lines: [(oldRange: Range<Int>, inserted: [UInt8])] = []
            func lineStart(_ index: Int) -> Int {
                var start = index
                while start > 0 && old[start - 1] != 0x0A { start -= 1 }
                return start
            }
            var next = 0
            while next < regions.count {
                let start = lineStart(regions[next].oldRange.lowerBound)
                var inserted: [UInt8] = []
                var end = start
                // Takes in the next region and the unchanged bytes before it.
                func absorb() {
                    inserted += old[end..<regions[next].oldRange.lowerBound]
                    inserted += regions[next].inserted
                    end = regions[next].oldRange.upperBound
                    next += 1
                }
                absorb()
                while true {
                    // The stretch must end at a line end of both versions (or the file's end).
                    let endsLine =
                        end == old.count
                        || ((end == start || old[end - 1] == 0x0A)
                            && (inserted.isEmpty || inserted.last == 0x0A))
                    if endsLine {
                        // A region that starts on the next line touches this stretch.
                        guard next < regions.count,
                            lineStart(regions[next].oldRange.lowerBound) <= end
                        else { break }
                        absorb()
                        continue
                    }
                    var lineEnd = end
                    while lineEnd < old.count && old[lineEnd] != 0x0A { lineEnd += 1 }
                    if lineEnd < old.count { lineEnd += 1 }
                    if next < regions.count && regions[next].oldRange.lowerBound < lineEnd {
                        absorb()
                    } else {
                        inserted += old[end..<lineEnd]
                        end = lineEnd
                    }
                }
                lines.append((start..<end, inserted))
            }
            var stretches: [LineStretch] = []
            var lineNumber = 0
            var counted = 0
            for (range, inserted) in lines {
                if let base = old.baseAddress, range.lowerBound > counted {
                    lineNumber += LineFeeds.count(
                        in: base + counted, count: range.lowerBound - counted)
                }
                counted = range.lowerBound
                stretches.append(
                    LineStretch(
                        firstLine: lineNumber, before: FileLines.split(before[range]),
                        after: FileLines.split(inserted[...]),
                        above: FileLines.line(endingAt: range.lowerBound, in: before),
                        below: FileLines.line(startingAt: range.upperBound, in: before)))
            }
            return FileChange.hunks(of: stretches)
        }
    }
}

/// A stretch of whole lines a command replaced, for ``FileChange/init(path:stretches:)``: its
/// lines before and after (each with its terminator) and the unchanged line on each side.
package struct LineStretch {
    /// The 0-based index of the first line in the file before the change.
    package var firstLine: Int
    /// The lines as they were.
    package var before: [ArraySlice<UInt8>]
    /// The lines written instead.
    package var after: [ArraySlice<UInt8>]
    /// The unchanged line above the stretch; `nil` at the start of the file.
    package var above: [UInt8]?
    /// The unchanged line below the stretch; `nil` at the end of the file.
    package var below: [UInt8]?

    /// A stretch from its parts.
    package init(
        firstLine: Int, before: [ArraySlice<UInt8>], after: [ArraySlice<UInt8>], above: [UInt8]?,
        below: [UInt8]?
    ) {
        self.firstLine = firstLine
        self.before = before
        self.after = after
        self.above = above
        self.below = below
    }
}

extension FileChange {
    /// Records a change given as the stretches of lines it replaced, in file order (as a store
    /// that changed a few lines of a file without reading all of it tells them): each is
    /// compared line by line, as ``init(path:before:after:)`` compares the differing part.
    package init(path: String, stretches: [LineStretch]) {
        self.path = path
        hunks = FileChange.hunks(of: stretches)
    }

    /// The hunks of `stretches`, the later ones numbered in the file after the earlier ones'
    /// change.
    static func hunks(of stretches: [LineStretch]) -> [Hunk] {
        var hunks: [Hunk] = []
        var shift = 0
        for stretch in stretches {
            for var hunk in FileChange.hunks(
                firstLine: stretch.firstLine, oldLines: stretch.before, newLines: stretch.after,
                lineAbove: stretch.above, lineBelow: stretch.below)
            {
                hunk.afterStart += shift
                hunks.append(hunk)
            }
            shift += stretch.after.count - stretch.before.count
        }
        return hunks
    }
}
