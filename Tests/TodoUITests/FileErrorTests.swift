import Foundation
import Testing
import TodoKit
import TodoTerminal
import TodoUI

/// A file that cannot be read or written: the error on the status line, the view goes on,
/// nothing is half-written.
@Suite struct FileErrorTests {
    @Test func aFileThatCannotBeWrittenShowsTheErrorAndTheViewGoesOn() throws {
        // A regular file where the todo file's directory should be: it reads as a missing
        // file (an empty list), and every write fails.
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent(
            "todo-ui-blocker-\(UUID().uuidString)")
        try Data("not a directory\n".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let store = TodoFileStore(
            path: blocker.appendingPathComponent("todo.txt").path,
            options: TaskStoreOptions(today: { testDay }))
        var model = TaskListModel(store: store)
        #expect(model.rows.isEmpty)
        model.type("aCall mom")
        model.press(.enter)
        #expect(model.status?.isError == true)
        #expect(model.status?.text.contains(blocker.lastPathComponent + "/todo.txt") == true)
        // The add failed: the prompt keeps the text so that nothing typed is lost.
        #expect(model.prompt?.editor.text == "Call mom")
        model.press(.escape)
        let outcome = model.handle(.text("j"))
        #expect(outcome == .handled)
        #expect(try Data(contentsOf: blocker) == Data("not a directory\n".utf8))
    }
}
