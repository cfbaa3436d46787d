import Foundation
import Testing
import TodoKit

/// The code of the DocC article "Building an app on a todo.txt file"
/// (`Sources/TodoKit/TodoKit.docc/BuildingAnApp.md`), compiled and run. Every code block of the
/// article must appear in this file, line for line.
@Suite struct DocumentationTests {
    @Test func openAStore() {
        let onDisk = TodoFileStore(path: "/home/me/todo.txt")
        #expect(onDisk.donePath == "/home/me/done.txt")
    }

    @Test func queryEditAndFollow() async throws {
        let store: any TaskStore = InMemoryTaskStore(
            todo: "(A) 2026-11-20 Call mom +family due:2026-11-25\nPay rent +home due:2026-12-01\n")

        let family = try store.tasks(matching: "+family")
        let soon = try store.tasks(matching: "due<=2026-12-31", sortedBy: [.due, .priority])
        for task in soon {
            print(task.line, task.item.description)
        }
        #expect(family.map(\.line) == [1])
        #expect(soon.map(\.line) == [1, 2])

        let added = try store.add("Book train tickets +travel")
        let rent = try store.tasks(matching: "rent")[0]
        let paid = try store.complete(rent)
        try store.setPriority(Priority("B"), of: added)
        try store.archive()
        #expect(try store.snapshot().tasks.map(\.text).last == "(B) Book train tickets +travel")

        var message = ""
        do throws(TaskStoreError) {
            try store.complete(paid)
        } catch .taskChanged(let line, let text) {
            message = "task \(line) '\(text)' changed in the file; showing it again"
        } catch {
            message = error.description
        }
        #expect(message.hasPrefix("task 2 'x "))
        #expect(
            message.hasSuffix(
                " Pay rent +home due:2026-12-01' changed in the file; showing it again"))

        let follower = Task {
            for try await snapshot in store.snapshots(every: .milliseconds(100)) {
                print(try snapshot.tasks().count, "open tasks")
            }
        }
        follower.cancel()
        try await follower.value
    }

    @Test func testWithTheInMemoryStore() throws {
        let day = try #require(LocalDate("2026-11-22"))
        let memory = InMemoryTaskStore(
            todo: "Call mom\nPay rent\n", options: TaskStoreOptions(today: { day }))
        let call = try memory.tasks(matching: "mom")[0]
        memory.replaceTodo(with: "Call mom and dad\nPay rent\n")
        #expect(throws: TaskStoreError.self) { try memory.complete(call) }
        try memory.complete(try memory.tasks(matching: "rent")[0])
        #expect(memory.todoText == "Call mom and dad\nx 2026-11-22 Pay rent\n")
    }

    @Test func everyCodeBlockOfTheArticleIsHere() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent(
                "Sources/TodoKit/TodoKit.docc/BuildingAnApp.md"), encoding: .utf8)
        let source = Self.lines(try String(contentsOf: here, encoding: .utf8))
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
            Self.lines($0.components(separatedBy: "```").first ?? "")
        }
        #expect(blocks.count >= 6)
        for block in blocks {
            let found = source.indices.contains { start in
                source[start...].starts(with: block)
            }
            #expect(found, "not in DocumentationTests.swift:\n\(block.joined(separator: "\n"))")
        }
    }

    /// The non-empty lines of a text, without their indentation.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
    }
}

/// The TodoKit example of the README, compiled and checked.
@Suite struct ReadmeExampleTests {
    func finishNextWorkTask(in store: any TaskStore) throws(TaskStoreError) -> StoredTask? {
        let next = try store.tasks(matching: "+work due<=+7d", sortedBy: [.priority, .due])
        guard let first = next.first else { return nil }
        return try store.complete(first)
    }

    @Test func theReadmeExampleDoesWhatItSays() throws {
        let day = try #require(LocalDate("2026-11-22"))
        let store = InMemoryTaskStore(
            todo: "(B) Send the report +work due:2026-11-24\nCall mom\n",
            options: TaskStoreOptions(today: { day }))
        let done = try finishNextWorkTask(in: store)
        #expect(done?.text == "x 2026-11-22 Send the report +work due:2026-11-24")
        #expect(store.todoText == "x 2026-11-22 Send the report +work due:2026-11-24\nCall mom\n")

        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("README.md"), encoding: .utf8)
        // The README's function is the one above, line for line.
        let readmeLines = DocumentationTests.lines(readme)
        let first = try #require(readmeLines.firstIndex { $0.hasPrefix("func finishNextWorkTask") })
        let last = try #require(readmeLines[first...].firstIndex(of: "}"))
        let source = DocumentationTests.lines(
            try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8))
        let function = Array(readmeLines[first...last])
        #expect(function.count == 5)
        #expect(source.indices.contains { source[$0...].starts(with: function) })
        #expect(
            readme.contains(
                #"let store = InMemoryTaskStore(todo: "(B) Send the report +work due:2026-11-24\nCall mom\n")"#
            ))
    }
}
