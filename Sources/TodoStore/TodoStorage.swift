public import TodoTxt

/// Where the `todo` command reads and writes its files.
///
/// Every method takes a path as the user configured it. Implementations follow the README's "How
/// `todo` writes your files": a read-modify-write holds an exclusive lock for its whole duration, a
/// rewrite is atomic, and an error leaves every file as it was. ``FileStorage`` is the real one;
/// `InMemoryStorage` (in TodoStoreTesting) lets tests run commands without a disk.
public protocol TodoStorage: AnyObject {
    /// Reads a file into a list. A missing file is an error.
    func read(_ path: String) throws(StoreError) -> TodoList

    /// Applies `edit` to the file under the lock and writes the result atomically when it
    /// differs from what was read.
    ///
    /// When the file changed between the read and the rename (someone who does not take the
    /// lock, such as an editor, wrote it), the file is read again and `edit` is called again
    /// with the fresh list. An edit must therefore check that what it is about to change is
    /// still there (the text of line N) and throw otherwise; nothing is written then.
    ///
    /// - Returns: What `edit` returned on its last call.
    func update<Result>(_ path: String, _ edit: (inout TodoList) throws -> Result) throws -> Result

    /// Appends lines to the file under the lock (FormatRules.md F5: a last line without a
    /// terminator gets one first; new lines take the file's terminator).
    ///
    /// - Returns: The list as it is after the append.
    @discardableResult
    func append(_ path: String, lines: [[UInt8]]) throws(StoreError) -> TodoList

    /// Appends lines as ``append(_:lines:)`` does and reports only what the append changed at
    /// the end of the file, which a store can tell without reading the file into memory.
    func appendReportingEnd(_ path: String, lines: [[UInt8]]) throws(StoreError) -> AppendReport

    /// Moves lines from one file to another so that every line ends up in exactly one of them:
    /// `edit` removes lines from the source list and returns them; they are appended to
    /// `destination` first, and only then is the source rewritten. If the rewrite fails, the
    /// append is taken back; a move killed in between is set straight by the next write to
    /// either file (``FileStorage`` keeps a record of each move for that). Both files are
    /// locked for the whole move.
    ///
    /// - Returns: The `result` part of what `edit` returned.
    func move<Result>(
        from source: String, to destination: String,
        _ edit: (inout TodoList) throws -> (moved: [[UInt8]], result: Result)
    ) throws -> Result

    /// Whether a regular file (or a character device such as `/dev/null`) exists at `path`.
    func fileExists(_ path: String) -> Bool

    /// Whether a directory exists at `path`.
    func directoryExists(_ path: String) -> Bool

    /// Creates an empty file when nothing exists at `path` (as todo.sh does for its files).
    func createFileIfMissing(_ path: String) throws(StoreError)

    /// Creates a directory and its missing parents.
    func createDirectory(_ path: String) throws(StoreError)

    /// The names of the entries of a directory, sorted by bytes.
    func directoryEntries(_ path: String) throws(StoreError) -> [String]

    /// Writes `bytes` to a new private file (mode 0600) in the system's temporary directory and
    /// returns its path; used to hand a copy of the todo file to an editor.
    func writeTemporaryFile(named name: String, bytes: [UInt8]) throws(StoreError) -> String

    /// Replaces a file atomically without taking the lock: for files no other `todo`
    /// process edits (a merge driver's temporary files, `.gitattributes`). Creates a missing
    /// file.
    func write(_ path: String, bytes: [UInt8]) throws(StoreError)

    /// Reads a whole file as bytes.
    func readBytes(_ path: String) throws(StoreError) -> [UInt8]

    /// Reads a file from start to end and hands its bytes to `body` in pieces of whole lines
    /// (each piece ends just after a line feed; the last one may end without one), the same
    /// bytes as ``readBytes(_:)`` in the same order. A store may reuse one buffer for every
    /// piece, so `body` must not keep the pointer. A missing file is an error.
    func readPieces(
        _ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(StoreError)

    /// Reads a file as ``readPieces(_:_:)`` does, but may read a large one in two halves at
    /// once: `body` gets each piece with its half, 0 or 1, and may be called from two threads
    /// at once, one per half. Each half's pieces come in order; half 1 starts where half 0 ends,
    /// at the start of a line.
    func readPieces(
        _ path: String, inHalves body: (_ half: Int, _ piece: UnsafeBufferPointer<UInt8>) -> Void
    ) throws(StoreError)

    /// Removes a file; a missing file is not an error.
    func removeFile(_ path: String)
}

extension TodoStorage {
    /// Reads the whole file with ``readBytes(_:)`` and hands it to `body` as one piece.
    public func readPieces(
        _ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(StoreError) {
        let bytes = try readBytes(path)
        bytes.withUnsafeBufferPointer { buffer in
            if !buffer.isEmpty { body(buffer) }
        }
    }

    /// Reads the whole file with ``readPieces(_:_:)``, as half 0.
    public func readPieces(
        _ path: String, inHalves body: (_ half: Int, _ piece: UnsafeBufferPointer<UInt8>) -> Void
    ) throws(StoreError) {
        try readPieces(path) { body(0, $0) }
    }

    /// Appends through ``append(_:lines:)``, reading the file before to tell what changed.
    public func appendReportingEnd(
        _ path: String, lines: [[UInt8]]
    ) throws(StoreError) -> AppendReport {
        let before = fileExists(path) ? try readBytes(path) : []
        let after = try append(path, lines: lines)
        var written = after.serialized()
        let kept = written.starts(with: before) ? before.count : 0
        written.removeFirst(kept)
        return AppendReport(
            lineCount: after.count, endBefore: AppendReport.lastTwoLines(of: before[..<kept]),
            written: written)
    }

    /// Appends lines as ``append(_:lines:)`` does and returns the number of lines the file has
    /// afterwards.
    public func appendCountingLines(_ path: String, lines: [[UInt8]]) throws(StoreError) -> Int {
        try appendReportingEnd(path, lines: lines).lineCount
    }
}
