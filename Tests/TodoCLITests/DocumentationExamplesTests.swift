import Testing
import TodoMerge
import TodoQuery
import TodoStore
import TodoStoreTesting
import TodoTxt

/// The code of the getting-started articles of the DocC catalogs
/// (`Sources/*/*.docc/GettingStarted.md`), compiled and run. Keep the two in step: each test
/// holds one article's examples, in the article's order.
@Suite struct DocumentationExamplesTests {
    @Test func todoTxtGettingStarted() throws {
        // Parse a line.
        let item = TODOItem(parsing: "(A) 2026-11-20 Call mom +family @phone due:2026-12-01")
        #expect(item.priority == Priority("A"))
        #expect(item.creationDate == LocalDate("2026-11-20"))
        #expect(item.projects == ["family"])
        #expect(item.contexts == ["phone"])
        #expect(item.dateTag("due") == LocalDate(year: 2026, month: 12, day: 1))

        // Edit it and write it back.
        var done = item
        done.complete(on: LocalDate(year: 2026, month: 11, day: 22)!)
        #expect(done.text == "x 2026-11-22 2026-11-20 Call mom +family @phone due:2026-12-01")

        // Build a new task.
        let task = try TODOItem(description: "Water the plants @home", priority: Priority("B"))
        #expect(task.text == "(B) Water the plants @home")

        // A whole file, kept byte for byte.
        var list = TodoList(parsing: "first task\r\n\nsecond task\r\n")
        #expect(list.count == 3)
        list.append(task)
        #expect(
            String(decoding: list.serialized(), as: UTF8.self)
                == "first task\r\n\nsecond task\r\n(B) Water the plants @home\r\n")
    }

    @Test func todoStoreGettingStarted() throws {
        let storage: any TodoStorage = InMemoryStorage(textFiles: [
            "/home/me/todo.txt": "pay rent\n"
        ])

        // Append under the lock.
        try storage.append("/home/me/todo.txt", lines: [Array("call mom".utf8)])

        // Read, change and write back in one locked, atomic step.
        let changed = try storage.update("/home/me/todo.txt") { list -> Int in
            for index in list.indices where list[index].item.description == "pay rent" {
                var item = list[index].item
                item.complete(on: LocalDate(year: 2026, month: 11, day: 22)!)
                list.replaceLine(at: index, with: item)
            }
            return list.count
        }
        #expect(changed == 2)
        let text = String(decoding: try storage.readBytes("/home/me/todo.txt"), as: UTF8.self)
        #expect(text == "x 2026-11-22 pay rent\ncall mom\n")

        // Errors name the file and the reason.
        var message = ""
        do {
            _ = try storage.read("/home/me/missing.txt")
        } catch {
            message = "\(error)"
        }
        #expect(message == "cannot read /home/me/missing.txt: No such file or directory")
    }

    @Test func todoQueryGettingStarted() {
        let list = TodoList(parsing: "(A) Call mom +family due:2026-12-01\n")
        var output: [UInt8] = []
        JSONRecord.append(list[0], number: 1, to: &output)
        let json = String(decoding: output, as: UTF8.self)
        #expect(json.hasPrefix(#"{"line":1,"raw":"(A) Call mom +family due:2026-12-01","#))
        #expect(json.hasSuffix(#""due":"2026-12-01"}"#))
    }

    @Test func todoMergeGettingStarted() {
        let base = TodoList(parsing: "(B) Call mom\nPay rent\n")
        let ours = TodoList(parsing: "(A) Call mom\nPay rent\n")  // raised a priority
        let theirs = TodoList(parsing: "(B) Call mom\nx 2026-11-22 Pay rent\nBuy milk\n")

        let result = merge(base: base, ours: ours, theirs: theirs)
        #expect(result.isClean)
        #expect(
            String(decoding: result.merged, as: UTF8.self)
                == "(A) Call mom\nx 2026-11-22 Pay rent\nBuy milk\n")

        // Both sides changed the same field: a conflict block, and a summary per conflict.
        let clash = merge(
            base: base, ours: TodoList(parsing: "(A) Call mom\nPay rent\n"),
            theirs: TodoList(parsing: "(C) Call mom\nPay rent\n"))
        #expect(!clash.isClean)
        #expect(clash.conflicts.first?.kind == .bothModified)
        #expect(String(decoding: clash.merged, as: UTF8.self).contains("<<<<<<< ours"))
    }
}
