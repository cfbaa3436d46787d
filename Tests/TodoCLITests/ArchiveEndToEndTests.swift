import Foundation
import TestSupport
import Testing
import TodoTxt

/// `archive` reads todo.txt once in pieces and appends to done.txt without reading it into
/// memory: through the built binary, its output and both files' bytes are those a simple
/// reference computes on whole lists (``TodoList``), whatever the files' endings, and `undo`
/// gives both files' exact bytes back.
@Suite struct ArchiveEndToEndTests {
    /// What `archive` should do, computed on whole lists: the empty lines and the done tasks
    /// leave todo.txt, the done tasks are appended to done.txt by ``TodoList/appendLine(_:)``,
    /// and each is echoed.
    static func reference(
        todo: [UInt8], done: [UInt8], path: String
    ) -> (output: [UInt8], todo: [UInt8], done: [UInt8]) {
        var list = TodoList(bytes: todo)
        var moved: [[UInt8]] = []
        var doomed: [Int] = []
        for (index, line) in list.enumerated() {
            if line.content.isEmpty {
                doomed.append(index)
            } else if line.content.starts(with: Array("x ".utf8)) {
                moved.append(Array(line.content))
                doomed.append(index)
            }
        }
        list.removeLines(at: doomed)
        var target = TodoList(bytes: done)
        for line in moved { target.appendLine(line) }
        var output: [UInt8] = []
        if moved.isEmpty {
            output = Array("TODO: \(path) does not contain any done tasks.\n".utf8)
        } else {
            for line in moved { output += line + [0x0A] }
            output += Array("TODO: \(path) archived.\n".utf8)
        }
        return (output, list.serialized(), moved.isEmpty ? done : target.serialized())
    }

    /// About 2.6 MiB with a byte order mark, CRLF on every fifth line, empty lines, done tasks
    /// of 300,000 bytes (longer than the store's read piece) and no final newline.
    static let largeFile: [UInt8] = {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        for index in 0..<30_000 {
            switch index % 4 {
            case 0: bytes += Array("x 2026-11-01 done \(index)".utf8)
            case 1 where index % 9 == 0: break
            default: bytes += Array("task \(index) +project @context".utf8)
            }
            if index == 15_001 || index == 15_004 {
                bytes += Array("x long".utf8) + Array(repeating: UInt8(ascii: "o"), count: 300_000)
            }
            if index < 29_999 { bytes += index % 5 == 0 ? [0x0D, 0x0A] : [0x0A] }
        }
        return bytes
    }()

    /// Pairs of files (todo.txt, done.txt) with every kind of ending.
    static let files: [(name: String, todo: [UInt8], done: [UInt8])] = [
        ("large", largeFile, Array("x 2026-01-01 old\r\n".utf8)),
        ("empty done file", Array("a\nx b\n".utf8), []),
        ("no final newline in either", Array("a\nx b".utf8), Array("x old".utf8)),
        ("done file of one open CRLF line", Array("x b\nx c\n".utf8), Array("x old\r".utf8)),
        ("byte order marks", Array("\u{FEFF}x a\nb\n\nx c".utf8), Array("\u{FEFF}x old\n".utf8)),
        ("byte order mark only", Array("\u{FEFF}x a\n".utf8), Array("\u{FEFF}".utf8)),
        ("CRLF", Array("x a\r\n\r\nb\r\nx c\r\n".utf8), Array("x old\r\n".utf8)),
        ("a CR at a done line's end", Array("a\nx b\r".utf8), Array("x old\n".utf8)),
        ("invalid UTF-8 and NUL", [0x78, 0x20, 0xFF, 0x00, 0x0A, 0x61, 0xC3, 0x0A], []),
        ("nothing to archive", Array("a\nb".utf8), Array("x old".utf8)),
        ("only empty lines", Array("a\n\n\r\nb\n".utf8), Array("x old".utf8)),
        ("only done tasks", Array("x a\nx b\n".utf8), Array("x old\n".utf8)),
    ]

    /// A fresh directory with both files, and the environment of a run on it with its history
    /// in the directory.
    static func setUp(todo: [UInt8], done: [UInt8]) throws -> (URL, [String: String]) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(todo).write(to: directory.appendingPathComponent("todo.txt"))
        try Data(done).write(to: directory.appendingPathComponent("done.txt"))
        let environment = [
            "TODO_DIR": directory.path,
            "XDG_STATE_HOME": directory.appendingPathComponent("state").path,
            "TODOTXT_NOW": "2026-11-23",
        ]
        return (directory, environment)
    }

    /// Archives, compares with the reference, then undoes and compares with the originals.
    static func archiveAndUndo(todo: [UInt8], done: [UInt8], label: String) throws {
        let (directory, environment) = try setUp(todo: todo, done: done)
        defer { try? FileManager.default.removeItem(at: directory) }
        let todoFile = directory.appendingPathComponent("todo.txt")
        let doneFile = directory.appendingPathComponent("done.txt")
        let expected = reference(todo: todo, done: done, path: todoFile.path)
        let run = try BuiltTodo.run(
            ["-p", "-a", "-f", "archive"], environment: environment, history: true)
        #expect(run.status == 0, "\(label): \(run.errorText)")
        #expect(run.output == expected.output, "\(label)")
        #expect([UInt8](try Data(contentsOf: todoFile)) == expected.todo, "\(label)")
        #expect([UInt8](try Data(contentsOf: doneFile)) == expected.done, "\(label)")
        let quiet = try BuiltTodo.run(
            ["-p", "-a", "-f", "undo"], environment: environment, history: true)
        guard expected.todo != todo else {
            // Nothing changed, so nothing was recorded: the undo reaches past the archive.
            #expect(quiet.status != 0, "\(label)")
            return
        }
        #expect(quiet.status == 0, "\(label): \(quiet.errorText)")
        #expect([UInt8](try Data(contentsOf: todoFile)) == todo, "\(label)")
        #expect([UInt8](try Data(contentsOf: doneFile)) == done, "\(label)")
    }

    @Test(arguments: files.indices)
    func archiveMatchesTheReferenceAndUndoGivesBothFilesBack(_ index: Int) throws {
        let file = Self.files[index]
        try Self.archiveAndUndo(todo: file.todo, done: file.done, label: file.name)
    }

    /// One random line: done, open, empty, CR-ended, invalid UTF-8 or NUL, with either
    /// terminator.
    static func randomLine(_ random: inout SeededGenerator) -> [UInt8] {
        let kinds: [[UInt8]] = [
            Array("x 2026-01-02 done".utf8), Array("(A) open +p @c".utf8), [],
            Array("x ends with CR\r".utf8), [0x78, 0x20, 0xFF, 0x00], Array("x".utf8),
            Array("xylophone".utf8), [0x0D],
        ]
        let line = kinds[Int(random.next() % UInt64(kinds.count))]
        return line + (random.next() % 3 == 0 ? [0x0D, 0x0A] : [0x0A])
    }

    /// A random file of up to 12 lines, sometimes with a byte order mark or without its final
    /// newline.
    static func randomFile(_ random: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = random.next() % 5 == 0 ? [0xEF, 0xBB, 0xBF] : []
        for _ in 0..<(random.next() % 13) { bytes += randomLine(&random) }
        if random.next() % 3 == 0, bytes.last == 0x0A { bytes.removeLast() }
        return bytes
    }

    @Test func randomFilesMatchTheReference() throws {
        var random = SeededGenerator(seed: 18)
        for round in 0..<60 {
            let todo = Self.randomFile(&random)
            let done = Self.randomFile(&random)
            try Self.archiveAndUndo(todo: todo, done: done, label: "round \(round)")
        }
    }

    /// With TODOTXT_VERBOSE=0 archive prints nothing at all, and the files change as usual.
    @Test func quietArchivePrintsNothing() throws {
        let (directory, environment) = try Self.setUp(
            todo: Array("a\nx b\n".utf8), done: [])
        defer { try? FileManager.default.removeItem(at: directory) }
        var quiet = environment
        quiet["TODOTXT_VERBOSE"] = "0"
        let run = try BuiltTodo.run(["-p", "-a", "-f", "archive"], environment: quiet)
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(
            [UInt8](try Data(contentsOf: directory.appendingPathComponent("done.txt")))
                == Array("x b\n".utf8))
    }
}
