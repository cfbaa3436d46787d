import TodoPlatform
import TodoTxt

extension FileStorage {
    /// The bytes that appending `lines` adds after `bytes` (FormatRules.md F5: a terminator for
    /// a last line without one, then each line with the file's terminator), and the list as it
    /// is afterwards.
    func appended(_ lines: [[UInt8]], to bytes: [UInt8]) -> (tail: [UInt8], list: TodoList) {
        var list = TodoList(bytes: bytes)
        for line in lines { list.appendLine(line) }
        var tail: [UInt8] = []
        list.withSerializedPieces { pieces in
            var skip = bytes.count
            for piece in pieces {
                if skip >= piece.count {
                    skip -= piece.count
                } else {
                    tail.append(contentsOf: piece[skip...])
                    skip = 0
                }
            }
        }
        return (tail, list)
    }

    /// Appends `lines` to the locked file without rewriting it (README, "How todo writes your
    /// files"): one read (to number the new lines), one write at the end, one `fsync`; a failed
    /// or short write is truncated back to the old length. Then the name is checked once more:
    /// if an editor renamed its own version over the file meanwhile, the append went to the
    /// replaced file, so the lock is taken on the new one and the lines are appended again.
    ///
    /// - Returns: The list afterwards, and how to take the append back.
    func appendInPlace(
        _ file: LockedFile, lines: [[UInt8]], operation: String = "write"
    ) throws(StoreError) -> (list: TodoList, undo: Undo) {
        for attempt in 0..<Self.attempts {
            if attempt > 0 { try revalidate(file) }
            let (bytes, status) = try readLocked(file)
            let (tail, list) = appended(lines, to: bytes)
            try writeTail(tail, to: file, at: Int64(bytes.count))
            let named = try? sys.statusAt(file.directory, file.location.name)
            if let named, named.device == status.device, named.inode == status.inode {
                return (list, truncatingBack(file, to: Int64(bytes.count)))
            }
        }
        throw keptChanging(file.path)
    }

    /// How to take an append back: truncate the locked file to `length` and sync it. Shrinking a
    /// file needs no space, so this works on a full disk; a failed sync leaves the shorter
    /// content in place for every reader, so only the truncation's failure is reported.
    func truncatingBack(_ file: LockedFile, to length: Int64) -> Undo {
        let fd = file.fd
        return { () throws(StoreError) in
            try self.call("write", file.path) { () throws(Errno) in
                try self.sys.truncate(fd, length)
            }
            try? self.sys.sync(fd)
        }
    }

    /// Reads the locked file from the start (checking that the name still leads to it).
    func readLocked(_ file: LockedFile) throws(StoreError) -> (bytes: [UInt8], status: FileStatus) {
        for _ in 0..<Self.attempts {
            // A fresh descriptor for the read keeps the locked one's offset out of the way.
            let fd = try call("read", file.path) { () throws(Errno) in
                try sys.openAt(file.directory, file.location.name, [], 0)
            }
            defer { try? sys.close(fd) }
            let (bytes, status) = try readAll(fd, path: file.path, operation: "read")
            let held = try call("read", file.path) { () throws(Errno) in try sys.status(file.fd) }
            if held.device == status.device && held.inode == status.inode {
                return (bytes, status)
            }
            // Replaced between the lock and the read: lock the new file and read again.
            try revalidate(file)
        }
        throw keptChanging(file.path)
    }

    /// Writes `tail` at `offset` of the locked file and syncs it; on any failure the file is
    /// truncated back to `offset`.
    func writeTail(_ tail: [UInt8], to file: LockedFile, at offset: Int64) throws(StoreError) {
        guard !tail.isEmpty else { return }
        try writeTail(to: file, at: offset) { writer throws(Errno) in
            try writer.copier.write(tail[...])
        }
    }

    /// Writes what `produce` hands its writer at `offset` of the locked file and syncs it; on
    /// any failure the file is truncated back to `offset`.
    func writeTail(
        to file: LockedFile, at offset: Int64, _ produce: (inout ChunkWriter) throws(Errno) -> Void
    ) throws(StoreError) {
        if let error = file.writeError { throw failure("write", file.path, error) }
        do throws(Errno) {
            try sys.checkWritable(file.directory, file.location.name)
            do {
                var writer = ChunkWriter(destination: file.fd, at: offset, sys: sys)
                try produce(&writer)
                try writer.flush()
                try sys.sync(file.fd)
            } catch {
                try? sys.truncate(file.fd, offset)
                try? sys.sync(file.fd)
                throw error
            }
            if file.created { try syncDirectory(file.directory) }
        } catch {
            throw failure("write", file.path, error)
        }
    }
}
