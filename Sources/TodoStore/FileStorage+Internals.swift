import TodoPlatform

extension FileStorage {
    /// The one-line error for a failed system call on `path`.
    func failure(_ operation: String, _ path: String, _ error: Errno) -> StoreError {
        StoreError(
            operation: operation, path: path, reason: error.description, errno: error.rawValue)
    }

    /// Runs system calls and turns their ``Errno`` into a ``StoreError`` naming `path`.
    func call<Value>(
        _ operation: String, _ path: String, _ body: () throws(Errno) -> Value
    ) throws(StoreError) -> Value {
        do {
            return try body()
        } catch {
            throw failure(operation, path, error)
        }
    }

    func keptChanging(_ path: String) -> StoreError {
        StoreError(
            operation: "write", path: path,
            reason: "another program kept changing it; nothing was written")
    }

    /// Resolves symbolic links. A missing file is placed in its (resolved) directory; a dangling
    /// link is followed by hand, so that writing creates its target and keeps the link.
    func locate(_ path: String, operation: String = "write") throws(StoreError) -> RealLocation {
        var current = path
        for _ in 0..<40 {
            do throws(Errno) {
                let location = RealLocation(splitting: try sys.realPath(current))
                guard !location.name.isEmpty else { throw Errno.isDirectory }
                return location
            } catch {
                guard error == .noSuchFile else { throw failure(operation, path, error) }
            }
            let parts = RealLocation(splitting: current)
            guard !parts.name.isEmpty else { throw failure(operation, path, .isDirectory) }
            let directory = try call(operation, path) { () throws(Errno) in
                try sys.realPath(parts.directory)
            }
            let resolved = RealLocation(directory: directory, name: parts.name)
            guard let target = try? sys.readLink(resolved.path) else { return resolved }
            current = target.hasPrefix("/") ? target : directory + "/" + target
        }
        throw failure(operation, path, .tooManySymbolicLinks)
    }

    func isCharacterDevice(_ location: RealLocation) -> Bool {
        (try? sys.statusOfPath(location.path, true))?.kind == .characterDevice
    }

    /// Locks one file for a read-modify-write: see ``lockAll(_:)``.
    func lock(
        _ location: RealLocation, path: String, creating: Bool
    ) throws(StoreError) -> LockedFile {
        let files = try lockAll([LockTarget(location: location, path: path, creating: creating)])
        guard let file = files.first else { throw keptChanging(path) }
        return file
    }

    /// Locks files for a read-modify-write, always in the order of their real paths, so that
    /// two commands that need the same files never wait for each other in a circle. Each lock
    /// is taken with nothing of a later path held; an operation that finds a file replaced
    /// while it holds several releases them all and starts again here.
    ///
    /// Before returning, a move that was killed between its two writes and concerns one of the
    /// files (a record in the move journal) is finished or taken back (with every lock
    /// released first, as that takes the locks of its own two files), so that no command ever
    /// works on a file that holds a task also left in another. Then stale temporary files are
    /// removed. With `creating`, a missing file is created empty (mode `0666 & ~umask`);
    /// otherwise a missing file is an error.
    ///
    /// - Returns: The locked files, in the order of `targets`.
    func lockAll(_ targets: [LockTarget]) throws(StoreError) -> [LockedFile] {
        let ordered = targets.indices.sorted {
            targets[$0].location.path.utf8.lexicographicallyPrecedes(
                targets[$1].location.path.utf8)
        }
        for _ in 0..<Self.attempts {
            var files: [LockedFile] = []
            for index in ordered {
                do {
                    files.append(try lockOne(targets[index]))
                } catch {
                    unlock(files)
                    throw error
                }
            }
            let paths = targets.map(\.location.path)
            let listing = journalListing()
            let pending = pendingRecordNames(concerning: paths, in: listing)
            if pending.isEmpty {
                for file in files { removeStaleTemporaries(file) }
                removeStaleRecordDrafts(concerning: paths, in: listing)
                return ordered.indices.compactMap { position in
                    ordered.firstIndex(of: position).map { files[$0] }
                }
            }
            unlock(files)
            for name in pending { try finishPendingMove(name) }
        }
        throw keptChanging(targets.first?.path ?? "")
    }

    /// Opens the directory and takes the lock on the file itself (see ``acquire(_:)``).
    func lockOne(_ target: LockTarget) throws(StoreError) -> LockedFile {
        let directory = try call("write", target.path) { () throws(Errno) in
            try sys.open(target.location.directory, .directory, 0)
        }
        let file = LockedFile(
            path: target.path, location: target.location, directory: directory, fd: -1,
            creating: target.creating)
        do {
            try acquire(file)
        } catch {
            try? sys.close(directory)
            throw error
        }
        return file
    }

    /// Opens the file by name, takes an exclusive `flock` on it (waiting for it), and checks
    /// that the name still leads to the inode it locked: a writer that held the lock may have
    /// renamed a new version over the name meanwhile, and then the lock is taken again on that
    /// one. No lock file of our own is ever created.
    func acquire(_ file: LockedFile) throws(StoreError) {
        let name = file.location.name
        for _ in 0..<100 {
            var writeError: Errno?
            var fd: Int32
            do throws(Errno) {
                fd = try sys.openAt(file.directory, name, .readWrite, 0)
            } catch {
                switch error {
                case .noSuchFile where file.creating:
                    do throws(Errno) {
                        fd = try sys.openAt(
                            file.directory, name, [.readWrite, .create, .exclusive], 0o666)
                        file.created = true
                    } catch {
                        if error == .exists { continue }
                        throw failure("write", file.path, error)
                    }
                case .noSuchFile:
                    throw failure("read", file.path, error)
                case .permissionDenied, .readOnlyFileSystem:
                    // A read-only file can still be locked, read and replaced by a rename
                    // (when its directory allows); only an append needs to write to it.
                    writeError = error
                    fd = try call("read", file.path) { () throws(Errno) in
                        try sys.openAt(file.directory, name, [], 0)
                    }
                default:
                    throw failure("write", file.path, error)
                }
            }
            do throws(Errno) {
                let held = try sys.status(fd)
                if held.kind == .directory { throw Errno.isDirectory }
                do {
                    try sys.lockExclusive(fd, false)
                } catch {
                    guard error == .wouldBlock else { throw error }
                    try sys.lockExclusive(fd, true)
                }
                let named = try? sys.statusAt(file.directory, name)
                guard let named, named.device == held.device, named.inode == held.inode else {
                    try? sys.close(fd)
                    continue
                }
            } catch {
                try? sys.close(fd)
                throw failure(error == .isDirectory ? "write" : "lock", file.path, error)
            }
            file.fd = fd
            file.writeError = writeError
            return
        }
        throw keptChanging(file.path)
    }

    /// Takes the lock again when the name no longer leads to the locked inode (a program that
    /// does not lock, such as an editor, renamed its version over the file).
    func revalidate(_ file: LockedFile) throws(StoreError) {
        guard file.fd >= 0 else { return }
        if let held = try? sys.status(file.fd),
            let named = try? sys.statusAt(file.directory, file.location.name),
            held.device == named.device && held.inode == named.inode
        {
            return
        }
        try? sys.close(file.fd)
        file.fd = -1
        try acquire(file)
    }

    func unlock(_ files: [LockedFile]) {
        for file in files.reversed() {
            if file.fd >= 0 { try? sys.close(file.fd) }
            file.fd = -1
            try? sys.close(file.directory)
        }
    }

    /// Removes `.NAME.tmp-*`: every writer holds the lock while its temporary file exists, so
    /// one found while we hold the lock was left by a writer that died.
    func removeStaleTemporaries(_ file: LockedFile) {
        let prefix = ".\(file.location.name).tmp-"
        guard let names = try? sys.directoryEntries(file.location.directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            try? sys.removeAt(file.directory, name)
        }
    }

    /// Reads the locked file. A missing file is an error or an empty state.
    func readState(_ file: LockedFile, missingIsError: Bool) throws(StoreError) -> FileState {
        let fd: Int32
        do {
            fd = try sys.openAt(file.directory, file.location.name, [], 0)
        } catch {
            if error == .noSuchFile && !missingIsError { return .missing }
            throw failure("read", file.path, error)
        }
        defer { try? sys.close(fd) }
        let (bytes, status) = try readAll(fd, path: file.path, operation: "read")
        return FileState(bytes: bytes, status: status)
    }

    /// Reads an open file to its end: one allocation of the size `fstat` reports, then a read
    /// loop (more is read if the file grew or reports no size, like a device).
    func readAll(
        _ fd: Int32, path: String, operation: String
    ) throws(StoreError) -> (bytes: [UInt8], status: FileStatus) {
        let status = try call(operation, path) { () throws(Errno) in try sys.status(fd) }
        if status.kind == .directory { throw failure(operation, path, .isDirectory) }
        let expected = max(Int(status.size), 0)
        var readError: Errno?
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            MemoryAdvice.preferHugePages(UnsafeMutableRawBufferPointer(buffer))
            while count < buffer.count {
                let rest = UnsafeMutableRawBufferPointer(
                    start: base + count, count: buffer.count - count)
                do throws(Errno) {
                    let got = try sys.read(fd, rest)
                    if got == 0 { return }
                    count += got
                } catch {
                    readError = error
                    return
                }
            }
        }
        if let readError { throw failure(operation, path, readError) }
        if bytes.count == expected {
            // The file may have grown since `fstat`: read on to its end. The buffer is left
            // uninitialized, so that the usual read of nothing touches none of its pages.
            let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
            defer { chunk.deallocate() }
            while true {
                let count = try call(operation, path) { () throws(Errno) in
                    try sys.read(fd, chunk)
                }
                if count == 0 { break }
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            }
        }
        return (bytes, status)
    }

    /// Writes all of `bytes` (in pieces of at most 1 GiB; a write of nothing is `EIO`).
    func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) {
        let outcome = bytes.withUnsafeBytes { raw in
            Result { () throws(Errno) in
                var offset = 0
                while offset < raw.count {
                    let end = offset + min(raw.count - offset, 1 << 30)
                    let wrote = try sys.write(
                        fd, UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
                    if wrote == 0 { throw Errno.ioError }
                    offset += wrote
                }
            }
        }
        try outcome.get()
    }

    /// Writes all of `content` with `writev`, taking up a short write where it stopped, so that
    /// unchanged runs go from the read buffer to the file without a copy.
    func writeAll(_ fd: Int32, _ content: Content) throws(Errno) {
        try content.withPieces { pieces in Result { () throws(Errno) in try writeAll(fd, pieces) } }
            .get()
    }

    /// Writes `pieces` one after the other with `writev` (see ``writeAll(_:_:)-content``).
    func writeAll(_ fd: Int32, _ pieces: [UnsafeRawBufferPointer]) throws(Errno) {
        let outcome =
            Result { () throws(Errno) in
                var index = 0
                var skip = 0
                while index < pieces.count {
                    var batch: [UnsafeRawBufferPointer] = []
                    var total = 0
                    for piece in pieces[index...].prefix(1024) {
                        let rest =
                            batch.isEmpty
                            ? UnsafeRawBufferPointer(rebasing: piece[skip...]) : piece
                        if total + rest.count > 1 << 30 && !batch.isEmpty { break }
                        batch.append(rest)
                        total += rest.count
                    }
                    if total == 0 {
                        index += batch.count
                        skip = 0
                        continue
                    }
                    var wrote = try sys.writeVector(fd, batch)
                    if wrote == 0 { throw Errno.ioError }
                    // Step over whole pieces, then into the one the write stopped in.
                    while index < pieces.count && wrote >= pieces[index].count - skip {
                        wrote -= pieces[index].count - skip
                        index += 1
                        skip = 0
                    }
                    skip += wrote
                }
            }
        try outcome.get()
    }

    /// Syncs a directory after a rename or a create; `EINVAL` (a file system that cannot sync
    /// directories) is not an error.
    func syncDirectory(_ directory: Int32) throws(Errno) {
        do {
            try sys.sync(directory)
        } catch {
            if error != .invalidArgument { throw error }
        }
    }

    /// Whether the file is still what was read: same identity, or (`comparingBytes`, when
    /// `state` holds the whole file) the same bytes.
    func isUnchanged(
        _ file: LockedFile, since state: FileState, comparingBytes: Bool = true
    ) throws(WriteFailure) -> Bool {
        let status: FileStatus
        do {
            status = try sys.statusAt(file.directory, file.location.name)
        } catch {
            if error == .noSuchFile { return state.identity == nil }
            throw .failed(failure("write", file.path, error))
        }
        guard let identity = state.identity else { return false }
        if FileIdentity(status) == identity { return true }
        guard comparingBytes else { return false }
        do {
            let now = try readState(file, missingIsError: false)
            return now.identity != nil && sameBytes(now.bytes, state.bytes)
        } catch {
            throw .failed(error)
        }
    }

    /// Replaces the locked file with `content` atomically (see ``FileStorage``), unless it
    /// changed since `state` was read. On any failure the temporary file is removed.
    func replace(
        _ file: LockedFile, with content: Content, expecting state: FileState
    )
        throws(WriteFailure)
    {
        try content.withPieces { pieces in
            Result { () throws(WriteFailure) in
                try replace(file, pieces: pieces, expecting: state)
            }
        }.get()
    }

    /// ``replace(_:with:expecting:)`` of content given as its pieces.
    func replace(
        _ file: LockedFile, pieces: [UnsafeRawBufferPointer], expecting state: FileState
    ) throws(WriteFailure) {
        let temporary = try prepareTemporary(file, pieces: pieces, expecting: state)
        try commitTemporary(temporary, to: file, expecting: state)
    }

    /// Writes `content` to a new temporary file beside the locked file, with its mode (and
    /// owner when permitted), synced and closed; on any failure it is removed.
    func prepareTemporary(
        _ file: LockedFile, with content: Content, expecting state: FileState
    ) throws(WriteFailure) -> TemporaryFile {
        try content.withPieces { pieces in
            Result { () throws(WriteFailure) in
                try prepareTemporary(file, pieces: pieces, expecting: state)
            }
        }.get()
    }

    /// ``prepareTemporary(_:with:expecting:)`` of content given as its pieces.
    func prepareTemporary(
        _ file: LockedFile, pieces: [UnsafeRawBufferPointer], expecting state: FileState
    ) throws(WriteFailure) -> TemporaryFile {
        try prepareTemporary(file, expecting: state) { fd throws(Errno) in
            try writeAll(fd, pieces)
        }
    }

    /// ``prepareTemporary(_:with:expecting:)`` of content that `write` writes to the new file's
    /// descriptor.
    func prepareTemporary(
        _ file: LockedFile, expecting state: FileState, writing write: (Int32) throws(Errno) -> Void
    ) throws(WriteFailure) -> TemporaryFile {
        let directory = file.directory
        let name = file.location.name
        if state.identity != nil {
            guard state.kind == .regular else {
                throw .failed(
                    StoreError(operation: "write", path: file.path, reason: "not a regular file"))
            }
            do {
                try sys.checkWritable(directory, name)
            } catch {
                throw .failed(failure("write", file.path, error))
            }
        }
        let pid = sys.processID()
        var temporary = ""
        var opened: Int32?
        var lastError = Errno.exists
        for number in 0..<100 {
            temporary = ".\(name).tmp-\(pid)-\(number)"
            do {
                opened = try sys.openAt(
                    directory, temporary, [.writeOnly, .create, .exclusive], 0o600)
                break
            } catch {
                lastError = error
                if error != .exists { break }
            }
        }
        guard let fd = opened else { throw .failed(failure("write", file.path, lastError)) }
        var isOpen = true
        do throws(Errno) {
            try write(fd)
            if state.identity != nil {
                // Allowed for root or the owner only; otherwise the writer owns the copy.
                try? sys.setOwner(fd, state.owner, state.group)
                try sys.setPermissions(fd, state.permissions)
            } else {
                try sys.setPermissions(fd, 0o666 & ~sys.creationMask())
            }
            try sys.sync(fd)
            let status = try sys.status(fd)
            isOpen = false
            try sys.close(fd)
            return TemporaryFile(name: temporary, device: status.device, inode: status.inode)
        } catch {
            if isOpen { try? sys.close(fd) }
            try? sys.removeAt(directory, temporary)
            throw .failed(failure("write", file.path, error))
        }
    }

    /// What `write` gives, its failures as the store's errors: a file that changed since it
    /// was read under the lock (a program that does not lock) is an error naming it.
    func keepingChanges<Result>(
        _ file: LockedFile, _ write: () throws(WriteFailure) -> Result
    ) throws(StoreError) -> Result {
        do {
            return try write()
        } catch {
            switch error {
            case .changed: throw keptChanging(file.path)
            case .failed(let storeError), .unsynced(let storeError): throw storeError
            }
        }
    }

    /// Renames a prepared temporary file over the locked file, unless the file changed since
    /// `state` was read, and syncs the directory. Before the rename, any failure removes the
    /// temporary file (unless `keepingOnFailure`: a record names it for the next command);
    /// after it, only ``WriteFailure/unsynced(_:)`` can follow.
    func commitTemporary(
        _ temporary: TemporaryFile, to file: LockedFile, expecting state: FileState,
        comparingBytes: Bool = true, keepingOnFailure: Bool = false
    ) throws(WriteFailure) {
        let directory = file.directory
        do throws(WriteFailure) {
            guard try isUnchanged(file, since: state, comparingBytes: comparingBytes) else {
                throw .changed
            }
            do {
                try sys.rename(directory, temporary.name, file.location.name)
            } catch {
                throw .failed(failure("write", file.path, error))
            }
        } catch {
            if !keepingOnFailure { try? sys.removeAt(directory, temporary.name) }
            throw error
        }
        do {
            try syncDirectory(directory)
        } catch {
            throw .unsynced(failure("sync the directory of", file.path, error))
        }
    }
}
