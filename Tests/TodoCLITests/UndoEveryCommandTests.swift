import Foundation
import TestSupport
import Testing

/// `undo` after each kind of change (lines added at the end, taken out, replaced, moved to
/// done.txt, both files at once) gives back the exact bytes of both files, whatever their
/// endings and sizes; an undo is itself taken back after another command.
@Suite struct UndoEveryCommandTests {
    /// A todo.txt and a done.txt, each with something a rewrite could spoil.
    struct Files: Sendable, CustomTestStringConvertible {
        let name: String
        let todo: [UInt8]
        let done: [UInt8]
        var testDescription: String { name }
    }

    /// Line 2 is a task to act on; line 3 is done; line 5 repeats line 4.
    static func lines(_ ending: String, second: String = "b task @c") -> [String] {
        ["a task +p", second, "x 2026-11-01 done one", "d task", "d task"].map { $0 + ending }
    }

    static let files: [Files] = [
        Files(
            name: "LF", todo: Array(lines("\n").joined().utf8), done: Array("x old\n".utf8)),
        Files(
            name: "CRLF", todo: Array(lines("\r\n").joined().utf8),
            done: Array("x old\r\n".utf8)),
        Files(
            name: "BOM, no final newline",
            todo: [0xEF, 0xBB, 0xBF] + Array(lines("\n").joined().dropLast().utf8),
            done: Array("x old".utf8)),
        Files(
            name: "invalid UTF-8 and NUL",
            todo: Array(lines("\n", second: "b \u{0}task").joined().utf8) + [0xFF, 0xFE, 0x0A],
            done: [0xFF, 0x00, 0x0A]),
        Files(
            name: "mixed endings, lone CR",
            todo: Array(
                "a task +p\r\nb task @c\nx 2026-11-01 done one\r\nd task\r\nd task\r\ne\r".utf8),
            done: []),
        Files(
            name: "300 KB line",
            todo: Array(
                lines("\n", second: "b " + String(repeating: "y", count: 300_000)).joined().utf8),
            done: Array("x old\n".utf8)),
        Files(
            name: "over 2 MiB",
            todo: Array(
                (lines("\n")
                    + (1...60_000).map {
                        $0 % 7 == 0 ? "x 2026-10-01 old task \($0)\n" : "task number \($0) +p\n"
                    }).joined().utf8),
            done: Array((1...20_000).map { "x 2026-09-01 archived \($0)\n" }.joined().utf8)),
    ]

    static let commands: [[String]] = [
        ["add", "new task"], ["addm", "one\ntwo"], ["-f", "-n", "rm", "2"], ["-f", "rm", "2"],
        ["archive"], ["-f", "mv", "2", "done.txt"], ["deduplicate"], ["do", "2"],
        ["pri", "2", "A"], ["replace", "2", "new text"],
    ]

    @Test(arguments: files)
    func everyCommandUndoneGivesBackTheBytesOfBothFiles(_ files: Files) throws {
        let (directory, environment) = try EditUndoTests.setUp(bytes: files.todo)
        defer { try? FileManager.default.removeItem(at: directory) }
        let todoFile = directory.appendingPathComponent("todo.txt")
        let doneFile = directory.appendingPathComponent("done.txt")
        func contents() throws -> [Data] {
            [try Data(contentsOf: todoFile), try Data(contentsOf: doneFile)]
        }
        func todo(_ arguments: [String]) throws {
            let run = try BuiltTodo.run(arguments, environment: environment, history: true)
            #expect(run.status == 0, "\(files.name), \(arguments): \(run.errorText)")
        }
        for command in Self.commands {
            try Data(files.todo).write(to: todoFile)
            try Data(files.done).write(to: doneFile)
            let original = try contents()
            try todo(command)
            let changed = try contents()
            #expect(changed != original, "\(files.name), \(command) changed nothing")
            try todo(["undo"])
            #expect(try contents() == original, "\(files.name), \(command)")
            // After another command, the undo is a change like any other.
            try todo(["add", "another"])
            try todo(["undo"])
            #expect(try contents() == original, "\(files.name), \(command), add undone")
            try todo(["undo"])
            #expect(try contents() == changed, "\(files.name), \(command), undo undone")
        }
    }

    /// An `archive` of a large file, then a hand edit of a line far from the archived ones:
    /// undo keeps the edit and puts every archived line back.
    @Test func aHandEditElsewhereIsKept() throws {
        let lines = (1...30_000).map {
            $0 % 3 == 0 ? "x 2026-10-01 done \($0)\n" : "task \($0)\n"
        }
        let (directory, environment) = try EditUndoTests.setUp(bytes: Array(lines.joined().utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        let todoFile = directory.appendingPathComponent("todo.txt")
        let run = try BuiltTodo.run(["archive"], environment: environment, history: true)
        #expect(run.status == 0)
        var archived = try String(contentsOf: todoFile, encoding: .utf8)
        archived = archived.replacingOccurrences(of: "task 10000\n", with: "task 10000 edited\n")
        try archived.write(to: todoFile, atomically: false, encoding: .utf8)
        let undone = try BuiltTodo.run(["undo"], environment: environment, history: true)
        #expect(undone.status == 0, "\(undone.errorText)")
        let expected = lines.joined().replacingOccurrences(
            of: "task 10000\n", with: "task 10000 edited\n")
        #expect(try String(contentsOf: todoFile, encoding: .utf8) == expected)
        #expect(try Data(contentsOf: directory.appendingPathComponent("done.txt")).isEmpty)
    }

    /// A hand edit of a line next to an archived one: the whole-file merge decides, as before
    /// (the edit is kept and the archived line comes back beside it).
    @Test func aHandEditNextToAChangedLineGoesThroughTheMerge() throws {
        let (directory, environment) = try EditUndoTests.setUp(
            bytes: Array("a\nx 2026-10-01 b\nc\nd\n".utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        let todoFile = directory.appendingPathComponent("todo.txt")
        #expect(try BuiltTodo.run(["archive"], environment: environment, history: true).status == 0)
        try Data("a\nc edited\nd\n".utf8).write(to: todoFile)
        let undone = try BuiltTodo.run(["undo"], environment: environment, history: true)
        #expect(undone.status == 0, "\(undone.errorText)")
        #expect(try Data(contentsOf: todoFile) == Data("a\nx 2026-10-01 b\nc edited\nd\n".utf8))
        // The appended line was taken out of done.txt.
        #expect(try Data(contentsOf: directory.appendingPathComponent("done.txt")).isEmpty)
    }

    /// Lines a command removed and that were put back by hand (or by an undo killed between
    /// its two writes, which leaves todo.txt taken back and done.txt not): `undo` takes back
    /// the rest and puts no line back twice. An undo that finds nothing left to take back is
    /// recorded all the same: the next one walks on to the change before, and taking the undo
    /// back does the command's change again.
    @Test(
        arguments: [[true], [false]].flatMap { everything in
            [["archive"], ["-f", "mv", "3", "done.txt"], ["-f", "rm", "3"]].map {
                ($0, everything[0])
            }
        })
    func linesPutBackByHandAreNotPutBackTwice(_ command: [String], doneToo: Bool) throws {
        let todo = Array("x 2026-10-01 a\nb task\nx 2026-10-02 c\nd task\n".utf8)
        let (directory, environment) = try EditUndoTests.setUp(bytes: todo)
        defer { try? FileManager.default.removeItem(at: directory) }
        let todoFile = directory.appendingPathComponent("todo.txt")
        let doneFile = directory.appendingPathComponent("done.txt")
        try Data("x old\n".utf8).write(to: doneFile)
        let done = try Data(contentsOf: doneFile)
        func run(_ arguments: [String]) throws -> BuiltTodo.Result {
            let run = try BuiltTodo.run(arguments, environment: environment, history: true)
            #expect(run.status == 0, "\(arguments): \(run.errorText)")
            return run
        }
        _ = try run(["add", "first"])
        let withFirst = try Data(contentsOf: todoFile)
        _ = try run(command)
        let changed = [try Data(contentsOf: todoFile), try Data(contentsOf: doneFile)]
        #expect(changed[0] != withFirst)
        try withFirst.write(to: todoFile)
        if doneToo { try done.write(to: doneFile) }
        _ = try run(["undo"])
        #expect(try Data(contentsOf: todoFile) == withFirst, "\(command)")
        #expect(try Data(contentsOf: doneFile) == done, "\(command)")
        let next = try run(["undo"])
        #expect(next.outputText.contains("'add first'"), "\(command): \(next.outputText)")
        #expect(try Data(contentsOf: todoFile) == Data(todo), "\(command)")
        // After another command, both undos are changes like any other.
        _ = try run(["add", "another"])
        for _ in 1...3 { _ = try run(["undo"]) }
        #expect(
            [try Data(contentsOf: todoFile), try Data(contentsOf: doneFile)] == changed,
            "\(command): the command's change done again")
    }

    /// `mv` to another file of the todo directory (and back out of it with SRC) and `addto`
    /// write a file besides todo.txt and done.txt: undo takes the task back out of it too, so
    /// that it is never left in two files, and the undo itself can be taken back later.
    @Test(arguments: [
        ["-f", "mv", "2", "other.txt"], ["-f", "mv", "1", "todo.txt", "other.txt"],
        ["-f", "-n", "mv", "2", "other.txt"], ["addto", "other.txt", "new line"],
    ])
    func undoTakesBackTheOtherFileOfMvAndAddto(_ command: [String]) throws {
        let todo = Array("a task +p\r\nb task @c\r\nc task\r\n".utf8)
        let (directory, environment) = try EditUndoTests.setUp(bytes: todo)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = ["todo.txt", "done.txt", "other.txt"].map {
            directory.appendingPathComponent($0)
        }
        try Data("x old\n".utf8).write(to: files[1])
        try Data("other one\nother two".utf8).write(to: files[2])
        func contents() throws -> [Data] { try files.map { try Data(contentsOf: $0) } }
        func run(_ arguments: [String]) throws {
            let run = try BuiltTodo.run(arguments, environment: environment, history: true)
            #expect(run.status == 0, "\(arguments): \(run.errorText)")
        }
        let original = try contents()
        try run(command)
        let changed = try contents()
        #expect(changed[2] != original[2], "\(command) left other.txt as it was")
        try run(["undo"])
        #expect(try contents() == original, "\(command)")
        // After another command, the undo is a change like any other.
        try run(["add", "another"])
        try run(["undo"])
        try run(["undo"])
        #expect(try contents() == changed, "\(command), undo undone")
    }
}
