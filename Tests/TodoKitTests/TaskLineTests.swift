import Foundation
import Testing
import TodoKit

/// One `todo` command, and what TaskLine makes of the file's lines for it.
struct LineEditCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    var environment: [String: String] = [:]
    /// The todo file's lines after the command, built by TaskLine from the lines before.
    let expected: @Sendable ([[UInt8]]) throws -> [[UInt8]]

    var testDescription: String { arguments.joined(separator: " ") }
}

/// The line edits of TaskLine are the ones `todo` writes: every editing action of the built
/// command changes the file exactly as the function it calls says, including the actions the
/// task stores do not offer (append, prepend, postpone, tag).
@Suite struct TaskLineTests {
    static let todo = [
        "(A) 2026-11-01 call mom +family",
        "(b) odd priority",
        "plain task due:2026-11-30",
        "water plants due:2026-11-20 t:2026-11-19 rec:2d",
        "x 2026-11-20 paid rent",
        "stretch rec:often",
    ]

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The bytes of a file of these lines, each ended by LF.
    static func file(_ lines: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines { bytes += line + [0x0A] }
        return bytes
    }

    /// `lines` with line `number` (1-based) replaced.
    static func replacing(
        _ number: Int, in lines: [[UInt8]], with new: [UInt8]
    ) -> [[UInt8]] {
        var lines = lines
        lines[number - 1] = new
        return lines
    }

    /// `rec:often` is not a recurrence: the task is done and nothing comes back.
    static func completedWithoutRecurrence(_ old: [UInt8]) throws -> [UInt8] {
        let done = try #require(TaskLine.completed(old, on: testDay, keepingPriority: false))
        #expect(done.next == nil)
        #expect(done.recurrenceError != nil)
        return done.line
    }

    static let cases: [LineEditCase] = [
        LineEditCase(arguments: ["-t", "add", "(c) call due:friday"]) { lines in
            let typed = TaskLine.typed("(c) call due:friday", today: testDay, resolvingDates: true)
            #expect(typed == bytes("(c) call due:2026-11-27"))
            return lines + [TaskLine.added(typed, creationDate: testDay, defaultPriority: nil)]
        },
        LineEditCase(
            arguments: ["add", "call due:friday"],
            environment: ["TODOTXT_RELATIVE_DATES": "0", "TODOTXT_PRIORITY_ON_ADD": "C"]
        ) { lines in
            let typed = TaskLine.typed("call due:friday", today: testDay, resolvingDates: false)
            return lines + [
                TaskLine.added(typed, creationDate: nil, defaultPriority: Priority("C"))
            ]
        },
        LineEditCase(arguments: ["-a", "do", "1"], environment: ["TODOTXT_KEEP_PRIORITY": "1"]) {
            lines in
            let done = try #require(
                TaskLine.completed(lines[0], on: testDay, keepingPriority: true))
            #expect(done.line == bytes("x 2026-11-22 2026-11-01 call mom +family pri:A"))
            return replacing(1, in: lines, with: done.line)
        },
        LineEditCase(arguments: ["-a", "do", "4"]) { lines in
            let done = try #require(
                TaskLine.completed(lines[3], on: testDay, keepingPriority: false))
            let next = try #require(done.next)
            return replacing(4, in: lines, with: done.line) + [next.line]
        },
        LineEditCase(arguments: ["-a", "do", "6"]) { lines in
            replacing(6, in: lines, with: try completedWithoutRecurrence(lines[5]))
        },
        LineEditCase(arguments: ["pri", "2", "b"]) { lines in
            replacing(
                2, in: lines, with: try #require(TaskLine.prioritized(lines[1], Priority("B"))))
        },
        LineEditCase(arguments: ["depri", "2"]) { lines in
            replacing(2, in: lines, with: try #require(TaskLine.prioritized(lines[1], nil)))
        },
        LineEditCase(arguments: ["append", "3", ", then stop"]) { lines in
            let new = TaskLine.appended(lines[2], bytes(", then stop"), delimiters: ",.:;")
            #expect(new == bytes("plain task due:2026-11-30, then stop"))
            return replacing(3, in: lines, with: new)
        },
        LineEditCase(arguments: ["append", "3", "t:tomorrow"]) { lines in
            let typed = TaskLine.typed("t:tomorrow", today: testDay, resolvingDates: true)
            return replacing(
                3, in: lines, with: TaskLine.appended(lines[2], typed, delimiters: ",.:;"))
        },
        LineEditCase(arguments: ["prepend", "1", "urgent"]) { lines in
            let new = TaskLine.prepended(lines[0], bytes("urgent"))
            #expect(new == bytes("(A) 2026-11-01 urgent call mom +family"))
            return replacing(1, in: lines, with: new)
        },
        LineEditCase(arguments: ["replace", "1", "call dad due:monday"]) { lines in
            let typed = TaskLine.typed("call dad due:monday", today: testDay, resolvingDates: true)
            let new = TaskLine.replaced(lines[0], with: typed)
            #expect(new == bytes("(A) 2026-11-01 call dad due:2026-11-23"))
            return replacing(1, in: lines, with: new)
        },
        LineEditCase(arguments: ["postpone", "3", "4", "1w"]) { lines in
            let offset = DateOffset(count: 1, unit: .weeks)
            var lines = lines
            for index in [2, 3] {
                let item = TODOItem(parsingBytes: lines[index][...])
                lines[index] = try #require(
                    TaskLine.postponed(item, by: offset, today: testDay)?.line)
            }
            return lines
        },
        LineEditCase(arguments: ["tag", "3", "due", "tomorrow"]) { lines in
            let value = TaskLine.tagValue(
                "tomorrow", key: "due", today: testDay, resolvingDates: true)
            #expect(value == "2026-11-23")
            let item = TODOItem(parsingBytes: lines[2][...])
            return replacing(
                3, in: lines, with: try TaskLine.tagged(item, key: "due", value: value).line)
        },
        LineEditCase(arguments: ["tag", "4", "rec"]) { lines in
            let item = TODOItem(parsingBytes: lines[3][...])
            return replacing(
                4, in: lines, with: try TaskLine.tagged(item, key: "rec", value: nil).line)
        },
    ]

    @Test(arguments: cases)
    func todoWritesWhatTaskLineSays(_ example: LineEditCase) throws {
        let directory = try temporaryDirectory()
        let path = directory + "/todo.txt"
        let before = Self.todo.map(Self.bytes)
        try Data(Self.file(before)).write(to: URL(fileURLWithPath: path))
        let status = try TodoCommand.run(
            ["--file", path] + example.arguments, home: directory,
            environment: example.environment)
        #expect(status == 0)
        let expected = Self.file(try example.expected(before))
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(
            String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(written != Self.file(before), "the command changed nothing")
    }
}
