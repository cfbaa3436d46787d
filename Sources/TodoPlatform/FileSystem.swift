#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file-system calls the store makes, as replaceable closures over plain Swift types.
///
/// ``live`` calls the C library (retrying `EINTR` through ``valueOrErrno(retryOnInterrupt:_:)``
/// and throwing ``Errno``); tests replace single closures to make any step fail (`ENOSPC` on the
/// second write, `EIO` on a sync, a failing rename) or to run code at a chosen moment. File
/// descriptors are plain `Int32` here so that a double can see and intercept every close.
package struct FileSystem: Sendable {
    /// How to open a file. Every descriptor is opened close-on-exec.
    package struct OpenOptions: OptionSet, Sendable {
        /// The option bits.
        package var rawValue: Int
        /// Creates options from bits.
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// Options from a list literal. Spelled out here because `OptionSet`'s own goes through
        /// the generic `SetAlgebra` initializer when called from another module, which looks
        /// up conformances at run time: a noticeable part of a short run's start-up.
        package init(arrayLiteral elements: OpenOptions...) {
            var bits = 0
            for element in elements { bits |= element.rawValue }
            self.rawValue = bits
        }
        /// Open for writing only (otherwise for reading only).
        package static let writeOnly = OpenOptions(rawValue: 1)
        /// Create the file when it is missing.
        package static let create = OpenOptions(rawValue: 2)
        /// With ``create``: fail with `EEXIST` when the file exists.
        package static let exclusive = OpenOptions(rawValue: 4)
        /// Fail unless the path names a directory.
        package static let directory = OpenOptions(rawValue: 8)
        /// Fail when the last component is a symbolic link.
        package static let noFollow = OpenOptions(rawValue: 16)
        /// Every write goes to the end of the file.
        package static let append = OpenOptions(rawValue: 32)
        /// Open for reading and writing (takes precedence over ``writeOnly``).
        package static let readWrite = OpenOptions(rawValue: 64)

        /// The C flags.
        var flags: Int32 {
            var flags =
                O_CLOEXEC
                | (contains(.readWrite) ? O_RDWR : contains(.writeOnly) ? O_WRONLY : O_RDONLY)
            if contains(.create) { flags |= O_CREAT }
            if contains(.exclusive) { flags |= O_EXCL }
            if contains(.directory) { flags |= O_DIRECTORY }
            if contains(.noFollow) { flags |= O_NOFOLLOW }
            if contains(.append) { flags |= O_APPEND }
            return flags
        }
    }

    /// `open(2)`: a path and new-file permissions.
    package var open:
        @Sendable (_ path: String, _ options: OpenOptions, _ permissions: UInt32) throws(Errno) ->
            Int32
    /// `openat(2)`: a name inside an open directory.
    package var openAt:
        @Sendable (
            _ directory: Int32, _ name: String, _ options: OpenOptions, _ permissions: UInt32
        )
            throws(Errno) -> Int32
    /// `close(2)` (never retried).
    package var close: @Sendable (_ fd: Int32) throws(Errno) -> Void
    /// `fstat(2)`.
    package var status: @Sendable (_ fd: Int32) throws(Errno) -> FileStatus
    /// `fstatat(2)`, following a link in the last component.
    package var statusAt: @Sendable (_ directory: Int32, _ name: String) throws(Errno) -> FileStatus
    /// `stat(2)`, or `lstat(2)` when `followingLinks` is false.
    package var statusOfPath:
        @Sendable (_ path: String, _ followingLinks: Bool) throws(Errno) -> FileStatus
    /// `read(2)`: bytes read, 0 at end of file.
    package var read:
        @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int
    /// `pread(2)`: bytes read at `offset`, 0 at end of file, the file offset left alone.
    package var readAt:
        @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int64)
            throws(Errno) -> Int
    /// `write(2)`: bytes written.
    package var write:
        @Sendable (_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int
    /// `pwrite(2)`: bytes written at `offset`, the file offset left alone.
    package var writeAt:
        @Sendable (_ fd: Int32, _ buffer: UnsafeRawBufferPointer, _ offset: Int64) throws(Errno) ->
            Int
    /// `writev(2)`: bytes written from the buffers in order (at most `IOV_MAX` of them are
    /// passed in one call; the caller loops over a short count).
    package var writeVector:
        @Sendable (_ fd: Int32, _ buffers: [UnsafeRawBufferPointer]) throws(Errno) -> Int
    /// `copy_file_range(2)`: copies up to `count` bytes from `source` at `from` to
    /// `destination` at `to` inside the kernel (or by sharing blocks, where the file system
    /// can), both file offsets left alone. Returns the bytes copied, 0 at the source's end.
    /// Where the call does not exist it fails with `ENOSYS`; it may also fail with `EXDEV`,
    /// `EINVAL` or `EOPNOTSUPP` for files it cannot copy between: the caller then copies by
    /// reading and writing.
    package var copyRange:
        @Sendable (
            _ source: Int32, _ from: Int64, _ destination: Int32, _ to: Int64, _ count: Int
        ) throws(Errno) -> Int
    /// `ftruncate(2)`.
    package var truncate: @Sendable (_ fd: Int32, _ length: Int64) throws(Errno) -> Void
    /// Makes written data durable: `fsync(2)`, or on Darwin `fcntl(F_FULLFSYNC)`, which also
    /// flushes the drive's cache (plain `fsync` there does not), falling back to `fsync`.
    package var sync: @Sendable (_ fd: Int32) throws(Errno) -> Void
    /// `fchmod(2)`.
    package var setPermissions: @Sendable (_ fd: Int32, _ permissions: UInt32) throws(Errno) -> Void
    /// `fchown(2)`.
    package var setOwner:
        @Sendable (_ fd: Int32, _ owner: UInt32, _ group: UInt32) throws(Errno) -> Void
    /// `faccessat(2)` for writing, with the effective ids.
    package var checkWritable: @Sendable (_ directory: Int32, _ name: String) throws(Errno) -> Void
    /// `renameat(2)` within one directory.
    package var rename:
        @Sendable (_ directory: Int32, _ from: String, _ to: String) throws(Errno) -> Void
    /// `unlinkat(2)`.
    package var removeAt: @Sendable (_ directory: Int32, _ name: String) throws(Errno) -> Void
    /// `unlink(2)`.
    package var remove: @Sendable (_ path: String) throws(Errno) -> Void
    /// `flock(2)` exclusive: waits for the lock when `waiting`, else fails with `EWOULDBLOCK`.
    package var lockExclusive: @Sendable (_ fd: Int32, _ waiting: Bool) throws(Errno) -> Void
    /// `mkdir(2)`.
    package var makeDirectory:
        @Sendable (_ path: String, _ permissions: UInt32) throws(Errno) -> Void
    /// `realpath(3)`.
    package var realPath: @Sendable (_ path: String) throws(Errno) -> String
    /// `readlink(2)`.
    package var readLink: @Sendable (_ path: String) throws(Errno) -> String
    /// The names in a directory (`opendir`/`readdir`), `.` and `..` excluded, unsorted.
    package var directoryEntries: @Sendable (_ path: String) throws(Errno) -> [String]
    /// The process's file-creation mask, read without changing it.
    package var creationMask: @Sendable () -> UInt32
    /// The process id.
    package var processID: @Sendable () -> Int32
}

extension FileSystem {
    /// The real file system.
    package static let live = FileSystem(
        open: { path, options, permissions throws(Errno) in
            try valueOrErrno { systemOpen(path, options.flags, mode_t(permissions)) }
        },
        openAt: { directory, name, options, permissions throws(Errno) in
            try valueOrErrno { openat(directory, name, options.flags, mode_t(permissions)) }
        },
        close: { fd throws(Errno) in try nothingOrErrno(retryOnInterrupt: false) { systemClose(fd) }
        },
        status: { fd throws(Errno) in
            var status = stat()
            try nothingOrErrno { fstat(fd, &status) }
            return FileStatus(status)
        },
        statusAt: { directory, name throws(Errno) in
            var status = stat()
            try nothingOrErrno { fstatat(directory, name, &status, 0) }
            return FileStatus(status)
        },
        statusOfPath: { path, followingLinks throws(Errno) in
            var status = stat()
            try nothingOrErrno {
                followingLinks ? statFollowing(path, &status) : lstat(path, &status)
            }
            return FileStatus(status)
        },
        read: { fd, buffer throws(Errno) in
            guard let base = buffer.baseAddress else { return 0 }
            return try valueOrErrno { systemRead(fd, base, buffer.count) }
        },
        readAt: { fd, buffer, offset throws(Errno) in
            guard let base = buffer.baseAddress else { return 0 }
            return try valueOrErrno { pread(fd, base, buffer.count, off_t(offset)) }
        },
        write: { fd, buffer throws(Errno) in
            guard let base = buffer.baseAddress else { return 0 }
            return try valueOrErrno { systemWrite(fd, base, buffer.count) }
        },
        writeAt: { fd, buffer, offset throws(Errno) in
            guard let base = buffer.baseAddress else { return 0 }
            return try valueOrErrno { pwrite(fd, base, buffer.count, off_t(offset)) }
        },
        writeVector: { fd, buffers throws(Errno) in
            var vectors: [iovec] = []
            vectors.reserveCapacity(min(buffers.count, 1024))
            for buffer in buffers.prefix(1024) {
                vectors.append(
                    iovec(
                        iov_base: UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                        iov_len: buffer.count))
            }
            let count = Int32(vectors.count)
            return try vectors.withUnsafeBufferPointer { pointer throws(Errno) in
                try valueOrErrno { writev(fd, pointer.baseAddress, count) }
            }
        },
        copyRange: { source, from, destination, to, count throws(Errno) in
            try copyFileRange(source, from, destination, to, count)
        },
        truncate: { fd, length throws(Errno) in
            try nothingOrErrno { ftruncate(fd, off_t(length)) }
        },
        sync: { fd throws(Errno) in
            #if canImport(Darwin)
                // F_FULLFSYNC asks the drive to write its cache too; some file systems (network,
                // FAT) refuse it, and then plain fsync is the best there is.
                if (try? valueOrErrno { fcntl(fd, F_FULLFSYNC) }) != nil { return }
            #endif
            try nothingOrErrno { fsync(fd) }
        },
        setPermissions: { fd, permissions throws(Errno) in
            try nothingOrErrno { fchmod(fd, mode_t(permissions)) }
        },
        setOwner: { fd, owner, group throws(Errno) in
            try nothingOrErrno { fchown(fd, uid_t(owner), gid_t(group)) }
        },
        checkWritable: { directory, name throws(Errno) in
            try nothingOrErrno { faccessat(directory, name, W_OK, AT_EACCESS) }
        },
        rename: { directory, from, to throws(Errno) in
            try nothingOrErrno { renameat(directory, from, directory, to) }
        },
        removeAt: { directory, name throws(Errno) in
            try nothingOrErrno { unlinkat(directory, name, 0) }
        },
        remove: { path throws(Errno) in try nothingOrErrno { unlink(path) } },
        lockExclusive: { fd, waiting throws(Errno) in
            try nothingOrErrno { lockFile(fd, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) }
        },
        makeDirectory: { path, permissions throws(Errno) in
            try nothingOrErrno { mkdir(path, mode_t(permissions)) }
        },
        realPath: { path throws(Errno) in
            guard let resolved = realpath(path, nil) else { throw Errno.current }
            defer { free(resolved) }
            return String(cString: resolved)
        },
        readLink: { path throws(Errno) in
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = try valueOrErrno { readlink(path, &buffer, buffer.count - 1) }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        },
        directoryEntries: { path throws(Errno) in
            guard let directory = opendir(path) else { throw Errno.current }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            return names
        },
        creationMask: { currentCreationMask() },
        processID: { getpid() }
    )
}

/// `stat(2)`: a free function, because inside a closure `stat` names the structure.
private func statFollowing(_ path: String, _ status: inout stat) -> Int32 {
    stat(path, &status)
}

/// The C library's `copy_file_range`, looked up once: the C library headers as Swift imports
/// them leave it out (it is a GNU extension), and a C library without it (before glibc 2.27,
/// or not Linux) leaves `nil`.
private let copyFileRangeFunction:
    (
        @convention(c) (
            Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32
        ) -> Int
    )? = {
        #if os(Linux)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "copy_file_range")
            else { return nil }
            return unsafeBitCast(
                symbol,
                to: (@convention(c) (
                    Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int,
                    UInt32
                ) -> Int).self)
        #else
            return nil
        #endif
    }()

/// `copy_file_range(2)` between explicit offsets; `ENOSYS` where the C library does not have
/// it.
private func copyFileRange(
    _ source: Int32, _ from: Int64, _ destination: Int32, _ to: Int64, _ count: Int
) throws(Errno) -> Int {
    guard let function = copyFileRangeFunction else { throw Errno(ENOSYS) }
    var input = from
    var output = to
    return try valueOrErrno { function(source, &input, destination, &output, count, 0) }
}

/// `flock(2)`: a free function, because `flock` also names a structure.
private func lockFile(_ fd: Int32, _ operation: Int32) -> Int32 {
    flock(fd, operation)
}

/// The umask. On Linux it is read from `/proc/self/status` (setting it to read it is not
/// thread-safe); elsewhere, and when that fails, it is set and put back.
private func currentCreationMask() -> UInt32 {
    #if os(Linux)
        if let file = try? FileDescriptor.open(readingFrom: "/proc/self/status"),
            let bytes = try? file.readToEnd()
        {
            let text = String(decoding: bytes, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("Umask:") {
                let digits = line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }
                if let value = UInt32(digits, radix: 8) { return value }
            }
        }
    #endif
    let mask = umask(0o022)
    _ = umask(mask)
    return UInt32(mask)
}
