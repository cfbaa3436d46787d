import Foundation
import Testing
import TodoKit
import TodoTerminal
import TodoUI

/// The README's picture of `todo ui` is what the screen shows for the example file.
@Suite struct ReadmeCaptureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func theReadmeCaptureIsTheExampleFileOnScreen() throws {
        let example = try Data(contentsOf: Self.root.appendingPathComponent("Examples/todo.txt"))
        let store = InMemoryTaskStore(
            todo: [UInt8](example), options: TaskStoreOptions(today: { testDay }))
        var model = TaskListModel(store: store)
        model.resize(rows: ScreenComposer.listHeight(forScreenHeight: 16))
        model.type("jj")
        let frame = ScreenComposer(fileName: "todo.txt").frame(of: model, width: 78, height: 16)
        let screen = (0..<frame.height).map { row in
            var text = frame.text(ofRow: row)
            while text.last == " " { text.removeLast() }
            return text
        }
        let readme = try String(
            contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "<!-- todo ui, 78x16: Examples/todo.txt -->"))
        let block = Array(lines[(start + 2)..<(start + 2 + screen.count)])
        let drawn = screen.joined(separator: "\n")
        #expect(block == screen, "the screen:\n\(drawn)")
    }
}
