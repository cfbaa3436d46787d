import TodoHistory
import TodoStore
import TodoTxt

extension FileChange {
    /// Thrown inside a window edit when the file no longer holds the recorded lines where the
    /// record says; nothing is written then.
    private struct NotInPlace: Error {}

    /// Takes back this change without reading the file whole, when the change replaced lines
    /// one for one (as `pri`, `replace` or `do` without archiving do) and the file still holds
    /// the new lines at their recorded places between their recorded neighbours: only those
    /// lines and the ones before them are read (``TodoStorage/update(_:lines:_:)``), under the
    /// store's lock, and the rest is copied unread.
    ///
    /// The result is what ``undo(current:)`` gives on such a file: the old lines back in place,
    /// every other byte as it is.
    ///
    /// - Returns: The record of the undo, or `nil` when the change is not of that kind or the
    ///   file changed since (nothing is written then: the caller takes the whole-file way).
    /// - Throws: The store's error when the file cannot be read or written.
    func undoInPlace(through storage: any TodoStorage) throws -> FileChange? {
        let oneForOne = hunks.allSatisfy {
            $0.afterStart > 0 && !$0.after.isEmpty && $0.before.count == $0.after.count
        }
        guard !hunks.isEmpty, oneForOne, storage.fileExists(path) else { return nil }
        var indices = Set<Int>()
        for hunk in hunks {
            indices.formUnion((hunk.afterStart - 1)...(hunk.afterStart + hunk.after.count))
        }
        do {
            try storage.update(path, lines: indices) { window in
                for hunk in hunks { try FileChange.takeBack(hunk, in: &window) }
            }
        } catch is NotInPlace {
            return nil
        }
        return inverted
    }

    /// Puts the old lines of `hunk` back in `window`, after checking that its new lines and
    /// their neighbours are there as recorded (and that each line comes out as recorded).
    private static func takeBack(_ hunk: Hunk, in window: inout LineWindow) throws {
        func hash(_ index: Int) throws -> LineHash? {
            try window.line(at: index).map { LineHash(of: $0.content + $0.terminator.bytes) }
        }
        let end = hunk.afterStart + hunk.after.count
        guard hunk.above != nil, try hash(hunk.afterStart - 1) == hunk.above,
            try hash(end) == hunk.below
        else { throw NotInPlace() }
        for (offset, (new, old)) in zip(hunk.after, hunk.before).enumerated() {
            let index = hunk.afterStart + offset
            let (newContent, newEnd) = split(new)
            let (oldContent, oldEnd) = split(old)
            guard newEnd == oldEnd, try isLine(index, newContent, newEnd, in: window) else {
                throw NotInPlace()
            }
            try window.replaceLine(at: index, with: oldContent)
            guard try isLine(index, oldContent, oldEnd, in: window) else { throw NotInPlace() }
        }
    }

    /// Whether the line at `index` of `window` is `content` ended by `terminator`.
    private static func isLine(
        _ index: Int, _ content: ArraySlice<UInt8>, _ terminator: LineTerminator,
        in window: LineWindow
    ) throws -> Bool {
        guard let line = try window.line(at: index) else { return false }
        return line.terminator == terminator && line.content.elementsEqual(content)
    }

    /// A recorded line's content and terminator.
    private static func split(_ line: [UInt8]) -> (ArraySlice<UInt8>, LineTerminator) {
        guard line.last == 0x0A else { return (line[...], .none) }
        if line.count >= 2 && line[line.count - 2] == 0x0D {
            return (line.dropLast(2), .crlf)
        }
        return (line.dropLast(), .lf)
    }
}
