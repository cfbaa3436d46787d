package import TodoTxt

/// Lines a store changed without reading the whole file, as told to a ``LineObserver``: one
/// stretch of neighbouring lines, each line with its terminator (line 0 with the file's byte
/// order mark), and the unchanged line on each side of it.
package struct ChangedLines: Equatable, Sendable {
    /// The 0-based index of the stretch's first line in the file before the change.
    package var firstLine: Int
    /// The lines as they were.
    package var before: [[UInt8]]
    /// The lines written instead (fewer when the file's last line was removed).
    package var after: [[UInt8]]
    /// The unchanged line just above the stretch; `nil` at the start of the file.
    package var above: [UInt8]?
    /// The unchanged line just below the stretch; `nil` at the end of the file.
    package var below: [UInt8]?
    /// The lines as they were, named by where they lie in the source instead of held: then
    /// ``before`` is empty and none of these lines is one of ``after`` (told so only to an
    /// observer that keeps the source, see ``MoveObserver/keepSource``).
    package var beforeSpan: LineSpan? = nil

    /// How many lines the stretch replaced.
    package var beforeCount: Int { beforeSpan?.lineCount ?? before.count }
}

/// Told about a file a store changed line by line once the new content is in place: the path
/// as the caller named it and the changed stretches in file order.
package typealias LineObserver = (_ path: String, _ changes: [ChangedLines]) -> Void

/// A store that can change some lines of a file without holding the rest of it (see
/// ``TodoStorage/update(_:lines:_:)``).
package protocol LineUpdatingStorage: TodoStorage {
    /// Applies `edit` to a window onto the lines `indices` of the file (and their neighbours)
    /// under the lock, as ``TodoStorage/update(_:_:)`` does for the whole file.
    func updateLines<Result>(
        _ path: String, _ indices: Set<Int>, _ edit: (inout LineWindow) throws -> Result
    ) throws -> Result
}

extension TodoStorage {
    /// Applies `edit` under the lock to the lines `indices` of the file, as
    /// ``update(_:_:)`` applies an edit to the whole file: the same retries when another
    /// program changed the file, the same atomic replace. A store that can (``FileStorage``)
    /// reads the file only up to the last of those lines and copies the rest unread; an edit
    /// that needs more of the file (see ``LineWindow``) is called again on the whole of it.
    package func update<Result>(
        _ path: String, lines indices: Set<Int>, _ edit: (inout LineWindow) throws -> Result
    ) throws -> Result {
        if let store = self as? any LineUpdatingStorage {
            return try store.updateLines(path, indices, edit)
        }
        return try update(path) { list in try LineWindow.editing(&list, edit) }
    }
}
