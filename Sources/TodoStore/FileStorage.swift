package import TodoPlatform
public import TodoTxt

/// The real ``TodoStorage``: reads and writes files on disk, as the README's "How `todo`
/// writes your files" promises.
///
/// - Files are read as bytes (`open`, `fstat`, a `read` loop) and never decoded, so every line
///   that a command does not change is written back byte for byte.
/// - Every read-modify-write (``update(_:_:)``, ``append(_:lines:)``, ``move(from:to:_:)``)
///   holds an exclusive `flock` on the file itself, from before the read until after the
///   rename; no lock file of our own is ever created. After taking the lock, the writer checks
///   that the path still names the inode it locked (a writer it waited for may have renamed a
///   new version over it) and otherwise locks again. Symbolic links are resolved first, so two
///   paths to one file share one lock. Writers wait for each other; a killed writer's lock goes
///   away with its process. A command that changes two files locks both, in the order of
///   their real paths, and never waits for a lock while it holds one of a later path: a move
///   that finds its source replaced releases both and starts again.
/// - A rewrite is atomic: the new content goes to `.NAME.tmp-PID-N` beside the real file, gets
///   the original mode (and owner when permitted), is synced, and is renamed over the file; then
///   the directory is synced. Unchanged runs of lines are written straight from the buffer the
///   file was read into (`writev`), so an edit costs about one copy of the file. An edit of a
///   few lines (``update(_:lines:_:)``) reads the file only up to them, in pieces, and copies
///   the stretches around them from the old file inside the kernel (`copy_file_range`, or reads
///   and writes where that cannot be done), so it never holds the file. A symbolic link stays a
///   link and its target is replaced. On any error the temporary file is removed
///   and the file is left as it was. Stale temporary files of this naming (left by a killed
///   writer) are removed by the next writer, under the lock.
/// - Just before the rename, the file's device, inode, size, mtime and ctime are compared with
///   what was read; if they differ and the content differs too (an editor that does not take
///   the lock saved it meanwhile), the file is read again and the edit applied again, up to
///   five times. An edit of a few lines, which did not read all of the file, takes any
///   difference as a change and goes on as a whole-file edit.
/// - An append is not a rewrite: under the lock, one write at the end of the file and an
///   `fsync`; a failed or short write is truncated back. If an editor renamed its version over
///   the file meanwhile, the lines are appended again to the new file.
/// - A move (archive, `mv`) prepares the source's new version in a synced temporary file,
///   writes a record of the move to the user's move journal (``MoveJournal``), appends to the
///   destination, renames the new version over the source and removes the record. If the
///   rename fails, the destination is truncated back. If the process was killed on the way,
///   the next command that locks either file reads the record and finishes the move or takes
///   it back (``finishPendingMove(_:)``) before doing anything else, and a listing shows the
///   files as that command will leave them. Every line ends up in exactly one file. A move
///   line by line (``moveLines(from:to:_:moved:)``, `archive`) takes the same steps without
///   holding either file: the source is read once in pieces, its kept lines written to the new
///   version as they come, the destination only scanned to its end.
/// - A splice (``spliceLines(_:lines:)``, `undo`) locks its files as a move does, reads each in
///   pieces to check every stretch it replaces before it writes any file, then writes each new
///   version as a rewrite (the unchanged stretches copied inside the kernel) or, for a file that
///   only loses its end, truncates it in place; files that gain lines are written first.
public final class FileStorage: TodoStorage {
    /// How many times a read-modify-write is tried when others keep changing the file.
    static let attempts = 5

    let sys: FileSystem
    /// Where ``writeTemporaryFile(named:bytes:)`` puts its files.
    let temporaryDirectory: String
    /// Where moves write down what they are doing (`nil`: nowhere, see ``MoveJournal``).
    let journal: MoveJournal?

    /// Creates a store that uses the real file system.
    ///
    /// - Parameter temporaryDirectory: where ``writeTemporaryFile(named:bytes:)`` writes (the
    ///   caller's `TMPDIR`); `/tmp` when `nil` or empty.
    public convenience init(temporaryDirectory: String? = nil) {
        self.init(fileSystem: .live, temporaryDirectory: temporaryDirectory)
    }

    /// Creates a store that uses the real file system, with `variables` as the environment it
    /// takes the journal's place from (`XDG_STATE_HOME`, `HOME`), so that a caller that already
    /// holds the environment does not have it read again.
    package convenience init(temporaryDirectory: String?, variables: [String: String]) {
        self.init(
            fileSystem: .live, temporaryDirectory: temporaryDirectory,
            journalDirectory: MoveJournal.directory(variables: variables))
    }

    /// Creates a store whose every system call goes through `fileSystem` (for fault injection).
    ///
    /// - Parameter journalDirectory: where moves keep their records; by default the user's
    ///   `$XDG_STATE_HOME/todo` (or `~/.local/state/todo`), `nil` for none.
    package init(
        fileSystem: FileSystem, temporaryDirectory: String? = nil,
        journalDirectory: String? = MoveJournal.directory(
            variables: ProcessState.environmentVariables())
    ) {
        sys = fileSystem
        journal = journalDirectory.map { MoveJournal(directory: $0) }
        var directory = temporaryDirectory ?? ""
        if directory.isEmpty { directory = "/tmp" }
        if directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        self.temporaryDirectory = directory
    }

    // MARK: Reading

    /// Reads the file into a list (no lock: a rename-replaced file is always whole).
    public func read(_ path: String) throws(StoreError) -> TodoList {
        TodoList(bytes: try readBytes(path))
    }

    /// Reads the whole file as bytes: one `fstat`, one allocation, a `read` loop. While a move
    /// that was killed between its two writes concerns the file, it is shown as the next
    /// writer will leave it (see ``pendingView(of:bytes:)``); nothing is written.
    public func readBytes(_ path: String) throws(StoreError) -> [UInt8] {
        let fd = try call("read", path) { () throws(Errno) in try sys.open(path, [], 0) }
        defer { try? sys.close(fd) }
        let bytes = try readAll(fd, path: path, operation: "read").bytes
        return pendingView(of: path, bytes: bytes)
    }

    // MARK: Read-modify-write

    /// Applies `edit` under the lock and replaces the file atomically when the bytes changed;
    /// re-reads and re-applies when another program changed the file meanwhile (see the type).
    public func update<Result>(
        _ path: String, _ edit: (inout TodoList) throws -> Result
    ) throws
        -> Result
    {
        try update(path, observing: nil, edit)
    }

    /// ``update(_:_:)``, telling `observe` what was written, if anything (see
    /// ``WriteObserver``), so that a caller can record the change without keeping a copy.
    package func update<Result>(
        _ path: String, observing observe: WriteObserver?, _ edit: (inout TodoList) throws -> Result
    ) throws -> Result {
        let file = try lock(try locate(path), path: path, creating: false)
        defer { unlock([file]) }
        return try rewrite(file, missingIsError: true, observe: observe) { state in
            var list = TodoList(bytes: state.bytes)
            let result = try edit(&list)
            return Rewrite(content: .list(list), result: result)
        }
    }

    /// Appends lines under the lock without rewriting the file (see the type), creating a
    /// missing file (mode `0666 & ~umask`); lines to a character device such as `/dev/null` are
    /// written straight to it. A line that contains LF is refused.
    @discardableResult
    public func append(_ path: String, lines: [[UInt8]]) throws(StoreError) -> TodoList {
        for line in lines where line.contains(0x0A) {
            throw StoreError(
                operation: "write", path: path, reason: "a new line contains a line feed")
        }
        let location = try locate(path)
        if isCharacterDevice(location) { return try appendToDevice(path, lines: lines) }
        let file = try lock(location, path: path, creating: true)
        defer { unlock([file]) }
        return try appendInPlace(file, lines: lines).list
    }

    /// Appends lines as ``append(_:lines:)`` does, but reads the file in chunks only to count
    /// its lines and keep its last two, never holding it in memory: the cost of an `add` is one
    /// read and one small write.
    public func appendReportingEnd(
        _ path: String, lines: [[UInt8]]
    ) throws(StoreError) -> AppendReport {
        for line in lines where line.contains(0x0A) {
            throw StoreError(
                operation: "write", path: path, reason: "a new line contains a line feed")
        }
        let location = try locate(path)
        if isCharacterDevice(location) {
            let list = try appendToDevice(path, lines: lines)
            return AppendReport(lineCount: list.count, endBefore: [], written: list.serialized())
        }
        let file = try lock(location, path: path, creating: true)
        defer { unlock([file]) }
        return try appendCounting(file, lines: lines)
    }

    /// Writes lines straight to a character device such as `/dev/null` (no lock, no rename).
    func appendToDevice(_ path: String, lines: [[UInt8]]) throws(StoreError) -> TodoList {
        var list = TodoList()
        for line in lines { list.appendLine(line) }
        let fd = try call("write", path) { () throws(Errno) in
            try sys.open(path, [.writeOnly, .append], 0)
        }
        defer { try? sys.close(fd) }
        try call("write", path) { () throws(Errno) in try writeAll(fd, list.serialized()) }
        return list
    }

    // MARK: Other files and directories

    /// Whether a regular file or a character device is at `path` (links followed).
    public func fileExists(_ path: String) -> Bool {
        guard let status = try? sys.statusOfPath(path, true) else { return false }
        return status.kind == .regular || status.kind == .characterDevice
    }

    /// Whether a directory is at `path` (links followed).
    public func directoryExists(_ path: String) -> Bool {
        (try? sys.statusOfPath(path, true))?.kind == .directory
    }

    /// Creates an empty file (mode `0666 & ~umask`) when nothing is at `path`.
    public func createFileIfMissing(_ path: String) throws(StoreError) {
        let location = try locate(path, operation: "create")
        try call("create", path) { () throws(Errno) in
            let directory = try sys.open(location.directory, .directory, 0)
            defer { try? sys.close(directory) }
            let fd: Int32
            do throws(Errno) {
                fd = try sys.openAt(
                    directory, location.name, [.writeOnly, .create, .exclusive], 0o666)
            } catch {
                if error == .exists { return }
                throw error
            }
            try? sys.close(fd)
            try syncDirectory(directory)
        }
    }

    /// Creates a directory and its missing parents (`mkdir -p`).
    public func createDirectory(_ path: String) throws(StoreError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
            prefix += component
            do {
                try sys.makeDirectory(prefix, 0o777)
            } catch {
                guard error == .exists else { throw failure("create directory", path, error) }
                guard directoryExists(prefix) else {
                    throw failure("create directory", path, .notDirectory)
                }
            }
        }
    }

    /// The names in a directory, `.` and `..` excluded, sorted by bytes.
    public func directoryEntries(_ path: String) throws(StoreError) -> [String] {
        let names = try call("list", path) { () throws(Errno) in try sys.directoryEntries(path) }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Writes `bytes` to a new file `todo-RANDOM-NAME`, mode 0600, in the store's temporary
    /// directory (see ``init(temporaryDirectory:)``).
    public func writeTemporaryFile(named name: String, bytes: [UInt8]) throws(StoreError) -> String
    {
        var path = ""
        var opened: Int32?
        var lastError = Errno.exists
        for _ in 0..<100 {
            let tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            path = "\(temporaryDirectory)/todo-\(tag)-\(name)"
            do {
                opened = try sys.open(path, [.writeOnly, .create, .exclusive], 0o600)
                break
            } catch {
                lastError = error
                if error != .exists { break }
            }
        }
        guard let fd = opened else { throw failure("create", path, lastError) }
        do throws(Errno) {
            do {
                try writeAll(fd, bytes)
            } catch {
                try? sys.close(fd)
                throw error
            }
            try sys.close(fd)
        } catch {
            try? sys.remove(path)
            throw failure("write", path, error)
        }
        return path
    }

    /// Removes a file; errors (such as a missing file) are ignored.
    public func removeFile(_ path: String) {
        try? sys.remove(path)
    }
}
