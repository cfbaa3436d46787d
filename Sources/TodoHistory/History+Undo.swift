/// An entry of a history file found where it lies, its lines not read: what `undo` needs to
/// check and take back a change of any size while holding only its hunks' numbers.
package struct StoredEntry: Sendable {
    /// The entry's id, command, and the id it took back when it is an undo.
    package var id: Int
    package var command: String
    package var undid: Int?
    /// Its files.
    package var files: [StoredFileChange]
    /// Where its bytes start in the history file.
    package var start: Int64
}

/// One file of a ``StoredEntry``.
package struct StoredFileChange: Sendable {
    /// The file's path, as the command named it.
    package var path: String
    /// Its hunks, in file order.
    package var hunks: [StoredHunk]
}

/// One hunk of a ``StoredFileChange``: its numbers, fingerprints, and where its lines lie in
/// the history file (each a length line and the line's bytes).
package struct StoredHunk: Sendable {
    /// As in ``Hunk``.
    package var beforeStart: Int
    package var afterStart: Int
    package var beforeCount: Int
    package var afterCount: Int
    package var above: LineHash?
    package var below: LineHash?
    /// The bytes of the replaced lines in the history file, then those of the new lines.
    package var beforeBytes: Range<Int64>
    package var afterBytes: Range<Int64>
}

/// Reads lines out of a history file at the places a ``StoredEntry`` gives, through a small
/// buffer.
package struct StoredLines {
    private var reader: PieceReader

    /// Lines read through `read`, which reads up to the buffer's size at an offset of the
    /// file and returns the count read (0 at the end), or `nil` on an error.
    package init(read: @escaping (UnsafeMutableRawBufferPointer, Int64) -> Int?) {
        reader = PieceReader(read: read)
    }

    /// Goes to `offset`, the start of a line's length line.
    package mutating func seek(to offset: Int64) {
        reader.offset = offset
    }

    /// The next line (with its terminator), or `nil` when the file does not hold one there.
    package mutating func next() -> [UInt8]? {
        reader.chunk(keeping: true)?.bytes
    }

    /// Appends the file's bytes `range` to `bytes`; `false` when the file ends first.
    package mutating func copy(_ range: Range<Int64>, to bytes: inout [UInt8]) -> Bool {
        reader.append(range, to: &bytes)
    }
}

extension History {
    /// What `undo` needs of a history file, read without the rest: the entry the next undo
    /// takes back (see ``undoTarget``), found but not read, and the id the undo's own entry
    /// gets. The file is walked through its headers and lengths (as
    /// ``decodingRecent(read:)`` does), so a history of a large `archive` is never held.
    ///
    /// - Parameter read: reads up to the buffer's size at an offset of the file; returns the
    ///   count read (0 at the end), or `nil` on an error.
    /// - Returns: `nil` when the file is not a history of this version (the caller reads it
    ///   whole then); a `nil` target when there is nothing to undo.
    package static func findingUndoTarget(
        read: (UnsafeMutableRawBufferPointer, Int64) -> Int?
    ) -> (target: StoredEntry?, nextID: Int)? {
        withoutActuallyEscaping(read) { read in
            var reader = PieceReader(read: read)
            guard let marks = walk(&reader) else { return nil }
            let nextID = (marks.last?.id ?? 0) + 1
            guard let mark = undoTarget(of: marks, id: \.id, undid: \.undid) else {
                return (nil, nextID)
            }
            reader.offset = mark.start
            guard let entry = locateEntry(&reader) else { return nil }
            return (entry, nextID)
        }
    }

    /// The entry of `entries` (oldest first) the next undo takes back: the newest, or, right
    /// after an undo, the newest before the one that undo took back.
    static func undoTarget<Entry>(
        of entries: [Entry], id: (Entry) -> Int, undid: (Entry) -> Int?
    ) -> Entry? {
        guard let newest = entries.last else { return nil }
        guard let taken = undid(newest) else { return newest }
        return entries.last { id($0) < taken }
    }

    /// What `undo --list` shows of each entry of a history file, oldest first: when, the
    /// command, and what it changed (``HistoryEntry/summary``), found by walking through the
    /// file's headers and lengths without reading a recorded line.
    ///
    /// - Parameter read: as for ``findingUndoTarget(read:)``.
    /// - Returns: `nil` when the file is not a history of this version (the caller reads it
    ///   whole then).
    package static func listing(
        read: (UnsafeMutableRawBufferPointer, Int64) -> Int?
    ) -> [(time: Int64, command: String, summary: String)]? {
        withoutActuallyEscaping(read) { read in
            var reader = PieceReader(read: read)
            return walk(&reader)?.map { ($0.time, $0.command, HistoryEntry.summary($0.files)) }
        }
    }

    /// Reads the entry at `stored` whole (for the three-way merge).
    package static func decodingEntry(
        _ stored: StoredEntry, read: (UnsafeMutableRawBufferPointer, Int64) -> Int?
    ) -> HistoryEntry? {
        withoutActuallyEscaping(read) { read in
            var reader = PieceReader(read: read)
            reader.offset = stored.start
            return try? decodeEntry(&reader, version1: false)
        }
    }

    /// The entry whose `E` line `reader` stands at, its lines stepped over.
    private static func locateEntry(_ reader: inout PieceReader) -> StoredEntry? {
        let start = reader.offset
        guard let header = reader.numbers("E", count: 4),
            let command = reader.chunk(keeping: true)?.bytes
        else { return nil }
        var files: [StoredFileChange] = []
        for _ in 0..<max(0, header[3]) {
            guard let file = reader.numbers("F", count: 1),
                let path = reader.chunk(keeping: true)?.bytes
            else { return nil }
            var hunks: [StoredHunk] = []
            for _ in 0..<max(0, file[0]) {
                guard let line = reader.line() else { return nil }
                let words = line.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
                // A fingerprint may be none (`-`): the pair is what must parse.
                guard words.count == 7, words[0] == "H", let beforeStart = Int(words[1]),
                    let afterStart = Int(words[2]), let beforeCount = Int(words[3]),
                    let afterCount = Int(words[4]), beforeCount >= 0, afterCount >= 0,
                    let (above, below) = try? (hash(words[5]), hash(words[6]))
                else { return nil }
                func skip(_ count: Int) -> Range<Int64>? {
                    let from = reader.offset
                    for _ in 0..<count where reader.chunk(keeping: false) == nil { return nil }
                    return from..<reader.offset
                }
                guard let beforeBytes = skip(beforeCount), let afterBytes = skip(afterCount)
                else { return nil }
                hunks.append(
                    StoredHunk(
                        beforeStart: beforeStart, afterStart: afterStart,
                        beforeCount: beforeCount, afterCount: afterCount, above: above,
                        below: below, beforeBytes: beforeBytes, afterBytes: afterBytes))
            }
            files.append(
                StoredFileChange(path: String(decoding: path, as: UTF8.self), hunks: hunks))
        }
        return StoredEntry(
            id: header[0], command: String(decoding: command, as: UTF8.self),
            undid: header[2] == -1 ? nil : header[2], files: files, start: start)
    }

    /// Hands `write` the bytes that append to a history file the record of taking `entry`
    /// back where every hunk was found in place: an entry `id` made at `time` by `undo`, with
    /// each hunk turned around (as ``FileChange/inverted``), its lines copied from the history
    /// file through `lines` without being split.
    ///
    /// - Returns: `false` when the history file no longer holds the lines.
    package static func encodeUndo<Failure: Error>(
        of entry: StoredEntry, id: Int, time: Int64, lines: inout StoredLines,
        _ write: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) -> Bool {
        var out: [UInt8] = []
        func text(_ value: String) {
            out += value.utf8
            out.append(0x0A)
        }
        func chunk(_ value: String) {
            text(String(value.utf8.count))
            text(value)
            out.removeLast()
        }
        text("E \(id) \(time) \(entry.id) \(entry.files.count)")
        chunk("undo")
        for file in entry.files {
            text("F \(file.hunks.count)")
            chunk(file.path)
            var shift = 0
            for hunk in file.hunks {
                appendHunkHeader(
                    [hunk.afterStart, hunk.afterStart + shift, hunk.afterCount, hunk.beforeCount],
                    hunk.above, hunk.below, to: &out)
                shift += hunk.beforeCount - hunk.afterCount
                // The lines in pieces of 64 KiB at most: one hunk may hold a whole file.
                for range in [hunk.afterBytes, hunk.beforeBytes] {
                    var from = range.lowerBound
                    while from < range.upperBound {
                        let to = min(from + (1 << 16), range.upperBound)
                        guard lines.copy(from..<to, to: &out) else { return false }
                        from = to
                        if out.count >= 1 << 16 {
                            try write(out)
                            out.removeAll(keepingCapacity: true)
                        }
                    }
                }
            }
        }
        try write(out)
        return true
    }
}
