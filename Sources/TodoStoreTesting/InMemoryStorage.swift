public import TodoStore
public import TodoTxt

/// A ``TodoStorage`` that keeps files in a dictionary, for tests of commands.
///
/// Paths are compared as given. Directories exist when they were created or when a file below
/// them exists.
public final class InMemoryStorage: TodoStorage {
    /// The files, by path.
    public var files: [String: [UInt8]]
    /// Directories created explicitly.
    public var directories: Set<String>
    /// Paths whose writes fail with this error (to test refusals).
    public var failingWrites: [String: StoreError] = [:]

    /// Creates a store holding `files`.
    public init(files: [String: [UInt8]] = [:], directories: Set<String> = []) {
        self.files = files
        self.directories = directories
    }

    /// Creates a store holding text files.
    public convenience init(textFiles: [String: String], directories: Set<String> = []) {
        self.init(files: textFiles.mapValues { Array($0.utf8) }, directories: directories)
    }

    /// The text of a file, or `nil`.
    public func text(_ path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file as a list; a missing file is an error.
    public func read(_ path: String) throws(StoreError) -> TodoList {
        TodoList(bytes: try readBytes(path))
    }

    /// The file's bytes; a missing file is an error.
    public func readBytes(_ path: String) throws(StoreError) -> [UInt8] {
        guard let bytes = files[path] else {
            throw StoreError(operation: "read", path: path, reason: "No such file or directory")
        }
        return bytes
    }

    /// Stores `bytes` as the file at `path`, unless a failure is set up for it.
    public func write(_ path: String, bytes: [UInt8]) throws(StoreError) {
        if let failure = failingWrites[path] { throw failure }
        files[path] = bytes
    }

    private func write(_ path: String, _ bytes: [UInt8]) throws(StoreError) {
        try write(path, bytes: bytes)
    }

    /// Applies `edit` and stores the result when its bytes differ.
    public func update<Result>(
        _ path: String, _ edit: (inout TodoList) throws -> Result
    ) throws
        -> Result
    {
        let original = try readBytes(path)
        var list = TodoList(bytes: original)
        let result = try edit(&list)
        let bytes = list.serialized()
        if bytes != original { try write(path, bytes) }
        return result
    }

    /// Appends lines (FormatRules.md F5), creating a missing file.
    @discardableResult
    public func append(_ path: String, lines: [[UInt8]]) throws(StoreError) -> TodoList {
        var list = TodoList(bytes: files[path] ?? [])
        for line in lines { list.appendLine(line) }
        try write(path, list.serialized())
        return list
    }

    /// Applies `edit` to `source`, appends the moved lines to `destination`, then stores
    /// `source`.
    public func move<Result>(
        from source: String, to destination: String,
        _ edit: (inout TodoList) throws -> (moved: [[UInt8]], result: Result)
    ) throws -> Result {
        let original = try readBytes(source)
        var list = TodoList(bytes: original)
        let (moved, result) = try edit(&list)
        if !moved.isEmpty { try append(destination, lines: moved) }
        let bytes = list.serialized()
        if bytes != original { try write(source, bytes) }
        return result
    }

    /// Whether a file is stored at `path`.
    public func fileExists(_ path: String) -> Bool { files[path] != nil }

    /// Whether `path` was created as a directory or holds a file.
    public func directoryExists(_ path: String) -> Bool {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return directories.contains(path) || files.keys.contains { $0.hasPrefix(prefix) }
    }

    /// Stores an empty file when none is at `path`.
    public func createFileIfMissing(_ path: String) throws(StoreError) {
        if files[path] == nil { try write(path, []) }
    }

    /// Records a directory.
    public func createDirectory(_ path: String) throws(StoreError) {
        directories.insert(path)
    }

    /// The names of the files directly in `path`, sorted by bytes.
    public func directoryEntries(_ path: String) throws(StoreError) -> [String] {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        let names = files.keys.filter { $0.hasPrefix(prefix) }.map {
            String($0.dropFirst(prefix.count))
        }
        return names.filter { !$0.contains("/") }.sorted {
            Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
        }
    }

    /// Stores the bytes at `/tmp/NAME` and returns that path.
    public func writeTemporaryFile(named name: String, bytes: [UInt8]) throws(StoreError) -> String
    {
        let path = "/tmp/" + name
        try write(path, bytes)
        return path
    }

    /// Forgets a file.
    public func removeFile(_ path: String) { files[path] = nil }
}
