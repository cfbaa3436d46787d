import Foundation
import Synchronization
import Testing
import TodoPlatform
import TodoStore
import TodoTxt

@testable import TodoCLI

/// The store's promises seen through real commands: nothing but the user's files in the todo
/// directory, and every task in exactly one file whatever fails (README, "How todo writes your
/// files").
@Suite(.serialized) struct StorageSafetyTests {
    // MARK: Nothing beside the user's files

    /// Every action, the failing ones too, run by the built binary in one directory.
    static let commands: [String] = [
        "todo add '(B) call mom +family @phone'", "todo addm 'buy milk\nwater plants'",
        "todo addto done.txt 'x 2026-11-01 old'", "todo append 1 today", "todo prepend 2 first",
        "todo replace 3 'water the plants'", "todo pri 1 A", "todo depri 1", "todo ls",
        "todo lsa", "todo lsp", "todo lsprj", "todo lsc", "todo listfile done.txt", "todo -a do 2",
        "todo archive", "todo report", "todo deduplicate", "todo -f del 1 today",
        "todo -f mv 1 done.txt", "todo do 0", "todo do 99", "todo pri 99 A", "todo -f del 99",
        "todo -f mv 1 missing.txt", "todo append 42 x", "todo archive", "todo do 1",
        "todo add 'another task'", "todo -f del 1", "todo report", "todo query 'pri:A'",
        "todo check",
    ]

    @Test func noActionLeavesAnyOtherFileInTheTodoDirectory() throws {
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.appendingPathComponent("todo")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let environment = TodoBinary.environment(home: home, extra: ["TODO_DIR": directory.path])
        let allowed: Set<String> = ["todo.txt", "done.txt", "report.txt"]
        for command in Self.commands {
            _ = try TodoBinary.shell(command, in: home, environment: environment)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(Set(names).isSubset(of: allowed), "after \(command): \(names.sorted())")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(Set(names) == allowed)
    }

    // MARK: Exactly once across files, whatever fails

    /// The files every fault test starts from.
    static let todo = "(A) call mom\nx 2026-11-20 pay rent\nbuy milk\nx 2026-11-21 water plants\n"
    static let done = "x 2026-11-01 old task\n"
    static let other = "someday\n"
    /// Every task, by its text without completion mark, date and priority.
    static let everyTask = [
        "buy milk", "call mom", "old task", "pay rent", "someday", "water plants",
    ]

    /// The commands under test, each run again as the "next command".
    static let moves: [[String]] = [["archive"], ["do", "1"], ["-f", "mv", "3", "other.txt"]]

    @Test(arguments: moves)
    func aFullDiskAtEveryStepRetriedThreeTimesKeepsEveryTaskOnce(_ command: [String]) throws {
        let steps = try Self.countSteps(command)
        #expect(steps > 3)
        for step in 1...steps {
            let directory = try Self.prepare()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // A command that did not get its work done is tried again, up to three times,
            // while the disk stays full; then once more with space.
            var tries = 0
            while try tries < 3 && !Self.isFinished(command, in: directory) {
                tries += 1
                let funnel = StepFunnel(failing: step, mode: .fullDisk)
                _ = Self.run(command, in: directory, fileSystem: funnel.fileSystem())
                try Self.expectEveryTaskOnce(in: directory, "\(command) full disk at step \(step)")
            }
            if try !Self.isFinished(command, in: directory) {
                _ = Self.run(command, in: directory, fileSystem: .live)
            }
            try Self.expectEveryTaskOnce(in: directory, "\(command) after step \(step)")
            try Self.expectFinished(command, in: directory)
        }
    }

    @Test(arguments: moves)
    func aKillAtEveryStepThenTheNextCommandKeepsEveryTaskOnce(_ command: [String]) throws {
        let steps = try Self.countSteps(command)
        for step in 1...steps {
            let directory = try Self.prepare()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let funnel = StepFunnel(failing: step, mode: .kill)
            _ = Self.run(command, in: directory, fileSystem: funnel.fileSystem())
            // The next command (the same one, run again) finishes an interrupted move.
            let moved = try Self.isFinished(command, in: directory)
            if !moved { _ = Self.run(command, in: directory, fileSystem: .live) }
            try Self.expectEveryTaskOnce(in: directory, "\(command) killed at step \(step)")
            try Self.expectFinished(command, in: directory)
            // Nothing beside the user's files (the journal stands in for the state directory).
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0 != ".journal" }
            #expect(
                Set(names).isSubset(of: ["todo.txt", "done.txt", "other.txt", "report.txt"]),
                "\(names)")
        }
    }

    /// A fresh directory with the three files.
    static func prepare() throws -> String {
        let url = try TodoBinary.temporaryDirectory()
        try Self.todo.write(
            to: url.appendingPathComponent("todo.txt"), atomically: false, encoding: .utf8)
        try Self.done.write(
            to: url.appendingPathComponent("done.txt"), atomically: false, encoding: .utf8)
        try Self.other.write(
            to: url.appendingPathComponent("other.txt"), atomically: false, encoding: .utf8)
        return url.path
    }

    /// A store over `directory` whose move records live inside it, so that a killed move leaves
    /// nothing in the real user's state directory and the next run in `directory` finds it.
    static func storage(_ directory: String, fileSystem: FileSystem = .live) -> FileStorage {
        FileStorage(fileSystem: fileSystem, journalDirectory: directory + "/.journal")
    }

    /// Runs `todo COMMAND` in-process over the files in `directory`, through `fileSystem`;
    /// with `history`, the undo history lives in `directory/.state` (which a listing of the
    /// directory leaves out, as it does the journal).
    static func run(
        _ command: [String], in directory: String, fileSystem: FileSystem, history: Bool = false
    ) -> Int32 {
        guard let day = LocalDate(year: 2026, month: 11, day: 22) else { return -1 }
        // No global config (Debian's moves the files), and no undo history unless asked: it
        // would live under this HOME, the same directory as the files.
        var variables = [
            "HOME": directory, "TODO_DIR": directory, "TODOTXT_GLOBAL_CFG_FILE": "/nonexistent",
            "TODOTXT_HISTORY": "0",
        ]
        if history {
            variables["TODOTXT_HISTORY"] = nil
            variables["XDG_STATE_HOME"] = directory + "/.state"
        }
        let environment = Environment(
            variables: variables,
            programPath: "todo",
            currentDirectory: directory, storage: storage(directory, fileSystem: fileSystem),
            clock: FixedClock(LocalDateTime(date: day, hour: 9)), console: .capturing())
        return TodoCLI.run(command, environment: environment)
    }

    /// How many steps an undisturbed run of `command` takes.
    static func countSteps(_ command: [String]) throws -> Int {
        let directory = try prepare()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let funnel = StepFunnel(failing: nil, mode: .kill)
        #expect(run(command, in: directory, fileSystem: funnel.fileSystem()) == 0)
        try expectFinished(command, in: directory)
        return funnel.count
    }

    /// The non-empty lines of a file as it is on disk.
    static func lines(_ path: String) throws -> [String] {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        return TodoList(bytes: bytes).filter { !$0.content.isEmpty }.map(\.text)
    }

    /// A task's text without `x DATE ` and `(P) `.
    static func key(_ line: String) -> String {
        var text = Substring(line)
        if text.hasPrefix("x ") { text = text.dropFirst(13) }
        if text.hasPrefix("("), text.dropFirst(2).hasPrefix(") ") { text = text.dropFirst(4) }
        return String(text)
    }

    static func expectEveryTaskOnce(
        in directory: String, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var all: [String] = []
        for name in ["todo.txt", "done.txt", "other.txt"] {
            all += try lines(directory + "/" + name).map(key)
        }
        #expect(all.sorted() == everyTask, "\(comment)", sourceLocation: sourceLocation)
    }

    static func isFinished(_ command: [String], in directory: String) throws -> Bool {
        let todo = try lines(directory + "/todo.txt")
        switch command.last {
        case "other.txt": return !todo.contains("buy milk")
        case "1": return todo.count == 1
        default: return todo.count == 2
        }
    }

    static func expectFinished(
        _ command: [String], in directory: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var texts: [String] = []
        for name in ["todo.txt", "done.txt", "other.txt"] {
            let bytes = try storage(directory).readBytes(directory + "/" + name)
            texts.append("\(name): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            #expect(
                bytes.isEmpty || (bytes.last == 0x0A && !bytes.starts(with: [0x0A])),
                "\(texts.last ?? "")",
                sourceLocation: sourceLocation)
        }
        #expect(
            try isFinished(command, in: directory), "\(texts)", sourceLocation: sourceLocation)
    }

    // MARK: A real archive killed at random moments

    @Test func aRealArchiveKilledAtThirtyRandomMomentsKeepsEveryTaskOnce() throws {
        let root = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home")
        let fixtures = root.appendingPathComponent("fixtures")
        for directory in [home, fixtures] {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
        }
        // About 20 MB: 80,000 long tasks, every third one done.
        var fixture: [UInt8] = []
        fixture.reserveCapacity(23 << 20)
        let padding = String(repeating: "notes and more notes ", count: 11)
        for number in 0..<80_000 {
            let done = number % 3 == 0 ? "x 2026-11-20 " : ""
            fixture += Array(
                "\(done)task \(number) +project\(number % 17) @context due:2026-12-01 \(padding)\n"
                    .utf8)
        }
        #expect(fixture.count > 20_000_000)
        try Data(fixture).write(to: fixtures.appendingPathComponent("todo.txt"))
        try Data("x 2026-11-01 older task\n".utf8).write(
            to: fixtures.appendingPathComponent("done.txt"))
        // The undo history lives outside the directory whose files are listed.
        let environment = TodoBinary.environment(
            home: home, extra: ["XDG_STATE_HOME": root.appendingPathComponent("state").path])
        // The checks run as shell tools over the 20 MB, which is quicker than a debug build.
        func shell(_ command: String) throws -> String {
            try TodoBinary.shell(command, in: root, environment: environment).output
        }
        _ = try shell("cat fixtures/todo.txt fixtures/done.txt | LC_ALL=C sort > fixtures/all")
        func reset() throws {
            _ = try shell("cp fixtures/todo.txt fixtures/done.txt home/")
        }
        func start() throws -> Process {
            try TodoBinary.start(["archive"], in: home, environment: environment)
        }
        // One undisturbed run says how long an archive takes here.
        try reset()
        let began = Date()
        let first = try start()
        first.waitUntilExit()
        let duration = Date().timeIntervalSince(began)
        #expect(first.terminationStatus == 0)
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<30 {
            try reset()
            let process = try start()
            usleep(useconds_t(Double.random(in: 0...duration, using: &generator) * 1e6))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let again = try start()
            again.waitUntilExit()
            #expect(again.terminationStatus == 0, "attempt \(attempt)")
            let verdict = try shell(
                "cat home/todo.txt home/done.txt | LC_ALL=C sort | cmp -s - fixtures/all"
                    + " && echo same; grep -c '^x ' home/todo.txt; ls -A home")
            #expect(verdict == "same\n0\ndone.txt\nreport.txt\ntodo.txt\n", "attempt \(attempt)")
        }
    }
}

/// A file-system funnel that counts the calls that change something and makes one of them
/// fail: with a full disk (`ENOSPC` where a full disk can cause it; a truncation or removal
/// always works) or with a kill (that call and every later change do nothing, as if the
/// process had died there; descriptors are still closed, as the kernel would).
final class StepFunnel: Sendable {
    enum Mode { case fullDisk, kill }

    private let state = Mutex((count: 0, dead: false))
    let failing: Int?
    let mode: Mode

    init(failing: Int?, mode: Mode) {
        self.failing = failing
        self.mode = mode
    }

    var count: Int { state.withLock { $0.count } }

    /// Counts one change; throws when it must fail.
    func step(canRunOutOfSpace: Bool) throws(Errno) {
        let (number, dead) = state.withLock { value in
            value.count += 1
            return (value.count, value.dead)
        }
        if dead { throw Errno.ioError }
        guard number == failing else { return }
        switch mode {
        case .fullDisk:
            if canRunOutOfSpace { throw Errno.noSpace }
        case .kill:
            state.withLock { $0.dead = true }
            throw Errno.ioError
        }
    }

    func fileSystem() -> FileSystem {
        var calls = FileSystem.live
        let live = FileSystem.live
        calls.openAt = { directory, name, options, mode throws(Errno) in
            if options.contains(.create) { try self.step(canRunOutOfSpace: true) }
            return try live.openAt(directory, name, options, mode)
        }
        calls.write = { fd, buffer throws(Errno) in
            try self.step(canRunOutOfSpace: true)
            return try live.write(fd, buffer)
        }
        calls.writeAt = { fd, buffer, offset throws(Errno) in
            try self.step(canRunOutOfSpace: true)
            return try live.writeAt(fd, buffer, offset)
        }
        calls.writeVector = { fd, buffers throws(Errno) in
            try self.step(canRunOutOfSpace: true)
            return try live.writeVector(fd, buffers)
        }
        calls.sync = { fd throws(Errno) in
            try self.step(canRunOutOfSpace: true)
            try live.sync(fd)
        }
        calls.truncate = { fd, length throws(Errno) in
            try self.step(canRunOutOfSpace: false)
            try live.truncate(fd, length)
        }
        calls.setPermissions = { fd, permissions throws(Errno) in
            try self.step(canRunOutOfSpace: false)
            try live.setPermissions(fd, permissions)
        }
        calls.rename = { directory, from, to throws(Errno) in
            try self.step(canRunOutOfSpace: true)
            try live.rename(directory, from, to)
        }
        calls.removeAt = { directory, name throws(Errno) in
            try self.step(canRunOutOfSpace: false)
            try live.removeAt(directory, name)
        }
        return calls
    }
}
