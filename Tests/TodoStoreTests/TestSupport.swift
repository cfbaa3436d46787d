import Glibc
import Synchronization
import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// A fresh directory under /tmp, removed with everything in it by ``remove()``.
struct TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/todostore-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard let made else { throw TestFailure("mkdtemp failed: errno \(errno)") }
        path = String(cString: made)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// The names in the directory, sorted.
    func names() -> [String] {
        ((try? FileStorage().directoryEntries(path)) ?? []).sorted()
    }

    /// Names of leftover temporary files.
    func temporaries() -> [String] { names().filter { $0.contains(".tmp-") } }

    func remove() { removeTree(path) }
}

/// Removes a file, link or directory tree (never following links).
func removeTree(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFDIR {
        for name in (try? FileStorage().directoryEntries(path)) ?? [] {
            removeTree(path + "/" + name)
        }
        rmdir(path)
    } else {
        unlink(path)
    }
}

/// An error thrown by test helpers.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Writes a file with plain system calls (as another program would), in place.
func writeFile(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard fd >= 0 else { throw TestFailure("open \(path): errno \(errno)") }
    defer { close(fd) }
    let written = bytes.withUnsafeBytes { raw in
        raw.baseAddress.map { write(fd, $0, raw.count) } ?? 0
    }
    guard written == bytes.count else { throw TestFailure("short write to \(path)") }
}

/// Reads a file with the store's reader.
func readFile(_ path: String) throws -> [UInt8] {
    try FileStorage().readBytes(path)
}

/// `stat` of a path, following links.
func status(_ path: String) -> stat {
    var result = stat()
    _ = stat(path, &result)
    return result
}

/// `lstat` of a path.
func linkStatus(_ path: String) -> stat {
    var result = stat()
    _ = lstat(path, &result)
    return result
}

extension String {
    /// The UTF-8 bytes.
    var bytes: [UInt8] { Array(utf8) }
}

/// A counter shared by fault-injecting closures.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// Adds one and returns the new value.
    func next() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }

    /// Adds `amount`.
    func add(_ amount: Int) {
        value.withLock { $0 += amount }
    }

    var current: Int { value.withLock { $0 } }
}

/// System calls that pass through to the real ones, with `writes` split into chunks of at
/// most 4 KiB so that a test can fail "the second write".
func chunkedSyscalls() -> FileSystem {
    var calls = FileSystem.live
    calls.write = { fd, buffer throws(Errno) in
        try FileSystem.live.write(fd, UnsafeRawBufferPointer(rebasing: buffer.prefix(4096)))
    }
    return routingVectorWrites(calls)
}

/// `calls` with `writeVector` sent through its `write`, one piece per call, so that a fault set
/// on `write` also hits a rewrite (which writes with `writev`). Call it after changing `write`.
func routingVectorWrites(_ calls: FileSystem) -> FileSystem {
    var calls = calls
    let write = calls.write
    calls.writeVector = { fd, buffers throws(Errno) in
        guard let first = buffers.first(where: { $0.count > 0 }) else { return 0 }
        return try write(fd, first)
    }
    return calls
}

// MARK: Child processes

/// Runs `body` in a forked child process and returns its pid. The child exits with the status
/// `body` returns and never returns into the test runner.
func spawnChild(waitingOn gate: StartGate? = nil, _ body: () -> Int32) -> pid_t {
    let pid = fork()
    if pid == 0 {
        if let gate {
            close(gate.writeEnd)
            var byte: UInt8 = 0
            _ = read(gate.readEnd, &byte, 1)
        }
        _exit(body())
    }
    return pid
}

/// How a child ended.
enum ChildEnd: Equatable {
    case exited(Int32)
    case signalled(Int32)
    case hung
}

/// Waits for a child; kills it and reports ``ChildEnd/hung`` after `limit` seconds, so that a
/// deadlocked child fails the test instead of hanging it.
func waitForChild(_ pid: pid_t, limit: Double = 120) -> ChildEnd {
    var status: Int32 = 0
    var waited = 0.0
    while true {
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { break }
        if result < 0 && errno != EINTR { return .hung }
        if waited > limit {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            return .hung
        }
        usleep(2_000)
        waited += 0.002
    }
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
}

/// A pipe whose read end children block on until ``open()`` is called, so that they start
/// together.
struct StartGate {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TestFailure("pipe failed") }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Lets every waiting child go (they read end-of-file).
    func open() {
        close(writeEnd)
        close(readEnd)
    }
}
