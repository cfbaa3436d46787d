import Glibc

/// Every system call the file store makes, as replaceable closures.
///
/// ``FileStorage`` never calls Glibc for file work except through one of these, so tests can
/// make any step fail (`ENOSPC` on the second write, `EIO` on fsync, a failing rename) or run
/// code at a chosen moment (another writer changing the file just before the rename). The
/// closures follow the C conventions: on failure they return -1 (or `nil`) and set `errno`.
struct Syscalls: Sendable {
    /// `open(2)`.
    var open: @Sendable (_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
    /// `openat(2)`.
    var openat:
        @Sendable (_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) -> Int32
    /// `close(2)`.
    var close: @Sendable (_ fd: Int32) -> Int32
    /// `fstat(2)`.
    var fstat: @Sendable (_ fd: Int32, _ status: inout stat) -> Int32
    /// `fstatat(2)`.
    var fstatat:
        @Sendable (_ directory: Int32, _ name: String, _ status: inout stat, _ flags: Int32) ->
            Int32
    /// `stat(2)` (follows symbolic links).
    var stat: @Sendable (_ path: String, _ status: inout stat) -> Int32
    /// `read(2)`.
    var read: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
    /// `write(2)`.
    var write: @Sendable (_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int
    /// `fsync(2)`.
    var fsync: @Sendable (_ fd: Int32) -> Int32
    /// `fchmod(2)`.
    var fchmod: @Sendable (_ fd: Int32, _ mode: mode_t) -> Int32
    /// `fchown(2)`.
    var fchown: @Sendable (_ fd: Int32, _ owner: uid_t, _ group: gid_t) -> Int32
    /// `faccessat(2)` with `AT_EACCESS`.
    var faccessat: @Sendable (_ directory: Int32, _ name: String, _ mode: Int32) -> Int32
    /// `renameat(2)` within one directory.
    var renameat: @Sendable (_ directory: Int32, _ from: String, _ to: String) -> Int32
    /// `unlinkat(2)`.
    var unlinkat: @Sendable (_ directory: Int32, _ name: String) -> Int32
    /// `unlink(2)`.
    var unlink: @Sendable (_ path: String) -> Int32
    /// `flock(2)`.
    var flock: @Sendable (_ fd: Int32, _ operation: Int32) -> Int32
    /// `mkdir(2)`.
    var mkdir: @Sendable (_ path: String, _ mode: mode_t) -> Int32
    /// `realpath(3)`; `nil` on failure.
    var realpath: @Sendable (_ path: String) -> String?
    /// `readlink(2)`; `nil` on failure.
    var readlink: @Sendable (_ path: String) -> String?
    /// The names in a directory (`opendir`/`readdir`), `.` and `..` excluded; `nil` on failure.
    var listDirectory: @Sendable (_ path: String) -> [String]?
    /// The process's umask, read without changing it.
    var umask: @Sendable () -> mode_t
    /// `getpid(2)`.
    var getpid: @Sendable () -> pid_t
}

extension Syscalls {
    /// The real system calls.
    static let live = Syscalls(
        open: { path, flags, mode in Glibc.open(path, flags, mode) },
        openat: { directory, name, flags, mode in Glibc.openat(directory, name, flags, mode) },
        close: { fd in Glibc.close(fd) },
        fstat: { fd, status in Glibc.fstat(fd, &status) },
        fstatat: { directory, name, status, flags in
            Glibc.fstatat(directory, name, &status, flags)
        },
        stat: { path, status in statFollowing(path, &status) },
        read: { fd, buffer, count in Glibc.read(fd, buffer, count) },
        write: { fd, buffer, count in Glibc.write(fd, buffer, count) },
        fsync: { fd in Glibc.fsync(fd) },
        fchmod: { fd, mode in Glibc.fchmod(fd, mode) },
        fchown: { fd, owner, group in Glibc.fchown(fd, owner, group) },
        faccessat: { directory, name, mode in Glibc.faccessat(directory, name, mode, AT_EACCESS) },
        renameat: { directory, from, to in Glibc.renameat(directory, from, directory, to) },
        unlinkat: { directory, name in Glibc.unlinkat(directory, name, 0) },
        unlink: { path in Glibc.unlink(path) },
        flock: { fd, operation in lockFile(fd, operation) },
        mkdir: { path, mode in Glibc.mkdir(path, mode) },
        realpath: { path in
            guard let resolved = Glibc.realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        },
        readlink: { path in
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = Glibc.readlink(path, &buffer, buffer.count - 1)
            guard count >= 0 else { return nil }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        },
        listDirectory: { path in
            guard let directory = opendir(path) else { return nil }
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
        umask: { currentUmask() },
        getpid: { Glibc.getpid() }
    )
}

/// `stat(2)`: a free function, because `Glibc.stat` names the structure.
private func statFollowing(_ path: String, _ status: inout stat) -> Int32 {
    stat(path, &status)
}

/// `flock(2)`: a free function, because `Glibc.flock` names the structure.
private func lockFile(_ fd: Int32, _ operation: Int32) -> Int32 {
    flock(fd, operation)
}

/// Reads the umask from `/proc/self/status` (thread-safe); falls back to setting it and back.
private func currentUmask() -> mode_t {
    let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
    if fd >= 0 {
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { raw in
            raw.baseAddress.map { read(fd, $0, raw.count) } ?? -1
        }
        if count > 0 {
            let text = String(decoding: buffer[..<count], as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("Umask:") {
                let digits = line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }
                if let value = mode_t(digits, radix: 8) { return value }
            }
        }
    }
    let mask = Glibc.umask(0o022)
    _ = Glibc.umask(mask)
    return mask
}
