import Foundation
import TestSupport
import Testing

/// `add` is recorded for `undo` from the end of the file alone (it never reads a large file
/// whole); undoing it gives back the file's exact bytes, whatever its ending.
@Suite struct AddUndoTests {
    static let files: [String] = [
        "", "a\nb", "a\r\nb\r\n", "\u{FEFF}only", "\u{FEFF}one\n", "x\ny\nz\n", "\n\n",
        "ends in cr\r",
    ]

    @Test(arguments: files)
    func addAndAddmUndoneGiveTheBytesBack(_ text: String) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("add-undo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("todo.txt")
        let original = Data(text.utf8)
        try original.write(to: file)
        let environment = [
            "TODO_DIR": directory.path, "TODO_FILE": file.path,
            "XDG_STATE_HOME": directory.appendingPathComponent("state").path,
            "TODOTXT_NOW": "2026-11-23",
        ]
        func todo(_ arguments: String...) throws -> BuiltTodo.Result {
            try BuiltTodo.run(arguments, environment: environment, history: true)
        }
        #expect(try todo("add", "call mom").status == 0)
        let added = try Data(contentsOf: file)
        #expect(try todo("addm", "one\ntwo").status == 0)
        let undone = try todo("undo")
        #expect(undone.errorText == "")
        #expect(undone.outputText.hasPrefix("TODO: Undid 'addm"))
        #expect(try Data(contentsOf: file) == added)
        #expect(try todo("undo").status == 0)
        #expect(try Data(contentsOf: file) == original)
    }

    @Test func anAddUndoneAfterAHandEditKeepsTheEdit() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("add-undo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("todo.txt")
        try Data("a\nb".utf8).write(to: file)
        let environment = [
            "TODO_DIR": directory.path, "TODO_FILE": file.path,
            "XDG_STATE_HOME": directory.appendingPathComponent("state").path,
        ]
        #expect(
            try BuiltTodo.run(["add", "c"], environment: environment, history: true).status == 0)
        try Data("A edited\nb\nc\n".utf8).write(to: file)
        let undone = try BuiltTodo.run(["undo"], environment: environment, history: true)
        #expect(undone.status == 0)
        #expect(try Data(contentsOf: file) == Data("A edited\nb".utf8))
    }
}
