import TodoStore
import TodoTxt

// Everything TodoKit uses from TodoStore is in this file.

/// The files of a task store: on disk through TodoStore (locked, atomic, byte-preserving reads
/// and writes, with TodoStore's errors turned into ``TaskStoreError``), or in memory.
struct StorageFiles {
    /// Where the files are.
    private enum Backend {
        /// The file system, through TodoStore.
        case disk(FileStorage)
        /// A dictionary, for the in-memory store.
        case memory(MemoryFiles)
    }

    private let backend: Backend

    /// The real file system.
    static func disk() -> StorageFiles {
        StorageFiles(backend: .disk(FileStorage()))
    }

    /// Files kept in memory, by path.
    static func memory(_ files: [String: [UInt8]]) -> StorageFiles {
        StorageFiles(backend: .memory(MemoryFiles(files)))
    }

    /// The computer's local date (`TZ` is honoured).
    static func systemToday() -> LocalDate {
        SystemClock().now().date
    }

    /// Whether a file is at `path`.
    func exists(_ path: String) -> Bool {
        switch backend {
        case .disk(let storage): storage.fileExists(path)
        case .memory(let files): files.exists(path)
        }
    }

    /// The file as a list; `nil` when nothing is at `path`.
    func read(_ path: String) throws(TaskStoreError) -> TodoList? {
        switch backend {
        case .memory(let files):
            return files.read(path)
        case .disk(let storage):
            guard storage.fileExists(path) else { return nil }
            do {
                return try storage.read(path)
            } catch {
                // Removed between the two calls: as missing as before.
                if !storage.fileExists(path) { return nil }
                throw Self.converted(error)
            }
        }
    }

    /// Replaces the whole file without the lock, as another program would (for the in-memory
    /// store's simulated hand edits).
    func overwrite(_ path: String, with bytes: [UInt8]) throws(TaskStoreError) {
        switch backend {
        case .memory(let files):
            files.write(path, bytes)
        case .disk(let storage):
            do {
                try storage.write(path, bytes: bytes)
            } catch {
                throw Self.converted(error)
            }
        }
    }

    /// Applies `edit` under the lock and writes the result atomically when it changed. The edit
    /// may run again on a fresh list when another program wrote the file meanwhile.
    func update<Result>(
        _ path: String, _ edit: (inout TodoList) throws(TaskStoreError) -> Result
    ) throws(TaskStoreError) -> Result {
        switch backend {
        case .memory(let files):
            return try files.update(path, edit)
        case .disk(let storage):
            do {
                return try storage.update(path) { list in try edit(&list) }
            } catch {
                throw Self.converted(error, path: path)
            }
        }
    }

    /// Appends lines under the lock, creating a missing file; returns the list afterwards.
    func append(_ path: String, lines: [[UInt8]]) throws(TaskStoreError) -> TodoList {
        switch backend {
        case .memory(let files):
            return files.append(path, lines: lines)
        case .disk(let storage):
            do {
                return try storage.append(path, lines: lines)
            } catch {
                throw Self.converted(error)
            }
        }
    }

    /// Removes lines from `source` and appends them to `destination` first, under both locks.
    func move<Result>(
        from source: String, to destination: String,
        _ edit: (inout TodoList) throws(TaskStoreError) -> (moved: [[UInt8]], result: Result)
    ) throws(TaskStoreError) -> Result {
        switch backend {
        case .memory(let files):
            return try files.move(from: source, to: destination, edit)
        case .disk(let storage):
            do {
                return try storage.move(from: source, to: destination) { list in try edit(&list) }
            } catch {
                throw Self.converted(error, path: source)
            }
        }
    }

    /// TodoStore's error as a ``TaskStoreError``; errors of an edit pass through unchanged.
    private static func converted(_ error: any Error, path: String = "") -> TaskStoreError {
        switch error {
        case let error as TaskStoreError: error
        case let error as StoreError:
            .file(operation: error.operation, path: error.path, reason: error.reason)
        default: .file(operation: "write", path: path, reason: "\(error)")
        }
    }
}
