import Foundation
import TestSupport
import Testing

/// Edits and `archive` are recorded for `undo` from what the store wrote: the record holds the
/// changed lines only (and fingerprints of their neighbours), and undoing gives back the exact
/// bytes of both files, whatever their endings.
@Suite struct EditUndoTests {
    static let files: [String] = [
        "a\nx b\nc\n", "a\r\nx b\r\nc\r\n", "\u{FEFF}a\nx b\nc", "a\n\nx b\n\nc", "a\nx b\nc\r",
    ]

    /// A fresh directory with todo.txt holding `text` and an empty done.txt.
    private func setUp(_ text: String) throws -> (URL, [String: String]) {
        try EditUndoTests.setUp(bytes: Array(text.utf8))
    }

    /// A fresh directory with todo.txt holding `bytes` and an empty done.txt, and the
    /// environment that runs `todo` on it with its own history.
    static func setUp(bytes: [UInt8]) throws -> (URL, [String: String]) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("edit-undo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: directory.appendingPathComponent("todo.txt"))
        try Data().write(to: directory.appendingPathComponent("done.txt"))
        let environment = [
            "TODO_DIR": directory.path,
            "XDG_STATE_HOME": directory.appendingPathComponent("state").path,
            "TODOTXT_NOW": "2026-11-23",
        ]
        return (directory, environment)
    }

    @Test(arguments: files)
    func everyEditAndArchiveUndoneGiveTheBytesBack(_ text: String) throws {
        let (directory, environment) = try setUp(text)
        defer { try? FileManager.default.removeItem(at: directory) }
        let todoFile = directory.appendingPathComponent("todo.txt")
        let doneFile = directory.appendingPathComponent("done.txt")
        func todo(_ arguments: String...) throws -> BuiltTodo.Result {
            try BuiltTodo.run(arguments, environment: environment, history: true)
        }
        let commands: [[String]] = [
            ["-a", "do", "1"], ["pri", "1", "A"], ["-f", "rm", "1"], ["replace", "1", "new text"],
            ["append", "1", "more"], ["prepend", "1", "first"], ["archive"],
            ["do", "1"],
        ]
        for command in commands {
            let todoBefore = try Data(contentsOf: todoFile)
            let doneBefore = try Data(contentsOf: doneFile)
            let run = try BuiltTodo.run(command, environment: environment, history: true)
            #expect(run.status == 0, "\(command): \(run.errorText)")
            let undone = try todo("undo")
            #expect(undone.status == 0, "\(command): \(undone.errorText)")
            #expect(try Data(contentsOf: todoFile) == todoBefore, "\(command)")
            #expect(try Data(contentsOf: doneFile) == doneBefore, "\(command)")
        }
    }

    /// One task done in a file of 50,000: the history holds that line and its new version, not
    /// the file (and a later archive of thousands of lines is undone exactly).
    @Test func oneEditOfALargeFileKeepsASmallRecord() throws {
        let lines = (1...50_000).map { $0 % 5 == 0 ? "x 2026-01-01 task \($0)\n" : "task \($0)\n" }
        let (directory, environment) = try setUp(lines.joined())
        defer { try? FileManager.default.removeItem(at: directory) }
        let todoFile = directory.appendingPathComponent("todo.txt")
        let state = directory.appendingPathComponent("state/todo")
        #expect(
            try BuiltTodo.run(["-a", "do", "25001"], environment: environment, history: true)
                .status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: state.path)
        let history = try #require(names.first { !$0.hasSuffix(".lock") })
        let record = try Data(contentsOf: state.appendingPathComponent(history))
        #expect(record.count < 300)
        #expect(record.starts(with: Data("todo-history 2\n".utf8)))
        let before = try Data(contentsOf: todoFile)
        let archived = try BuiltTodo.run(["archive"], environment: environment, history: true)
        #expect(archived.status == 0)
        #expect(try BuiltTodo.run(["undo"], environment: environment, history: true).status == 0)
        #expect(try Data(contentsOf: todoFile) == before)
        #expect(try Data(contentsOf: directory.appendingPathComponent("done.txt")).isEmpty)
    }
}
