import Glibc

extension FileStorage {
    func failure(_ operation: String, _ path: String, _ code: Int32) -> StoreError {
        StoreError(
            operation: operation, path: path, reason: String(cString: strerror(code)), errno: code)
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
            if let real = sys.realpath(current) {
                let location = RealLocation(splitting: real)
                guard !location.name.isEmpty else { throw failure(operation, path, EISDIR) }
                return location
            }
            let code = errno
            guard code == ENOENT else { throw failure(operation, path, code) }
            let parts = RealLocation(splitting: current)
            guard !parts.name.isEmpty else { throw failure(operation, path, EISDIR) }
            guard let directory = sys.realpath(parts.directory) else {
                throw failure(operation, path, errno)
            }
            let resolved = RealLocation(directory: directory, name: parts.name)
            guard let target = sys.readlink(resolved.path) else { return resolved }
            current = target.hasPrefix("/") ? target : directory + "/" + target
        }
        throw failure(operation, path, ELOOP)
    }

    func isCharacterDevice(_ location: RealLocation) -> Bool {
        var status = stat()
        return sys.stat(location.path, &status) == 0 && fileType(status.st_mode) == S_IFCHR
    }

    /// Opens the directory, refuses a directory in the file's place, takes the lock (waiting
    /// for it), and removes stale temporary files.
    func lock(_ location: RealLocation, path: String) throws(StoreError) -> LockedFile {
        let directory = sys.open(location.directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard directory >= 0 else { throw failure("write", path, errno) }
        var status = stat()
        if sys.fstatat(directory, location.name, &status, 0) == 0,
            fileType(status.st_mode) == S_IFDIR
        {
            _ = sys.close(directory)
            throw failure("write", path, EISDIR)
        }
        let lock = sys.openat(
            directory, ".\(location.name).lock", O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard lock >= 0 else {
            let code = errno
            _ = sys.close(directory)
            throw failure("write", path, code)
        }
        var result = sys.flock(lock, LOCK_EX | LOCK_NB)
        if result != 0 && (errno == EWOULDBLOCK || errno == EINTR) {
            repeat { result = sys.flock(lock, LOCK_EX) } while result != 0 && errno == EINTR
        }
        guard result == 0 else {
            let code = errno
            _ = sys.close(lock)
            _ = sys.close(directory)
            throw failure("lock", path, code)
        }
        let file = LockedFile(path: path, location: location, directory: directory, lock: lock)
        removeStaleTemporaries(file)
        return file
    }

    func unlock(_ files: [LockedFile]) {
        for file in files.reversed() {
            _ = sys.close(file.lock)
            _ = sys.close(file.directory)
        }
    }

    /// Removes `.NAME.tmp-*`: every writer holds the lock while its temporary file exists, so
    /// one found while we hold the lock was left by a writer that died.
    func removeStaleTemporaries(_ file: LockedFile) {
        let prefix = ".\(file.location.name).tmp-"
        guard let names = sys.listDirectory(file.location.directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            _ = sys.unlinkat(file.directory, name)
        }
    }

    /// Reads the locked file. A missing file is an error or an empty state.
    func readState(_ file: LockedFile, missingIsError: Bool) throws(StoreError) -> FileState {
        let fd = sys.openat(file.directory, file.location.name, O_RDONLY | O_CLOEXEC, 0)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT && !missingIsError { return .missing }
            throw failure("read", file.path, code)
        }
        defer { _ = sys.close(fd) }
        let (bytes, status) = try readAll(fd, path: file.path, operation: "read")
        return FileState(bytes: bytes, status: status)
    }

    /// Reads an open file to its end: one allocation of the size `fstat` reports, then a read
    /// loop (more is read if the file grew or reports no size, like a device).
    func readAll(
        _ fd: Int32, path: String, operation: String
    ) throws(StoreError) -> (
        bytes: [UInt8], status: stat
    ) {
        var status = stat()
        guard sys.fstat(fd, &status) == 0 else { throw failure(operation, path, errno) }
        if fileType(status.st_mode) == S_IFDIR { throw failure(operation, path, EISDIR) }
        let expected = max(Int(status.st_size), 0)
        var code: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let got = sys.read(fd, base + count, buffer.count - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    return
                }
                if got == 0 { return }
                count += got
            }
        }
        if code != 0 { throw failure(operation, path, code) }
        if bytes.count == expected {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let got = chunk.withUnsafeMutableBytes { raw in
                    raw.baseAddress.map { sys.read(fd, $0, raw.count) } ?? 0
                }
                if got < 0 {
                    if errno == EINTR { continue }
                    throw failure(operation, path, errno)
                }
                if got == 0 { break }
                bytes.append(contentsOf: chunk[..<got])
            }
        }
        return (bytes, status)
    }

    /// Writes all of `bytes`; returns 0 or the errno of the failed write.
    func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            var offset = 0
            while offset < raw.count {
                let wrote = sys.write(fd, base + offset, min(raw.count - offset, 1 << 30))
                if wrote < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if wrote == 0 { return EIO }
                offset += wrote
            }
            return 0
        }
    }

    /// Whether the file is still what was read: same identity, or the same bytes.
    func isUnchanged(_ file: LockedFile, since state: FileState) throws(WriteFailure) -> Bool {
        var status = stat()
        if sys.fstatat(file.directory, file.location.name, &status, 0) != 0 {
            let code = errno
            if code == ENOENT { return state.identity == nil }
            throw .failed(failure("write", file.path, code))
        }
        guard let identity = state.identity else { return false }
        if FileIdentity(status) == identity { return true }
        do {
            let now = try readState(file, missingIsError: false)
            return now.identity != nil && sameBytes(now.bytes, state.bytes)
        } catch {
            throw .failed(error)
        }
    }

    /// Replaces the locked file with `bytes` atomically (storage.md rule 3), unless it changed
    /// since `state` was read. On any failure the temporary file is removed.
    func replace(
        _ file: LockedFile, with bytes: [UInt8], expecting state: FileState
    )
        throws(WriteFailure)
    {
        let directory = file.directory
        let name = file.location.name
        if state.identity != nil {
            guard fileType(state.mode) == S_IFREG else {
                throw .failed(
                    StoreError(operation: "write", path: file.path, reason: "not a regular file"))
            }
            guard sys.faccessat(directory, name, W_OK) == 0 else {
                throw .failed(failure("write", file.path, errno))
            }
        }
        let pid = sys.getpid()
        var temporary = ""
        var fd: Int32 = -1
        for number in 0..<100 {
            temporary = ".\(name).tmp-\(pid)-\(number)"
            fd = sys.openat(
                directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw .failed(failure("write", file.path, errno)) }
        var isOpen = true
        do throws(WriteFailure) {
            func check(_ result: Int32) throws(WriteFailure) {
                if result != 0 { throw .failed(failure("write", file.path, errno)) }
            }
            let code = writeAll(fd, bytes)
            if code != 0 { throw .failed(failure("write", file.path, code)) }
            if state.identity != nil {
                _ = sys.fchown(fd, state.owner, state.group)  // allowed for root or the owner only
                try check(sys.fchmod(fd, state.mode & 0o7777))
            } else {
                try check(sys.fchmod(fd, 0o666 & ~sys.umask()))
            }
            try check(sys.fsync(fd))
            isOpen = false
            try check(sys.close(fd))
            guard try isUnchanged(file, since: state) else { throw .changed }
            try check(sys.renameat(directory, temporary, name))
        } catch {
            if isOpen { _ = sys.close(fd) }
            _ = sys.unlinkat(directory, temporary)
            throw error
        }
        if sys.fsync(directory) != 0 && errno != EINVAL {
            throw .failed(failure("sync the directory of", file.path, errno))
        }
    }
}
