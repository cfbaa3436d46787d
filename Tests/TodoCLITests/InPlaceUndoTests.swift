import Foundation
import TestSupport
import Testing

/// `undo` of a change that replaced lines one for one (`pri`, `replace`, `append`, `do` without
/// archiving) puts the old lines back in place without reading the file whole: the bytes of
/// every file come back exactly, whatever its endings, and a file edited by hand since is
/// still handled by the merge's rules.
@Suite struct InPlaceUndoTests {
    /// Files of four lines or more, each with something a rewrite could spoil.
    static let files: [[UInt8]] = [
        Array("a\nb task\nc\nd\n".utf8),
        Array("a\r\nb task\r\nc\r\nd\r\n".utf8),
        [0xEF, 0xBB, 0xBF] + Array("a\nb task\nc\nd".utf8),
        Array("a\nb ".utf8) + [0xFF, 0xFE, 0x00] + Array(" task\nc\n".utf8) + [0x00]
            + Array("d\n".utf8),
        Array("a\r\nb task\nc\nd\r".utf8),
        Array("a\nb ".utf8) + [UInt8](repeating: 0x78, count: 300_000) + Array("\nc\nd\n".utf8),
        Array(
            (1...50_000).map { "task number \($0) with some words +project @context\n" }.joined()
                .utf8),
    ]

    /// A fresh directory with todo.txt holding `bytes` and an empty done.txt.
    private func setUp(_ bytes: [UInt8]) throws -> (URL, [String: String]) {
        try EditUndoTests.setUp(bytes: bytes)
    }

    /// `pri 2 A` on a file of four lines, then todo.txt written by hand as `edited`, then
    /// `undo`: its result, and todo.txt then.
    private func undoAfterHandEdit(_ edited: [UInt8]) throws -> (BuiltTodo.Result, Data) {
        let (directory, environment) = try setUp(Array("a\nb task\nc\nd\n".utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        let todoFile = directory.appendingPathComponent("todo.txt")
        let pri = try BuiltTodo.run(["pri", "2", "A"], environment: environment, history: true)
        #expect(pri.status == 0)
        try Data(edited).write(to: todoFile)
        let undone = try BuiltTodo.run(["undo"], environment: environment, history: true)
        return (undone, try Data(contentsOf: todoFile))
    }

    @Test(arguments: files)
    func lineEditsUndoneOneAfterAnotherGiveTheBytesBack(_ bytes: [UInt8]) throws {
        let (directory, environment) = try setUp(bytes)
        defer { try? FileManager.default.removeItem(at: directory) }
        let todoFile = directory.appendingPathComponent("todo.txt")
        let doneFile = directory.appendingPathComponent("done.txt")
        let last = String(
            bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
                - (bytes.last == 0x0A ? 1 : 0))
        let middle = bytes.count > 2_000_000 ? "25000" : "2"
        let commands: [[String]] = [
            ["pri", middle, "A"], ["replace", middle, "new text"], ["-a", "do", middle],
            ["append", "3", "more"], ["pri", last, "B"], ["replace", last, "last one"],
        ]
        // Each command, then undo after undo walking back to the first: every version of
        // todo.txt comes back.
        let doneBefore = try Data(contentsOf: doneFile)
        var versions = [try Data(contentsOf: todoFile)]
        for command in commands {
            let run = try BuiltTodo.run(command, environment: environment, history: true)
            #expect(run.status == 0, "\(command): \(run.errorText)")
            versions.append(try Data(contentsOf: todoFile))
            #expect(versions.last != versions.dropLast().last, "\(command)")
        }
        for (expected, command) in zip(versions.dropLast().reversed(), commands.reversed()) {
            let undone = try BuiltTodo.run(["undo"], environment: environment, history: true)
            #expect(undone.status == 0, "\(command): \(undone.errorText)")
            #expect(try Data(contentsOf: todoFile) == expected, "\(command)")
            #expect(try Data(contentsOf: doneFile) == doneBefore, "\(command)")
        }
    }

    /// Lines edited by hand elsewhere are kept, whether or not they moved the changed line.
    @Test(arguments: [
        ("a\n(A) b task\nc\nD\n", "a\nb task\nc\nD\n"),
        ("new\na\n(A) b task\nc\nD\n", "new\na\nb task\nc\nD\n"),
        ("a\n(A) b task\nd\n", "a\nb task\nd\n"),
    ])
    func handEditsElsewhereAreKept(_ edited: String, _ expected: String) throws {
        let (undone, result) = try undoAfterHandEdit(Array(edited.utf8))
        #expect(undone.status == 0, "\(undone.errorText)")
        #expect(result == Data(expected.utf8))
    }

    /// Words appended by hand to the changed line: the merge still knows the task, so the
    /// priority is taken back and the words kept.
    @Test func wordsAppendedByHandToTheChangedLineAreKept() throws {
        let (undone, result) = try undoAfterHandEdit(Array("a\n(A) b task edited\nc\nd\n".utf8))
        #expect(undone.status == 0, "\(undone.errorText)")
        #expect(result == Data("a\nb task edited\nc\nd\n".utf8))
    }

    /// The changed line itself reworded by hand: undo refuses in one line and writes nothing.
    @Test func theChangedLineRewordedByHandIsRefused() throws {
        let handEdit = Array("a\n(A) b chore\nc\nd\n".utf8)
        let (undone, result) = try undoAfterHandEdit(handEdit)
        #expect(undone.status != 0)
        #expect(undone.errorText.contains("cannot take back 'pri 2 A'"))
        #expect(undone.errorText.split(separator: "\n").count == 1)
        #expect(result == Data(handEdit))
    }

    /// The record of an undo made in place takes it back in turn, once another command wrote.
    @Test func anUndoInPlaceIsUndoneAfterAnotherCommand() throws {
        let (directory, environment) = try setUp(Array("a\r\nb task\r\nc\r\nd".utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        let todoFile = directory.appendingPathComponent("todo.txt")
        func todo(_ arguments: String...) throws -> Data {
            let run = try BuiltTodo.run(arguments, environment: environment, history: true)
            #expect(run.status == 0, "\(arguments): \(run.errorText)")
            return try Data(contentsOf: todoFile)
        }
        let original = try Data(contentsOf: todoFile)
        let prioritized = try todo("pri", "4", "C")
        #expect(try todo("undo") == original)
        let added = try todo("add", "another task")
        #expect(added != original)
        #expect(try todo("undo") == original)
        #expect(try todo("undo") == prioritized)
        #expect(try todo("undo") == original)
    }
}
