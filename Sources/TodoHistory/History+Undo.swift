extension History {
    /// What `undo` needs of a history file, read without the rest: the entry the next undo
    /// takes back (see ``undoTarget``), decoded alone, and the id the undo's own entry gets.
    /// The file is walked through its headers and lengths (``decodingRecent(read:)`` does the
    /// same), so a history whose entries hold a large `archive` is read only for the entry
    /// taken back.
    ///
    /// - Parameter read: reads up to the buffer's size at an offset of the file; returns the
    ///   count read (0 at the end), or `nil` on an error.
    /// - Returns: `nil` when the file is not a history of this version (the caller reads it
    ///   whole then); a `nil` target when there is nothing to undo.
    package static func decodingUndoTarget(
        read: (UnsafeMutableRawBufferPointer, Int64) -> Int?
    ) -> (target: HistoryEntry?, nextID: Int)? {
        withoutActuallyEscaping(read) { read in
            var reader = PieceReader(read: read)
            guard let marks = walk(&reader) else { return nil }
            let nextID = (marks.last?.id ?? 0) + 1
            guard let mark = undoTarget(of: marks, id: \.id, undid: \.undid) else {
                return (nil, nextID)
            }
            reader.offset = mark.start
            guard let entry = try? decodeEntry(&reader, version1: false) else { return nil }
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
}
