import Glibc
import Synchronization
import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// Changing system calls counted one by one; from the chosen one on, every change fails as if
/// the process had died there (reads still work, as the next process's would). With
/// `fullDisk`, only the chosen one fails, with `ENOSPC`, and the process goes on.
final class KillFunnel: Sendable {
    private let state = Mutex((count: 0, dead: false))
    let killAt: Int?
    let fullDisk: Bool

    init(killAt: Int?, fullDisk: Bool = false) {
        self.killAt = killAt
        self.fullDisk = fullDisk
    }

    var count: Int { state.withLock { $0.count } }

    func step() throws(Errno) {
        let (dead, now) = state.withLock { value in
            value.count += 1
            if value.count == killAt { value.dead = true }
            return (value.dead, value.count == killAt)
        }
        if fullDisk {
            if now { throw Errno(ENOSPC) }
        } else if dead {
            throw Errno.ioError
        }
    }

    func fileSystem() -> FileSystem {
        var calls = FileSystem.live
        let live = FileSystem.live
        calls.openAt = { directory, name, options, mode throws(Errno) in
            if options.contains(.create) { try self.step() }
            return try live.openAt(directory, name, options, mode)
        }
        calls.write = { fd, buffer throws(Errno) in
            try self.step()
            return try live.write(fd, buffer)
        }
        calls.writeAt = { fd, buffer, offset throws(Errno) in
            try self.step()
            // Half of the bytes first, so that a kill can fall inside an append.
            let half = UnsafeRawBufferPointer(rebasing: buffer.prefix(max(buffer.count / 2, 1)))
            return try live.writeAt(fd, half, offset)
        }
        calls.writeVector = { fd, buffers throws(Errno) in
            try self.step()
            return try live.writeVector(fd, buffers)
        }
        calls.sync = { fd throws(Errno) in
            try self.step()
            try live.sync(fd)
        }
        calls.truncate = { fd, length throws(Errno) in
            try self.step()
            try live.truncate(fd, length)
        }
        calls.setPermissions = { fd, permissions throws(Errno) in
            try self.step()
            try live.setPermissions(fd, permissions)
        }
        calls.rename = { directory, from, to throws(Errno) in
            try self.step()
            try live.rename(directory, from, to)
        }
        calls.removeAt = { directory, name throws(Errno) in
            try self.step()
            try live.removeAt(directory, name)
        }
        return calls
    }
}

/// A todo file, a done file and a private move journal in fresh directories.
struct MoveFixture {
    let directory: TemporaryDirectory
    let state: TemporaryDirectory
    var todo: String { directory.file("todo.txt") }
    var done: String { directory.file("done.txt") }
    var journal: String { state.path + "/todo/moves" }

    static let todoBytes =
        "(A) call mom\nx 2026-11-20 pay rent\nbuy milk\nx 2026-11-21 water plants\n"
        .bytes
    static let doneBytes = "x 2026-11-01 old task\n".bytes

    init() throws {
        directory = try TemporaryDirectory()
        state = try TemporaryDirectory()
        try writeFile(todo, Self.todoBytes)
        try writeFile(done, Self.doneBytes)
    }

    func store(_ calls: FileSystem = .live) -> FileStorage {
        FileStorage(fileSystem: calls, journalDirectory: journal)
    }

    /// Archives: every done line goes to done.txt, through the whole-file move or
    /// (`lineByLine`) the move that reads the source once in pieces.
    func archive(_ store: FileStorage, lineByLine: Bool = false) throws {
        if lineByLine {
            _ = try store.moveLines(
                from: todo, to: done,
                { $0.starts(with: "x ".bytes) ? .move : .keep }, moved: { _ in })
            return
        }
        try store.move(from: todo, to: done) { list in
            let indices = list.indices.filter { list[$0].content.starts(with: "x ".bytes) }
            let moved = indices.map { Array(list[$0].content) }
            list.removeLines(at: indices)
            return (moved, ())
        }
    }

    /// Every non-empty line of both files, sorted.
    func allLines() throws -> [String] {
        let lines = try TodoList(bytes: readFile(todo)) + TodoList(bytes: readFile(done))
        return lines.filter { !$0.content.isEmpty }.map(\.text).sorted()
    }

    /// Every name in the journal, hidden ones too.
    func journalNames() -> [String] {
        (try? FileStorage().directoryEntries(journal)) ?? []
    }

    func remove() {
        directory.remove()
        state.remove()
    }
}

extension TodoList {
    fileprivate static func + (lhs: TodoList, rhs: TodoList) -> [TodoList.Line] {
        Array(lhs) + Array(rhs)
    }
}

/// What runs after a move that was killed.
enum NextStep: String, CaseIterable, CustomTestStringConvertible {
    case read
    case appendToSource
    case updateSource
    case appendToDestination
    case moveAgain
    case handEditThenAppend
    case handAppendToDestinationThenUpdate

    var testDescription: String { rawValue }
}

/// A move killed at every step, followed by every kind of next operation: every task in exactly
/// one file, hand edits kept, nothing beside the user's files (README, "Every task in exactly
/// one file").
@Suite struct InterruptedMoveTests {
    static let everyTask = [
        "(A) call mom", "buy milk", "x 2026-11-01 old task", "x 2026-11-20 pay rent",
        "x 2026-11-21 water plants",
    ]

    static func steps(lineByLine: Bool) throws -> Int {
        let fixture = try MoveFixture()
        defer { fixture.remove() }
        let funnel = KillFunnel(killAt: nil)
        try fixture.archive(fixture.store(funnel.fileSystem()), lineByLine: lineByLine)
        return funnel.count
    }

    @Test(arguments: NextStep.allCases, [false, true])
    func aMoveKilledAtEveryStepIsFinishedOrTakenBackByTheNextOperation(
        next: NextStep, lineByLine: Bool
    ) throws {
        let steps = try Self.steps(lineByLine: lineByLine)
        #expect(steps >= 8)
        for step in 1...steps {
            let fixture = try MoveFixture()
            defer { fixture.remove() }
            let funnel = KillFunnel(killAt: step)
            _ = try? fixture.archive(
                fixture.store(funnel.fileSystem()), lineByLine: lineByLine)
            let store = fixture.store()
            var expected = Self.everyTask
            switch next {
            case .read:
                let before = try (rawBytes(fixture.todo), rawBytes(fixture.done))
                let seen = try (store.read(fixture.todo) + store.read(fixture.done))
                    .filter { !$0.content.isEmpty }.map(\.text).sorted()
                #expect(seen == expected, "killed at step \(step)")
                // A read writes nothing.
                #expect(try (rawBytes(fixture.todo), rawBytes(fixture.done)) == before)
                try fixture.archive(store)
            case .appendToSource:
                try store.append(fixture.todo, lines: ["new task".bytes])
                expected.append("new task")
            case .updateSource:
                try store.update(fixture.todo) { list in
                    let index = list.indices.first { list[$0].text == "(A) call mom" }
                    if let index { list.replaceLine(at: index, with: "(B) call mom".bytes) }
                }
                expected[0] = "(B) call mom"
            case .appendToDestination:
                try store.append(fixture.done, lines: ["x 2026-11-22 by hand".bytes])
                expected.append("x 2026-11-22 by hand")
            case .moveAgain:
                try fixture.archive(store)
            case .handEditThenAppend:
                // An editor saves its own version of todo.txt (with a new task) by renaming.
                var list = TodoList(bytes: try rawBytes(fixture.todo))
                list.appendLine("typed by hand".bytes)
                try writeFile(fixture.directory.file(".todo.swp"), list.serialized())
                rename(fixture.directory.file(".todo.swp"), fixture.todo)
                do {
                    try store.append(fixture.todo, lines: ["new task".bytes])
                } catch {
                    Issue.record("step \(step): \(error)")
                }
                expected += ["new task", "typed by hand"]
            case .handAppendToDestinationThenUpdate:
                // (After a kill inside the append, done.txt ends in the middle of a line; a hand
                // edit after that cannot be told from the cut append, and both are kept. A
                // write of a few lines is not cut by a real kill; the test leaves that case.)
                let bytes = try rawBytes(fixture.done)
                if bytes.last == 0x0A {
                    try writeFile(fixture.done, bytes + "x 2026-11-22 by hand\n".bytes)
                } else {
                    try store.append(fixture.done, lines: ["x 2026-11-22 by hand".bytes])
                }
                try store.update(fixture.todo) { _ in }
                try store.append(fixture.todo, lines: ["new task".bytes])
                expected += ["new task", "x 2026-11-22 by hand"]
            }
            #expect(
                try fixture.allLines() == expected.sorted(),
                "killed at step \(step), then \(next.rawValue)")
            // A temporary file of a move killed before its record stays until the next
            // writer of that file.
            #expect(fixture.directory.temporaries().count <= 1, "step \(step)")
            #expect(
                fixture.journalNames().isEmpty
                    || next == .read, "step \(step)")
            // One more archive completes everything.
            try fixture.archive(store)
            #expect(try fixture.allLines() == expected.sorted(), "step \(step), archived")
            let todo = TodoList(bytes: try rawBytes(fixture.todo))
            #expect(!todo.contains { $0.content.starts(with: "x ".bytes) }, "step \(step)")
            #expect(fixture.directory.names() == ["done.txt", "todo.txt"], "step \(step)")
            #expect(fixture.journalNames().isEmpty)
        }
    }

    /// The bytes of a file, read without the store (no pending view).
    func rawBytes(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TestFailure("open \(path)") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    @Test(arguments: [false, true])
    func aCompleteMoveLeavesNoRecord(lineByLine: Bool) throws {
        let fixture = try MoveFixture()
        defer { fixture.remove() }
        try fixture.archive(fixture.store(), lineByLine: lineByLine)
        #expect(try rawBytes(fixture.todo) == "(A) call mom\nbuy milk\n".bytes)
        #expect(
            try rawBytes(fixture.done)
                == "x 2026-11-01 old task\nx 2026-11-20 pay rent\nx 2026-11-21 water plants\n".bytes
        )
        #expect(fixture.journalNames().isEmpty)
        #expect(status(fixture.journal).st_mode & 0o777 == 0o700)
    }

    @Test(arguments: [false, true])
    func aTaskArchivedTwiceWithTheSameTextIsNotMistakenForAnInterruptedMove(
        lineByLine: Bool
    ) throws {
        // done.txt already ends with the very line about to be archived (the same task done
        // twice on one day): the second copy must still be moved, not dropped.
        let fixture = try MoveFixture()
        defer { fixture.remove() }
        try writeFile(fixture.todo, "a\nx 2026-11-20 water plants\n".bytes)
        try writeFile(fixture.done, "x 2026-11-20 water plants\n".bytes)
        try fixture.archive(fixture.store(), lineByLine: lineByLine)
        #expect(try rawBytes(fixture.todo) == "a\n".bytes)
        #expect(
            try rawBytes(fixture.done)
                == "x 2026-11-20 water plants\nx 2026-11-20 water plants\n".bytes)
    }

    @Test(arguments: [false, true])
    func aFullDiskWhileWritingTheRecordWritesNothing(lineByLine: Bool) throws {
        let fixture = try MoveFixture()
        defer { fixture.remove() }
        var calls = FileSystem.live
        calls.writeVector = { fd, buffers throws(Errno) in
            let name = (try? FileSystem.live.readLink("/proc/self/fd/\(fd)")) ?? ""
            if name.contains("/todo/moves/") { throw Errno.noSpace }
            return try FileSystem.live.writeVector(fd, buffers)
        }
        calls.write = { fd, buffer throws(Errno) in
            let name = (try? FileSystem.live.readLink("/proc/self/fd/\(fd)")) ?? ""
            if name.contains("/todo/moves/") { throw Errno.noSpace }
            return try FileSystem.live.write(fd, buffer)
        }
        calls.writeAt = { fd, buffer, offset throws(Errno) in
            let name = (try? FileSystem.live.readLink("/proc/self/fd/\(fd)")) ?? ""
            if name.contains("/todo/moves/") { throw Errno.noSpace }
            return try FileSystem.live.writeAt(fd, buffer, offset)
        }
        let error = #expect(throws: StoreError.self) {
            try fixture.archive(fixture.store(calls), lineByLine: lineByLine)
        }
        #expect(error?.reason == "No space left on device")
        #expect(try rawBytes(fixture.todo) == MoveFixture.todoBytes)
        #expect(try rawBytes(fixture.done) == MoveFixture.doneBytes)
        #expect(fixture.directory.names() == ["done.txt", "todo.txt"])
        #expect(fixture.journalNames().isEmpty)
    }

    @Test func aRecordSurvivesEncodingWithAnyBytes() throws {
        let record = MoveRecord(
            source: "/tmp/a dir/todo\n.txt", destination: "/tmp/done.txt",
            sourceBefore: FileIdentity(
                device: 3, inode: UInt64.max, size: 17, modified: (1, 2), changed: (-3, 4)),
            temporary: ".todo.txt.tmp-1-0", temporaryDevice: 3, temporaryInode: 99,
            destinationLength: 12, tail: [0x0D, 0x0A, 0x00, 0xFF, 0x0A], lines: [[0xFF], [0x0D]],
            blanks: true)
        #expect(MoveRecord(decoding: record.encoded()) == record)
        #expect(MoveRecord(decoding: Array(record.encoded().dropLast(3))) == nil)
        #expect(MoveRecord(decoding: "not a record\n".bytes) == nil)
    }

    @Test func aRecordOfAMoveLineByLineReadsItsLinesBackFromTheTail() throws {
        // The destination's open last line got CR LF; then a line ending with CR (which got
        // CR LF), an empty one and one with invalid bytes.
        let tail: [UInt8] = [
            0x0D, 0x0A, 0x61, 0x0D, 0x0D, 0x0A, 0x0D, 0x0A, 0xFF, 0x00, 0x0D, 0x0A,
        ]
        var record = MoveRecord(
            source: "/tmp/todo.txt", destination: "/tmp/done.txt",
            sourceBefore: FileIdentity(
                device: 1, inode: 2, size: 3, modified: (4, 5), changed: (6, 7)),
            temporary: ".todo.txt.tmp-1-0", temporaryDevice: 1, temporaryInode: 9,
            destinationLength: 5, tail: tail, lines: [], blanks: false)
        var bytes = record.encoded(tailAndLines: false)
        bytes += MoveRecord.fieldHeader("tail", count: tail.count) + tail + [0x0A]
        bytes += MoveRecord.fieldHeader("tail-lines", count: 1) + "2\n".bytes
        record.lines = [[0x61, 0x0D], [], [0xFF, 0x00]]
        #expect(MoveRecord(decoding: bytes) == record)
        let wrong = Array(bytes.dropLast(4)) + "2\n99\n".bytes
        #expect(MoveRecord(decoding: wrong) == nil)
    }

    @Test func aRecordPlantedInAJournalOthersCanWriteIsIgnored() throws {
        let fixture = try MoveFixture()
        defer { fixture.remove() }
        try fixture.archive(fixture.store())
        chmod(fixture.journal, 0o777)
        let store = fixture.store()
        try writeFile(
            fixture.journal + "/move-" + MoveRecord.tag(fixture.todo) + "-x-1-1", "junk".bytes)
        #expect(store.pendingRecordNames(concerning: [fixture.todo]).isEmpty)
        try store.append(fixture.todo, lines: ["b".bytes])
        #expect(try rawBytes(fixture.todo) == "(A) call mom\nbuy milk\nb\n".bytes)
    }
}
