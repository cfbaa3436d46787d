import Foundation
import TestSupport
import Testing
import TodoHistory
import TodoTxt

/// `do` with auto-archive, `rm -n` and `mv` read the source once in pieces: through the built
/// binary, their output, status and both files' bytes are those a reference computes on whole
/// lists, the history entry is the one the whole-file way records (the same library calls on
/// the same versions), and `undo` gives both files' exact bytes back.
@Suite struct MoveInPiecesEndToEndTests {
    /// What a command should leave and print, and the records the whole-file way makes.
    struct Expected {
        var output: [UInt8]
        var status: Int32 = 0
        var todo: [UInt8]
        var done: [UInt8]
        var changes: [FileChange]
        /// Whether the record must be the whole-file way's hunk for hunk (see
        /// ``doReference(todo:done:numbers:directory:)``).
        var exact = true
    }

    /// Whether the whole-file way's record of `do` may place its hunks elsewhere than the
    /// record made in one pass: it compared the two versions of the file, which matches a
    /// removed line with an equal line below it and anchors the file's end, and a byte order
    /// mark, which moves to the new first line, makes it compare the whole middle of the file
    /// (one hunk of everything when more than 1,000 lines differ). Both records take out the
    /// same lines' bytes, and undo gives the same file back.
    static func isAmbiguous(_ todo: [UInt8]) -> Bool {
        let lines = TodoList(bytes: todo).map { Array($0.content) }
        return todo.starts(with: [0xEF, 0xBB, 0xBF]) || Set(lines).count < lines.count
    }

    /// The record of an edit of `before` into `list` as a whole-file rewrite makes it (from
    /// the list's pieces).
    static func rewriteChange(_ path: String, _ before: [UInt8], _ list: TodoList) -> FileChange {
        list.withSerializedPieces { FileChange(path: path, before: before, after: $0) }
    }

    /// The record of an append of `tail` to `before`, as the whole-file move makes it.
    static func appendChange(_ path: String, _ before: [UInt8], _ tail: [UInt8]) -> FileChange {
        before.withUnsafeBytes { old in
            tail.withUnsafeBytes { new in FileChange(path: path, before: before, after: [old, new])
            }
        }
    }

    /// `do N...` then `archive`, on whole lists; the record of todo.txt is the comparison of
    /// its two versions (the whole-file way wrote it twice).
    static func doReference(
        todo: [UInt8], done: [UInt8], numbers: [Int], directory: URL
    ) -> Expected {
        let todoPath = directory.appendingPathComponent("todo.txt").path
        var list = TodoList(bytes: todo)
        var output: [UInt8] = []
        var errors = false
        for number in numbers {
            let content = Array(list[number - 1].content)
            guard !content.starts(with: Array("x ".utf8)) else {
                errors = true
                continue
            }
            // `do` drops an ASCII priority such as "(A) ".
            let hasPriority =
                content.count >= 4 && content[0] == 0x28 && content[2] == 0x29
                && content[3] == 0x20 && content[1] < 0x80
            let line = Array("x 2026-11-23 ".utf8) + content[(hasPriority ? 4 : 0)...]
            list.replaceLine(at: number - 1, with: line)
            output += Array("\(number) ".utf8) + line + [0x0A]
            output += Array("TODO: \(number) marked as done.\n".utf8)
        }
        let archived = ArchiveEndToEndTests.reference(
            todo: list.serialized(), done: done, path: todoPath)
        let tail = Array(archived.done[done.count...])
        return Expected(
            output: output + archived.output, status: errors ? 1 : 0, todo: archived.todo,
            done: archived.done,
            changes: [
                FileChange(path: todoPath, before: todo, after: archived.todo),
                appendChange(directory.appendingPathComponent("done.txt").path, done, tail),
            ].filter { !$0.isEmpty }, exact: !isAmbiguous(todo))
    }

    /// `blankOrRemove` of task `number` on a whole list: emptied, or taken out when it is the
    /// last line without a terminator, and with `-n` every empty line taken out.
    static func blankOrRemove(_ list: inout TodoList, _ number: Int, preserve: Bool) {
        if list[number - 1].terminator == LineTerminator.none {
            list.removeLine(at: number - 1)
        } else {
            list.replaceLine(at: number - 1, with: [])
        }
        if !preserve { list.removeLines(at: list.indices.filter { list[$0].content.isEmpty }) }
    }

    /// `rm -n N` on a whole list.
    static func removeReference(todo: [UInt8], number: Int, directory: URL) -> Expected {
        let todoPath = directory.appendingPathComponent("todo.txt").path
        var list = TodoList(bytes: todo)
        let content = Array(list[number - 1].content)
        blankOrRemove(&list, number, preserve: false)
        let output =
            Array("\(number) ".utf8) + content + Array("\nTODO: \(number) deleted.\n".utf8)
        return Expected(
            output: output, todo: list.serialized(), done: [],
            changes: [rewriteChange(todoPath, todo, list)])
    }

    /// `mv N done.txt` on whole lists.
    static func moveReference(
        todo: [UInt8], done: [UInt8], number: Int, preserve: Bool, directory: URL
    ) -> Expected {
        let todoPath = directory.appendingPathComponent("todo.txt").path
        let donePath = directory.appendingPathComponent("done.txt").path
        var list = TodoList(bytes: todo)
        let content = Array(list[number - 1].content)
        blankOrRemove(&list, number, preserve: preserve)
        var target = TodoList(bytes: done)
        target.appendLine(content)
        let after = target.serialized()
        let output =
            Array("\(number) ".utf8) + content
            + Array("\nTODO: \(number) moved to \(target.count) in DONE.\n".utf8)
        return Expected(
            output: output, todo: list.serialized(), done: after,
            changes: [
                rewriteChange(todoPath, todo, list),
                appendChange(donePath, done, Array(after[done.count...])),
            ].filter { !$0.isEmpty })
    }

    /// `deduplicate` as todo.sh's sed script does it: lines cut at each line feed (a CR and
    /// line 1's byte order mark belong to the line), every line printed with a line feed, a
    /// repeat of an earlier line emptied, or dropped with `-n`; only non-empty repeats count.
    /// The whole-file way compared the two versions: with empty lines it may match an emptied
    /// line with another empty line, and past 1,000 changed lines it records one hunk of
    /// everything (see ``isAmbiguous(_:)``).
    static func deduplicateReference(todo: [UInt8], preserve: Bool, directory: URL) -> Expected {
        var lines = todo.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if todo.last == 0x0A || todo.isEmpty { lines.removeLast() }
        var seen = Set<[UInt8]>()
        var after: [UInt8] = []
        var removed = 0
        for line in lines {
            if seen.insert(line).inserted {
                after += line + [0x0A]
            } else {
                if !line.isEmpty { removed += 1 }
                if preserve { after.append(0x0A) }
            }
        }
        let path = directory.appendingPathComponent("todo.txt").path
        let output = removed > 0 ? Array("TODO: \(removed) duplicate task(s) removed\n".utf8) : []
        return Expected(
            output: output, status: removed > 0 ? 0 : 1, todo: after, done: [],
            changes: [FileChange(path: path, before: todo, after: after)].filter { !$0.isEmpty },
            exact: !todo.starts(with: [0xEF, 0xBB, 0xBF]) && !lines.contains([])
                && lines.count < 1_000)
    }

    /// The newest history entry's changes.
    static func lastRecord(_ directory: URL) throws -> [FileChange] {
        let folder = directory.appendingPathComponent("state/todo")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let name = try #require(names.first { $0.hasPrefix("todo.txt-") && !$0.hasSuffix(".lock") })
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        return try #require(try History(decoding: bytes).entries.last).files
    }

    /// The hunks' places and sizes, for a failure's message.
    static func summary(_ changes: [FileChange]) -> String {
        changes.map { change in
            change.hunks.prefix(6).map { hunk in
                "\(hunk.beforeStart)/\(hunk.afterStart) -\(hunk.before.count) +\(hunk.after.count)"
                    + " \(hunk.above == nil ? "" : "^")\(hunk.below == nil ? "" : "v")"
            }.joined(separator: ", ")
        }.joined(separator: " | ")
    }

    /// Runs `arguments` on the two files, compares with `expected`, then undoes.
    static func runAndUndo(
        _ arguments: [String], todo: [UInt8], done: [UInt8], label: String,
        expected: (URL) -> Expected
    ) throws {
        let (directory, environment) = try ArchiveEndToEndTests.setUp(todo: todo, done: done)
        defer { try? FileManager.default.removeItem(at: directory) }
        let todoFile = directory.appendingPathComponent("todo.txt")
        let doneFile = directory.appendingPathComponent("done.txt")
        let want = expected(directory)
        let run = try BuiltTodo.run(
            ["-p", "-f"] + arguments, environment: environment, history: true)
        #expect(run.status == want.status, "\(label): \(run.errorText)")
        #expect(
            run.output == want.output, "\(label): \(String(decoding: run.output, as: UTF8.self))")
        #expect([UInt8](try Data(contentsOf: todoFile)) == want.todo, "\(label)")
        #expect([UInt8](try Data(contentsOf: doneFile)) == want.done, "\(label)")
        guard !want.changes.isEmpty else {
            // Nothing changed, so nothing was recorded.
            #expect(want.todo == todo && want.done == done, "\(label)")
            return
        }
        let record = try lastRecord(directory)
        if want.exact {
            #expect(
                record.map(\.hunks) == want.changes.map(\.hunks),
                "\(label): \(summary(record)) vs \(summary(want.changes))")
        } else {
            // The same lines taken out and written, told where they are.
            #expect(
                record.map { [$0.removedLines, $0.addedLines] }
                    == want.changes.map { [$0.removedLines, $0.addedLines] }
                    || want.changes.contains { $0.hunks.count == 1 && $0.removedLines > 1_000 },
                "\(label): \(summary(record)) vs \(summary(want.changes))")
        }
        let undo = try BuiltTodo.run(["-p", "-f", "undo"], environment: environment, history: true)
        #expect(undo.status == 0, "\(label): \(undo.errorText)")
        #expect([UInt8](try Data(contentsOf: todoFile)) == todo, "\(label)")
        #expect([UInt8](try Data(contentsOf: doneFile)) == done, "\(label)")
    }

    /// The numbers of the lines of `todo` that are tasks (not empty).
    static func tasks(_ todo: [UInt8]) -> [Int] {
        TodoList(bytes: todo).enumerated().filter { !$0.1.content.isEmpty }.map { $0.0 + 1 }
    }

    /// Files with every ending, each with a task to act on.
    static let files: [(name: String, todo: [UInt8], done: [UInt8], number: Int)] = [
        ("large", ArchiveEndToEndTests.largeFile, Array("x 2026-01-01 old\r\n".utf8), 15_003),
        ("last line without newline", Array("a\nx b\nc".utf8), Array("x old".utf8), 3),
        ("byte order marks", Array("\u{FEFF}a\nb\n\nx c".utf8), Array("\u{FEFF}x old\n".utf8), 1),
        ("byte order mark, second line", Array("\u{FEFF}a\nb\n".utf8), Array("\u{FEFF}".utf8), 2),
        ("CRLF", Array("a\r\n\r\nb\r\nx c\r\n".utf8), Array("x old\r\n".utf8), 3),
        ("CR at the end", Array("a\r\nb\r".utf8), [], 2),
        ("invalid UTF-8 and NUL", [0x61, 0xFF, 0x00, 0x0A, 0x61, 0xC3, 0x0A], [], 1),
        ("equal neighbours", Array("a\nb\nb\nb\nc\n".utf8), Array("x old\n".utf8), 2),
        ("equal neighbours after blanks", Array("a\nb\n\nb\nx d\nb\n".utf8), [], 2),
    ]

    @Test(arguments: files.indices)
    func doWithAutoArchiveMatchesTheWholeFileWay(_ index: Int) throws {
        let file = Self.files[index]
        try Self.runAndUndo(
            ["-A", "do", String(file.number)], todo: file.todo, done: file.done, label: file.name
        ) {
            Self.doReference(
                todo: file.todo, done: file.done, numbers: [file.number], directory: $0)
        }
    }

    @Test(arguments: files.indices)
    func removeWithoutKeepingNumbersMatchesTheWholeFileWay(_ index: Int) throws {
        let file = Self.files[index]
        try Self.runAndUndo(
            ["-n", "rm", String(file.number)], todo: file.todo, done: [], label: file.name
        ) { Self.removeReference(todo: file.todo, number: file.number, directory: $0) }
    }

    @Test(arguments: files.indices)
    func moveMatchesTheWholeFileWay(_ index: Int) throws {
        let file = Self.files[index]
        for preserve in [true, false] {
            try Self.runAndUndo(
                (preserve ? [] : ["-n"]) + ["mv", String(file.number), "done.txt"],
                todo: file.todo, done: file.done, label: "\(file.name), keep numbers \(preserve)"
            ) {
                Self.moveReference(
                    todo: file.todo, done: file.done, number: file.number, preserve: preserve,
                    directory: $0)
            }
        }
    }

    @Test(arguments: files.indices)
    func deduplicateMatchesTheWholeFileWay(_ index: Int) throws {
        let file = Self.files[index]
        // Every line twice more, the copies after the originals.
        let lines = TodoList(bytes: file.todo).map { Array($0.content) }
        let todo = file.todo + [0x0A] + Array(lines.joined(separator: [0x0A]))
        for preserve in [true, false] {
            try Self.runAndUndo(
                (preserve ? [] : ["-n"]) + ["deduplicate"], todo: todo, done: [],
                label: "\(file.name), keep numbers \(preserve)"
            ) { Self.deduplicateReference(todo: todo, preserve: preserve, directory: $0) }
        }
    }

    @Test func randomFilesMatchTheWholeFileWay() throws {
        var random = SeededGenerator(seed: 1128)
        var rounds = 0
        while rounds < 40 {
            let todo = ArchiveEndToEndTests.randomFile(&random)
            let done = ArchiveEndToEndTests.randomFile(&random)
            let tasks = Self.tasks(todo)
            guard !tasks.isEmpty else { continue }
            rounds += 1
            let first = tasks[Int(random.next() % UInt64(tasks.count))]
            let second = tasks[Int(random.next() % UInt64(tasks.count))]
            let label = "round \(rounds): \(todo) / \(done), \(first) \(second)"
            if rounds % 4 == 0 {
                try Self.runAndUndo(
                    (rounds % 8 == 0 ? ["-n"] : []) + ["deduplicate"], todo: todo, done: [],
                    label: label
                ) {
                    Self.deduplicateReference(
                        todo: todo, preserve: rounds % 8 != 0, directory: $0)
                }
                continue
            }
            switch rounds % 3 {
            case 0:
                try Self.runAndUndo(
                    ["-A", "do", "\(first),\(second)"], todo: todo, done: done, label: label
                ) {
                    Self.doReference(
                        todo: todo, done: done, numbers: [first, second], directory: $0)
                }
            case 1:
                try Self.runAndUndo(
                    ["-n", "rm", String(first)], todo: todo, done: [], label: label
                ) {
                    Self.removeReference(todo: todo, number: first, directory: $0)
                }
            default:
                try Self.runAndUndo(
                    ["mv", String(first), "done.txt"], todo: todo, done: done, label: label
                ) {
                    Self.moveReference(
                        todo: todo, done: done, number: first, preserve: true, directory: $0)
                }
            }
        }
    }

    /// A missing or empty task, or one past the end, is reported as before and nothing is
    /// written.
    @Test func errorsAreUnchanged() throws {
        let todo = Array("a\n\nx b\n".utf8)
        let cases: [([String], String)] = [
            (["-A", "do", "2"], "TODO: No task 2."),
            (["-A", "do", "9"], "TODO: No task 9."),
            (["-A", "do", "1x"], "usage: todo do NR [NR ...]"),
            (["-n", "rm", "2"], "TODO: No task 2."),
            (["-n", "rm", "9"], "TODO: No task 9."),
            (["mv", "9", "done.txt"], "TODO: No task 9."),
            (["mv", "2", "done.txt"], "TODO: No task 2."),
        ]
        for (arguments, message) in cases {
            let (directory, environment) = try ArchiveEndToEndTests.setUp(todo: todo, done: [])
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try BuiltTodo.run(["-p", "-f"] + arguments, environment: environment)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.errorText.contains(message), "\(arguments): \(run.errorText)")
            let after = [UInt8](try Data(contentsOf: directory.appendingPathComponent("todo.txt")))
            #expect(after == todo, "\(arguments)")
        }
    }
}
