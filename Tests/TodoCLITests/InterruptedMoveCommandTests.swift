import Foundation
import Testing
import TodoPlatform
import TodoStore
import TodoTxt

@testable import TodoCLI

/// What the user runs after a move (archive, `do`, `mv`) was killed between its writes.
enum NextCommand: String, CaseIterable, CustomTestStringConvertible {
    case ls
    case lsa
    case add
    case pri
    case doAnother
    case addtoDone
    case archive
    case moveBack
    case handEditThenAdd

    var testDescription: String { rawValue }
}

/// A move killed at every step, followed by every kind of command, the same one included: the
/// next command that writes either file finishes or takes back the move first, a listing shows
/// every task once and writes nothing, and hand edits made in between are kept (README, "Every
/// task in exactly one file").
@Suite(.serialized) struct InterruptedMoveCommandTests {
    static let moves: [[String]] = [
        ["archive"], ["do", "1"], ["-f", "mv", "3", "other.txt"],
        ["-f", "-n", "mv", "3", "other.txt"],
    ]

    /// A fresh directory with the three files, and a state directory for the move journal.
    static func prepare() throws -> (files: String, state: String) {
        let files = try StorageSafetyTests.prepare()
        let state = try TodoBinary.temporaryDirectory().path
        return (files, state)
    }

    /// Runs `todo COMMAND` in-process over the files, through `fileSystem`, with the move
    /// journal in `state`.
    static func run(
        _ command: [String], in directory: String, state: String, fileSystem: FileSystem
    ) -> (status: Int32, output: String) {
        guard let day = LocalDate(year: 2026, month: 11, day: 22) else { return (-1, "") }
        let console = Console.capturing()
        let storage = FileStorage(fileSystem: fileSystem, journalDirectory: state + "/moves")
        let environment = Environment(
            variables: [
                "HOME": directory, "TODO_DIR": directory, "XDG_STATE_HOME": state,
                "TODOTXT_GLOBAL_CFG_FILE": "/nonexistent", "TODOTXT_HISTORY": "0",
            ],
            programPath: "todo", currentDirectory: directory, storage: storage,
            clock: FixedClock(LocalDateTime(date: day, hour: 9)), console: console)
        let status = TodoCLI.run(command, environment: environment)
        return (status, String(decoding: console.capturedOutput, as: UTF8.self))
    }

    static func bytes(_ directory: String) throws -> [Data] {
        try ["todo.txt", "done.txt", "other.txt"].map {
            try Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0))
        }
    }

    /// The task keys of the numbered lines of a listing.
    static func listed(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard let space = line.firstIndex(of: " "), Int(line[..<space]) != nil else {
                return nil
            }
            return StorageSafetyTests.key(String(line[line.index(after: space)...]))
        }
    }

    @Test(arguments: moves, NextCommand.allCases)
    func aKilledMoveThenAnyCommandKeepsEveryTaskOnce(
        _ command: [String], next: NextCommand
    ) throws {
        let counting = try Self.prepare()
        let funnel = StepFunnel(failing: nil, mode: .kill)
        #expect(
            Self.run(
                command, in: counting.files, state: counting.state, fileSystem: funnel.fileSystem()
            )
            .status == 0)
        let steps = funnel.count
        try? FileManager.default.removeItem(atPath: counting.files)
        try? FileManager.default.removeItem(atPath: counting.state)
        #expect(steps > 10)
        for step in 1...steps {
            let (directory, state) = try Self.prepare()
            defer {
                try? FileManager.default.removeItem(atPath: directory)
                try? FileManager.default.removeItem(atPath: state)
            }
            let killer = StepFunnel(failing: step, mode: .kill)
            _ = Self.run(command, in: directory, state: state, fileSystem: killer.fileSystem())
            func todo(_ words: String...) -> (status: Int32, output: String) {
                Self.run(words, in: directory, state: state, fileSystem: .live)
            }
            var expected = StorageSafetyTests.everyTask
            let comment = "\(command) killed at step \(step), then \(next.rawValue)"
            switch next {
            case .ls, .lsa:
                let before = try Self.bytes(directory)
                let listing = todo("-p", next.rawValue)
                #expect(listing.status == 0, "\(comment)")
                let keys = Self.listed(listing.output)
                #expect(Set(keys).count == keys.count, "\(comment): \(listing.output)")
                if next == .lsa {
                    // other.txt as a listing of it would show it.
                    let store = FileStorage(fileSystem: .live, journalDirectory: state + "/moves")
                    var shown = try store.read(directory + "/other.txt")
                        .filter { !$0.content.isEmpty }.map { StorageSafetyTests.key($0.text) }
                    shown += keys
                    #expect(shown.sorted() == expected, "\(comment): \(listing.output)")
                }
                #expect(try Self.bytes(directory) == before, "\(comment): a listing wrote")
                _ = todo("archive")
            case .add:
                #expect(todo("add", "new task").status == 0, "\(comment)")
                expected.append("new task")
            case .pri:
                let open = try StorageSafetyTests.lines(directory + "/todo.txt")
                let number = (open.firstIndex { !$0.hasPrefix("x ") } ?? 0) + 1
                #expect(todo("pri", "\(number)", "B").status == 0, "\(comment)")
            case .doAnother:
                // The first task that is not done yet.
                let open = try StorageSafetyTests.lines(directory + "/todo.txt")
                let number = (open.firstIndex { !$0.hasPrefix("x ") } ?? 0) + 1
                _ = todo("do", "\(number)")
            case .addtoDone:
                #expect(todo("addto", "done.txt", "x 2026-11-22 by hand").status == 0)
                expected.append("by hand")
            case .archive:
                _ = todo("archive")
            case .moveBack:
                _ = todo("-f", "mv", "1", "other.txt")
            case .handEditThenAdd:
                // An editor saves todo.txt with a new line, by writing a copy and renaming it.
                let path = directory + "/todo.txt"
                var text = try String(contentsOfFile: path, encoding: .utf8)
                if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
                try (text + "typed by hand\n").write(
                    toFile: directory + "/.todo.txt.swp", atomically: false, encoding: .utf8)
                rename(directory + "/.todo.txt.swp", path)
                #expect(todo("add", "new task").status == 0, "\(comment)")
                expected += ["new task", "typed by hand"]
            }
            expected.sort()
            // `addto done.txt` touches neither file of a killed `mv` to other.txt: those stay
            // as the kill left them, and read as the next command that touches them leaves them.
            let untouched = next == .addtoDone && command.contains("mv")
            try expectEveryTask(
                expected, in: directory, comment, journal: untouched ? state + "/moves" : nil)
            #expect(todo("archive").status == 0, "\(comment)")
            try expectEveryTask(expected, in: directory, "\(comment), archived")
            let open = try StorageSafetyTests.lines(directory + "/todo.txt")
            #expect(!open.contains { $0.hasPrefix("x ") }, "\(comment): \(open)")
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(
                Set(names).isSubset(of: ["todo.txt", "done.txt", "other.txt", "report.txt"]),
                "\(comment): \(names)")
            let journal = (try? FileManager.default.contentsOfDirectory(atPath: state + "/moves"))
            #expect(journal ?? [] == [], "\(comment)")
        }
    }

    /// Every task of the three files, read from disk or, given a journal, as the store shows
    /// them.
    func expectEveryTask(
        _ expected: [String], in directory: String, _ comment: String, journal: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var all: [String] = []
        for name in ["todo.txt", "done.txt", "other.txt"] {
            let path = directory + "/" + name
            if let journal {
                let store = FileStorage(fileSystem: .live, journalDirectory: journal)
                all += try store.read(path).filter { !$0.content.isEmpty }
                    .map { StorageSafetyTests.key($0.text) }
            } else {
                all += try StorageSafetyTests.lines(path).map(StorageSafetyTests.key)
            }
        }
        #expect(all.sorted() == expected, "\(comment)", sourceLocation: sourceLocation)
    }
}

/// A real `todo archive` killed at random moments, then a `do`, an `add` and an `archive`:
/// every task in exactly one file, and nothing beside the user's files.
@Suite(.serialized) struct KilledArchiveProcessTests {
    @Test func aRealArchiveKilledAtRandomMomentsThenDoAddArchiveKeepsEveryTaskOnce() throws {
        let root = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var lines: [String] = []
        for number in 0..<5_000 {
            let done = number % 3 == 1 ? "x 2026-11-20 " : ""
            lines.append("\(done)task \(number) +project\(number % 17) @context notes and more")
        }
        let fixture = Data((lines.joined(separator: "\n") + "\n").utf8)
        let doneFixture = Data("x 2026-11-01 older task\n".utf8)
        let environment = TodoBinary.environment(
            home: home, extra: ["XDG_STATE_HOME": root.appendingPathComponent("state").path])
        let todoURL = home.appendingPathComponent("todo.txt")
        let doneURL = home.appendingPathComponent("done.txt")
        func start(_ arguments: [String]) throws -> Process {
            try TodoBinary.start(arguments, in: home, environment: environment)
        }
        func todo(_ arguments: String...) throws -> Int32 {
            let process = try start(arguments)
            process.waitUntilExit()
            return process.terminationStatus
        }
        func reset() throws {
            try fixture.write(to: todoURL)
            try doneFixture.write(to: doneURL)
        }
        func fileLines(_ url: URL) throws -> [String] {
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        try reset()
        let began = Date()
        #expect(try todo("archive") == 0)
        let duration = Date().timeIntervalSince(began)
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<30 {
            try reset()
            let process = try start(["archive"])
            usleep(useconds_t(Double.random(in: 0...duration, using: &generator) * 1e6))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // `do` the first open task (its number as the file now shows it).
            let open = try fileLines(todoURL)
            guard let index = open.firstIndex(where: { !$0.hasPrefix("x ") }) else {
                Issue.record("attempt \(attempt): no open task")
                continue
            }
            let completed = open[index]
            #expect(try todo("do", "\(index + 1)") == 0, "attempt \(attempt)")
            #expect(try todo("add", "added after the kill") == 0, "attempt \(attempt)")
            #expect(try todo("archive") == 0, "attempt \(attempt)")
            var expected = lines.filter { $0 != completed } + ["x 2026-11-01 older task"]
            expected += ["x 2026-11-22 " + completed, "added after the kill"]
            let all = try fileLines(todoURL) + fileLines(doneURL)
            #expect(all.sorted() == expected.sorted(), "attempt \(attempt)")
            #expect(!(try fileLines(todoURL)).contains { $0.hasPrefix("x ") }, "attempt \(attempt)")
            let names = try FileManager.default.contentsOfDirectory(atPath: home.path).sorted()
            #expect(names == ["done.txt", "report.txt", "todo.txt"], "attempt \(attempt)")
        }
    }
}
