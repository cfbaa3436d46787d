#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor that this value owns: it is closed exactly once, by ``close()`` or
/// when the value goes away.
package struct FileDescriptor: ~Copyable {
    /// The C descriptor.
    package let rawValue: Int32

    /// Takes ownership of an open descriptor.
    package init(owning rawValue: Int32) { self.rawValue = rawValue }

    /// Opens `path` for reading.
    package static func open(readingFrom path: String) throws(Errno) -> FileDescriptor {
        let fd = try valueOrErrno { systemOpen(path, O_RDONLY | O_CLOEXEC, 0) }
        return FileDescriptor(owning: fd)
    }

    /// Closes the descriptor now and reports a failure (a delayed write error, for example).
    package consuming func close() throws(Errno) {
        let fd = rawValue
        discard self
        // Never retried: after EINTR the descriptor is already gone on Linux and unspecified
        // elsewhere, and a retry could close a descriptor another thread just opened.
        try nothingOrErrno(retryOnInterrupt: false) { systemClose(fd) }
    }

    deinit { _ = systemClose(rawValue) }

    /// Reads up to `buffer.count` bytes; 0 at end of file.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        return try valueOrErrno { systemRead(rawValue, base, buffer.count) }
    }

    /// Reads everything up to end of file.
    package func readToEnd() throws(Errno) -> [UInt8] {
        try FileDescriptor.readToEnd(rawValue)
    }

    /// Reads everything from a descriptor this value does not own (standard input) to its end.
    package static func readToEnd(_ fd: Int32) throws(Errno) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) -> Int in
                    guard let base = raw.baseAddress else { return 0 }
                    return try valueOrErrno { systemRead(fd, base, raw.count) }
                }
            }
            let read = try count.get()
            if read == 0 { return bytes }
            bytes += chunk[0..<read]
        }
    }

    /// Writes all of `bytes`.
    package func writeAll(_ bytes: [UInt8]) throws(Errno) {
        try FileDescriptor.writeAll(rawValue, bytes)
    }

    /// Writes all of `bytes` to a descriptor this value does not own (standard output).
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) {
        let outcome = bytes.withUnsafeBytes { raw in
            Result { () throws(Errno) in try writeAll(fd, raw) }
        }
        try outcome.get()
    }

    /// Gives a pipe at `fd` (standard output into `jq`, say) a buffer of `bytes` where the
    /// system allows it (Linux's `F_SETPIPE_SZ`; the default is 64 KiB), so that a writer of
    /// much output and its reader each run longer before one waits for the other. Anything
    /// else, or a refusal (a user over the system's limit of pipe memory), leaves it as it is.
    package static func widenPipe(_ fd: Int32, to bytes: Int32) {
        #if os(Linux)
            var status = stat()
            guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
            // F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7), which Glibc's module does not export.
            _ = fcntl(fd, 1031, bytes)
        #endif
    }

    /// Writes all the bytes of `raw` to a descriptor this value does not own, with no copy.
    package static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) throws(Errno) {
        guard let base = raw.baseAddress else { return }
        var offset = 0
        while offset < raw.count {
            let count = min(raw.count - offset, 1 << 30)
            let written = try valueOrErrno { systemWrite(fd, base + offset, count) }
            if written == 0 { throw Errno.ioError }
            offset += written
        }
    }
}

/// `open(2)` under a name that does not clash with the methods above.
func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

/// `close(2)`.
func systemClose(_ fd: Int32) -> Int32 { close(fd) }

/// `read(2)`.
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// `write(2)`.
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
