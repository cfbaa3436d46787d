import TodoHistory
import TodoStore
import TodoTxt

/// A store that passes every call on to another one and remembers, for the files it watches
/// (the todo file and done.txt), their content before the command's first write and after its
/// last, so that the command's change can be recorded for `undo`.
///
/// A rewrite is seen inside the store's lock, as the lists before and after the edit, so its
/// record is exact and cheap (lines the edit did not touch compare at once). An append and the
/// destination of a move are read just before they happen (another writer slipping in between
/// would have its change recorded too).
final class RecordingStorage: TodoStorage {
    /// One version of a watched file.
    private enum Version {
        /// The bytes, as read.
        case bytes([UInt8])
        /// The list, as an edit left it.
        case list(TodoList)

        /// The bytes of the version.
        var bytes: [UInt8] {
            switch self {
            case .bytes(let bytes): bytes
            case .list(let list): list.serialized()
            }
        }
    }

    /// One append: the file before, the list after and how many lines were added.
    private typealias Append = (path: String, before: [UInt8], after: TodoList, count: Int)

    /// The store that does the work.
    let inner: any TodoStorage
    /// The paths whose changes are recorded.
    private let watched: Set<String>
    /// Each watched file before the first write, in the order first written.
    private var first: [(path: String, version: Version)] = []
    /// Each watched file after the last write.
    private var last: [String: Version] = [:]
    /// The appends, in order (an append alone is recorded without reading the whole file).
    private var appends: [Append] = []

    /// Wraps `inner`, watching `paths`.
    init(_ inner: any TodoStorage, watching paths: [String]) {
        self.inner = inner
        self.watched = Set(paths)
    }

    /// The change of each watched file that changed, in the order they were first written.
    var changes: [FileChange] {
        if first.count == 1, appends.count == 1, let append = appends.first,
            let change = RecordingStorage.appendChange(append)
        {
            return change.isEmpty ? [] : [change]
        }
        return first.compactMap { entry in
            guard let after = last[entry.path] else { return nil }
            let change: FileChange
            if case .list(let old) = entry.version, case .list(let new) = after {
                change = FileChange(path: entry.path, before: old, after: new)
            } else {
                change = FileChange(
                    path: entry.path, before: entry.version.bytes, after: after.bytes)
            }
            return change.isEmpty ? nil : change
        }
    }

    /// Notes one write of `path`.
    private func saw(_ path: String, before: Version, after: Version) {
        if !first.contains(where: { $0.path == path }) { first.append((path, before)) }
        last[path] = after
    }

    /// The file's bytes, or none when it cannot be read (missing).
    private func snapshot(_ path: String) -> [UInt8] {
        (try? inner.readBytes(path)) ?? []
    }

    /// The record of one append from its parts: the new lines, and the last old line when it
    /// got the newline it lacked; `nil` when the parts do not fit together.
    private static func appendChange(_ append: Append) -> FileChange? {
        let list = append.after
        func line(_ index: Int) -> [UInt8] {
            (index == 0 && list.hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : [])
                + list[index].content + list[index].terminator.bytes
        }
        var start = list.count - append.count
        guard start >= 0 else { return nil }
        var old: [[UInt8]] = []
        if start > 0, let byte = append.before.last, byte != 0x0A {
            // The last line had no newline; the store gave it one.
            start -= 1
            var lacking = line(start)
            lacking.removeLast(list[start].terminator.bytes.count)
            guard append.before.count >= lacking.count,
                append.before[(append.before.count - lacking.count)...].elementsEqual(lacking)
            else { return nil }
            old = [lacking]
        }
        return FileChange(
            path: append.path,
            hunks: [
                Hunk(
                    beforeStart: start, afterStart: start, before: old,
                    after: (start..<list.count).map(line),
                    above: start > 0 ? line(start - 1) : nil, below: nil)
            ])
    }

    func read(_ path: String) throws(StoreError) -> TodoList { try inner.read(path) }

    func update<Result>(_ path: String, _ edit: (inout TodoList) throws -> Result) throws -> Result
    {
        guard watched.contains(path) else { return try inner.update(path, edit) }
        var seen: (before: TodoList, after: TodoList)?
        let result = try inner.update(path) { list in
            let before = list
            let result = try edit(&list)
            seen = (before, list)
            return result
        }
        if let seen { saw(path, before: .list(seen.before), after: .list(seen.after)) }
        return result
    }

    @discardableResult
    func append(_ path: String, lines: [[UInt8]]) throws(StoreError) -> TodoList {
        guard watched.contains(path) else { return try inner.append(path, lines: lines) }
        let before = snapshot(path)
        let list = try inner.append(path, lines: lines)
        appends.append((path, before, list, lines.count))
        saw(path, before: .bytes(before), after: .list(list))
        return list
    }

    func move<Result>(
        from source: String, to destination: String,
        _ edit: (inout TodoList) throws -> (moved: [[UInt8]], result: Result)
    ) throws -> Result {
        let destinationBefore = watched.contains(destination) ? snapshot(destination) : nil
        var seen: (before: TodoList, after: TodoList)?
        let result = try inner.move(from: source, to: destination) { list in
            let before = list
            let result = try edit(&list)
            seen = (before, list)
            return result
        }
        if let destinationBefore {
            saw(
                destination, before: .bytes(destinationBefore), after: .bytes(snapshot(destination))
            )
        }
        if let seen, watched.contains(source) {
            saw(source, before: .list(seen.before), after: .list(seen.after))
        }
        return result
    }

    func fileExists(_ path: String) -> Bool { inner.fileExists(path) }

    func directoryExists(_ path: String) -> Bool { inner.directoryExists(path) }

    func createFileIfMissing(_ path: String) throws(StoreError) {
        try inner.createFileIfMissing(path)
    }

    func createDirectory(_ path: String) throws(StoreError) { try inner.createDirectory(path) }

    func directoryEntries(_ path: String) throws(StoreError) -> [String] {
        try inner.directoryEntries(path)
    }

    func writeTemporaryFile(named name: String, bytes: [UInt8]) throws(StoreError) -> String {
        try inner.writeTemporaryFile(named: name, bytes: bytes)
    }

    func write(_ path: String, bytes: [UInt8]) throws(StoreError) {
        guard watched.contains(path) else { return try inner.write(path, bytes: bytes) }
        let before = snapshot(path)
        try inner.write(path, bytes: bytes)
        saw(path, before: .bytes(before), after: .bytes(bytes))
    }

    func readBytes(_ path: String) throws(StoreError) -> [UInt8] { try inner.readBytes(path) }

    func removeFile(_ path: String) { inner.removeFile(path) }
}
