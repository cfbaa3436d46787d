import TodoTxt

/// The files of an ``InMemoryTaskStore``, by path: the reads and writes ``StorageFiles`` offers,
/// done on a dictionary. The store serialises every call, so no lock is taken; as on disk, an
/// edit writes only when the bytes change, and a move appends to the destination first.
final class MemoryFiles {
    private var files: [String: [UInt8]]

    /// Files holding these bytes.
    init(_ files: [String: [UInt8]]) {
        self.files = files
    }

    /// Whether a file is at `path`.
    func exists(_ path: String) -> Bool { files[path] != nil }

    /// The file as a list; `nil` when nothing is at `path`.
    func read(_ path: String) -> TodoList? { files[path].map { TodoList(bytes: $0) } }

    /// Replaces the whole file.
    func write(_ path: String, _ bytes: [UInt8]) { files[path] = bytes }

    /// Applies `edit` to the file and stores the result when its bytes changed.
    func update<Result>(
        _ path: String, _ edit: (inout TodoList) throws(TaskStoreError) -> Result
    ) throws(TaskStoreError) -> Result {
        let original = try existing(path)
        var list = TodoList(bytes: original)
        let result = try edit(&list)
        store(list, at: path, over: original)
        return result
    }

    /// Appends lines, creating a missing file; returns the list afterwards.
    func append(_ path: String, lines: [[UInt8]]) -> TodoList {
        var list = TodoList(bytes: files[path] ?? [])
        for line in lines { list.appendLine(line) }
        files[path] = list.serialized()
        return list
    }

    /// Applies `edit` to `source`, appends the lines it moved to `destination`, then stores
    /// `source`.
    func move<Result>(
        from source: String, to destination: String,
        _ edit: (inout TodoList) throws(TaskStoreError) -> (moved: [[UInt8]], result: Result)
    ) throws(TaskStoreError) -> Result {
        let original = try existing(source)
        var list = TodoList(bytes: original)
        let (moved, result) = try edit(&list)
        if !moved.isEmpty { _ = append(destination, lines: moved) }
        store(list, at: source, over: original)
        return result
    }

    /// The bytes of the file at `path`, which must exist, as for a file on disk.
    private func existing(_ path: String) throws(TaskStoreError) -> [UInt8] {
        guard let bytes = files[path] else {
            throw .file(operation: "read", path: path, reason: "No such file or directory")
        }
        return bytes
    }

    /// Stores the list when its bytes differ from `original`.
    private func store(_ list: TodoList, at path: String, over original: [UInt8]) {
        let bytes = list.serialized()
        if bytes != original { files[path] = bytes }
    }
}
