import Foundation
import TestSupport
import Testing

/// The example programs: built on TodoKit alone, and doing what they say.
@Suite struct ExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func examplesAndTodoKitImportNoCLibraryAndNoFoundation() throws {
        let folders = ["Examples/ListOverdue", "Examples/TaskListApp/Sources", "Sources/TodoKit"]
        var checked = 0
        for folder in folders {
            let directory = Self.root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
            where name.hasSuffix(".swift") {
                let text = try String(
                    contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                for module in ["Glibc", "Darwin", "Foundation", "TodoStore", "TodoStoreTesting"] {
                    let imported = text.split(separator: "\n").contains {
                        $0 == "import \(module)" || $0.hasSuffix(" import \(module)")
                    }
                    // TodoKit reaches TodoStore through one file only, and its in-memory store
                    // needs no testing product.
                    let allowed = module == "TodoStore" && name == "StorageFiles.swift"
                    #expect(!imported || allowed, "\(folder)/\(name) imports \(module)")
                }
                checked += 1
            }
        }
        #expect(checked >= 10)
    }

    @Test func listOverduePrintsThePastDueOpenTasks() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltTodo.productsDirectory)
            .appendingPathComponent("ListOverdue")
        process.arguments = [
            Self.root.appendingPathComponent("Examples/todo.txt").path, "2026-11-25",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("1 (A) 2026-11-20 Call the plumber") == true)
        #expect(lines.allSatisfy { $0.contains("due:2026-11-2") && !$0.contains("due:2026-11-25") })
    }
}
