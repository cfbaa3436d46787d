import Glibc
import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// Several real processes (forked from the test process) writing one file at once, and
/// writers killed at arbitrary moments.
///
/// The children call ``FileStorage`` directly and leave with `_exit`, never returning into the
/// test runner. Before forking, the parent runs the same code once, so that the children find
/// the Swift runtime's caches already filled.
@Suite(.serialized)
struct ProcessTests {
    /// Runs every store operation once in this process.
    static func warmUp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("warm.txt")
        let store = FileStorage()
        try store.append(path, lines: ["a".bytes, "b".bytes])
        try store.update(path) { list in
            if list[0].content.elementsEqual("a".bytes) { list.replaceLine(at: 0, with: "c".bytes) }
        }
        try store.move(from: path, to: directory.file("done.txt")) { list in
            list.removeLine(at: 0)
            return (["c".bytes], ())
        }
    }

    /// Starts one child per body, all released at once; returns how each ended.
    static func runTogether(_ bodies: [() -> Int32]) throws -> [ChildEnd] {
        try warmUp()
        let gate = try StartGate()
        let children = bodies.map { body in spawnChild(waitingOn: gate, body) }
        gate.open()
        return children.map { waitForChild($0) }
    }

    @Test(arguments: [false, true])
    func fortyConcurrentAppendsAllLand(counting: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "existing".bytes)
        let ends = try Self.runTogether(
            (0..<40).map { number in
                {
                    do {
                        let lines = ["appended \(number)".bytes]
                        if counting {
                            _ = try FileStorage().appendCountingLines(path, lines: lines)
                        } else {
                            try FileStorage().append(path, lines: lines)
                        }
                        return 0
                    } catch { return 1 }
                }
            })
        #expect(ends == Array(repeating: .exited(0), count: 40))
        let list = try FileStorage().read(path)
        #expect(list.count == 41)
        #expect(list[0].text == "existing")
        #expect(list.allSatisfy { $0.terminator == .lf })
        let appended = list.dropFirst().map(\.text).sorted()
        #expect(appended == (0..<40).map { "appended \($0)" }.sorted())
        #expect(directory.temporaries().isEmpty)
    }

    @Test func concurrentEditsAndAppendsAllApply() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, (0..<20).map { "task \($0)\r\n" }.joined().bytes)
        var bodies: [() -> Int32] = []
        for number in 0..<20 {
            bodies.append {
                do {
                    try FileStorage().update(path) { list in
                        guard list[number].content.elementsEqual("task \(number)".bytes) else {
                            throw TestFailure("line \(number) moved")
                        }
                        list.replaceLine(at: number, with: "x task \(number)".bytes)
                    }
                    return 0
                } catch { return 1 }
            }
            bodies.append {
                do {
                    try FileStorage().append(path, lines: ["new \(number)".bytes])
                    return 0
                } catch { return 1 }
            }
        }
        let ends = try Self.runTogether(bodies)
        #expect(ends == Array(repeating: .exited(0), count: 40))
        let list = try FileStorage().read(path)
        #expect(list.count == 40)
        #expect(list.prefix(20).map(\.text) == (0..<20).map { "x task \($0)" })
        #expect(list.dropFirst(20).map(\.text).sorted() == (0..<20).map { "new \($0)" }.sorted())
        #expect(list.allSatisfy { $0.terminator == .crlf })
    }

    @Test func opposingMovesNeitherDeadlockNorLoseLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let left = directory.file("left.txt")
        let right = directory.file("right.txt")
        try writeFile(left, (0..<10).map { "left \($0)\n" }.joined().bytes)
        try writeFile(right, (0..<10).map { "right \($0)\n" }.joined().bytes)
        func mover(from source: String, to destination: String) -> () -> Int32 {
            {
                do {
                    try FileStorage().move(from: source, to: destination) { list in
                        guard let last = list.indices.last else { return ([], ()) }
                        let line = Array(list[last].content)
                        list.removeLine(at: last)
                        return ([line], ())
                    }
                    return 0
                } catch { return 1 }
            }
        }
        let bodies = (0..<10).flatMap { _ in
            [mover(from: left, to: right), mover(from: right, to: left)]
        }
        let ends = try Self.runTogether(bodies)
        #expect(ends == Array(repeating: .exited(0), count: 20))
        let all = try (FileStorage().read(left).map(\.text) + FileStorage().read(right).map(\.text))
        #expect(
            all.sorted()
                == ((0..<10).map { "left \($0)" } + (0..<10).map { "right \($0)" }).sorted())
    }

    @Test func aWriterWaitsForTheLockHolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\n".bytes)
        try Self.warmUp()
        // Another writer holds the lock: a flock on the todo file itself.
        let lock = open(path, O_RDONLY | O_CLOEXEC)
        #expect(flock(lock, LOCK_EX) == 0)
        let child = spawnChild {
            close(lock)  // the forked copy of the descriptor shares the parent's lock
            return (try? FileStorage().append(path, lines: ["b".bytes])) == nil ? 1 : 0
        }
        usleep(200_000)
        // While the lock is held the child cannot have written anything.
        #expect(try readFile(path) == "a\n".bytes)
        close(lock)
        #expect(waitForChild(child) == .exited(0))
        #expect(try readFile(path) == "a\nb\n".bytes)
    }

    @Test func aCrashBetweenSyncAndRenameLeavesTheOldFileAndOneTemporary() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "old\n".bytes)
        try Self.warmUp()
        var crashing = FileSystem.live
        crashing.rename = { _, _, _ in _exit(9) }
        let child = spawnChild {
            _ = try? FileStorage(fileSystem: crashing).update(path) { $0.appendLine("lost".bytes) }
            return 0
        }
        #expect(waitForChild(child) == .exited(9))
        #expect(try readFile(path) == "old\n".bytes)
        #expect(directory.temporaries().count == 1)
        try FileStorage().append(path, lines: ["new".bytes])
        #expect(try readFile(path) == "old\nnew\n".bytes)
        #expect(directory.temporaries().isEmpty)
    }

    /// The file for the kill test: a version line, then 50 lines of 1 MiB.
    static func bigFile(version: Int, body: [UInt8]) -> [UInt8] {
        "version \(version)\n".bytes + body
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func rewrite(_ path: String, to version: Int) throws {
        try FileStorage().update(path) { list in
            list.replaceLine(at: 0, with: "version \(version)".bytes)
        }
    }

    @Test func aWriterKilledAtAnyMomentLeavesOldOrNewContent() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        var body: [UInt8] = []
        body.reserveCapacity(50 << 20)
        for number in 0..<50 {
            body += [UInt8](repeating: UInt8(ascii: "a") + UInt8(number % 26), count: 1 << 20)
            body.append(0x0A)
        }
        try writeFile(path, Self.bigFile(version: 0, body: body))
        try Self.warmUp()

        // One undisturbed run tells how long a rewrite takes here; the kills spread over it.
        let started = Self.monotonicSeconds()
        let first = spawnChild { (try? Self.rewrite(path, to: 1)) == nil ? 1 : 0 }
        #expect(waitForChild(first) == .exited(0))
        let duration = Self.monotonicSeconds() - started
        var version = 1
        #expect(sameBytes(try readFile(path), Self.bigFile(version: version, body: body)))

        for attempt in 0..<20 {
            let previous = Self.bigFile(version: version, body: body)
            let next = Self.bigFile(version: version + 1, body: body)
            let child = spawnChild { (try? Self.rewrite(path, to: version + 1)) == nil ? 1 : 0 }
            usleep(useconds_t(duration * Double(attempt) / 16 * 1e6))
            kill(child, SIGKILL)
            let end = waitForChild(child)
            #expect(end == .signalled(SIGKILL) || end == .exited(0))
            let now = try readFile(path)
            let isPrevious = sameBytes(now, previous)
            let isNext = sameBytes(now, next)
            #expect(isPrevious || isNext, "attempt \(attempt): neither old nor new content")
            #expect(directory.temporaries().count <= 1)
            if isNext { version += 1 }
            // The next writer is not blocked by the dead one and cleans up after it.
            try Self.rewrite(path, to: version + 1)
            version += 1
            #expect(directory.temporaries().isEmpty)
            #expect(sameBytes(try readFile(path), Self.bigFile(version: version, body: body)))
        }
    }
}
