import Foundation
import TestSupport
import Testing
import TodoKit

/// One edit done twice on the same files: by the store, and by the built `todo` command.
struct EquivalenceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: [String]
    var environment: [String: String] = [:]
    var options = testOptions()
    /// The todo file both start from.
    var todo = CommandEquivalenceTests.todo
    let edit: @Sendable (any TaskStore) throws -> Void

    var testDescription: String { name }
}

/// The task on a line, or a failure naming it.
func task(_ number: Int, in store: any TaskStore) throws -> StoredTask {
    try #require(try store.snapshot().task(atLine: number), "no task on line \(number)")
}

/// Each store edit writes exactly the bytes of the `todo` command it stands for.
@Suite struct CommandEquivalenceTests {
    static let todo =
        "(A) 2026-11-01 call mom +family\r\n(b) odd priority\r\n\r\nx 2026-11-20 2026-11-02 paid rent\r\n"
        + "plain task due:2026-11-30\r\n(C) 2026-10-10 review"
    static let done = "x 2026-01-01 old\n"
    /// Recurring tasks, CRLF line ends and no final newline.
    static let recurring =
        "(B) 2026-11-01 pay rent rec:1m\r\nwater plants due:2026-11-20 t:2026-11-19 rec:2d\r\n"
        + "(A) review due:2026-01-31 rec:+1m\r\nstretch rec:often"

    static let cases: [EquivalenceCase] = [
        EquivalenceCase(name: "add", arguments: ["add", "buy milk"]) { try $0.add("buy milk") },
        EquivalenceCase(name: "add a line break", arguments: ["add", "two\nlines"]) {
            try $0.add("two\nlines")
        },
        EquivalenceCase(
            name: "add -t, lower-case priority", arguments: ["-t", "add", "(c) buy milk"],
            options: testOptions(addsCreationDate: true)
        ) { try $0.add("(c) buy milk") },
        EquivalenceCase(
            name: "add -t, default priority", arguments: ["-t", "add", "buy milk"],
            environment: ["TODOTXT_PRIORITY_ON_ADD": "B"],
            options: testOptions(addsCreationDate: true, defaultPriority: Priority("B"))
        ) { try $0.add("buy milk") },
        EquivalenceCase(name: "add, typed dates", arguments: ["add", "pay due:friday t:+2d"]) {
            try $0.add("pay due:friday t:+2d")
        },
        EquivalenceCase(
            name: "add, typed dates kept", arguments: ["add", "pay due:friday"],
            environment: ["TODOTXT_RELATIVE_DATES": "0"],
            options: testOptions(resolvesTypedDates: false)
        ) { try $0.add("pay due:friday") },
        EquivalenceCase(name: "do", arguments: ["-a", "do", "1"]) {
            try $0.complete(try task(1, in: $0))
        },
        EquivalenceCase(name: "do, odd priority", arguments: ["-a", "do", "2"]) {
            try $0.complete(try task(2, in: $0))
        },
        EquivalenceCase(name: "do, last line", arguments: ["-a", "do", "6"]) {
            try $0.complete(try task(6, in: $0))
        },
        EquivalenceCase(
            name: "do, keeping the priority", arguments: ["-a", "do", "1"],
            environment: ["TODOTXT_KEEP_PRIORITY": "1"],
            options: testOptions(keepsPriorityOnCompletion: true)
        ) { try $0.complete(try task(1, in: $0)) },
        EquivalenceCase(name: "do, already done", arguments: ["-a", "do", "4"]) {
            try $0.complete(try task(4, in: $0))
        },
        EquivalenceCase(
            name: "do, recurring", arguments: ["-a", "do", "2"], todo: recurring
        ) { try $0.complete(try task(2, in: $0)) },
        EquivalenceCase(
            name: "do, strict recurrence, no final newline", arguments: ["-a", "do", "3"],
            todo: recurring
        ) { try $0.complete(try task(3, in: $0)) },
        EquivalenceCase(
            name: "do, recurring, keeping the priority", arguments: ["-a", "do", "1"],
            environment: ["TODOTXT_KEEP_PRIORITY": "1"],
            options: testOptions(keepsPriorityOnCompletion: true), todo: recurring
        ) { try $0.complete(try task(1, in: $0)) },
        EquivalenceCase(
            name: "do, invalid recurrence", arguments: ["-a", "do", "4"], todo: recurring
        ) { try $0.complete(try task(4, in: $0)) },
        EquivalenceCase(name: "pri, new", arguments: ["pri", "5", "A"]) {
            try $0.setPriority(Priority("A"), of: try task(5, in: $0))
        },
        EquivalenceCase(name: "pri, changed", arguments: ["pri", "1", "B"]) {
            try $0.setPriority(Priority("B"), of: try task(1, in: $0))
        },
        EquivalenceCase(name: "pri, odd priority", arguments: ["pri", "2", "B"]) {
            try $0.setPriority(Priority("B"), of: try task(2, in: $0))
        },
        EquivalenceCase(name: "pri, the same", arguments: ["pri", "1", "A"]) {
            try $0.setPriority(Priority("A"), of: try task(1, in: $0))
        },
        EquivalenceCase(name: "depri", arguments: ["depri", "1"]) {
            try $0.setPriority(nil, of: try task(1, in: $0))
        },
        EquivalenceCase(name: "depri, none", arguments: ["depri", "5"]) {
            try $0.setPriority(nil, of: try task(5, in: $0))
        },
        EquivalenceCase(name: "replace", arguments: ["replace", "1", "call dad"]) {
            try $0.replace(try task(1, in: $0), with: "call dad")
        },
        EquivalenceCase(
            name: "replace with a header", arguments: ["replace", "6", "(A) 2026-01-01 new"]
        ) { try $0.replace(try task(6, in: $0), with: "(A) 2026-01-01 new") },
        EquivalenceCase(
            name: "replace, typed date", arguments: ["replace", "5", "pay\ndue:tomorrow"]
        ) { try $0.replace(try task(5, in: $0), with: "pay\ndue:tomorrow") },
        EquivalenceCase(name: "replace a done task", arguments: ["replace", "4", "again"]) {
            try $0.replace(try task(4, in: $0), with: "again")
        },
        EquivalenceCase(name: "del", arguments: ["-f", "del", "5"]) {
            try $0.delete(try task(5, in: $0))
        },
        EquivalenceCase(
            name: "del -n", arguments: ["-f", "-n", "del", "5"],
            options: testOptions(preservesLineNumbers: false)
        ) { try $0.delete(try task(5, in: $0)) },
        EquivalenceCase(name: "archive", arguments: ["archive"]) { try $0.archive() },
    ]

    @Test(arguments: cases)
    func storeWritesWhatTodoWrites(_ example: EquivalenceCase) throws {
        let ours = try temporaryDirectory()
        let theirs = try temporaryDirectory()
        for directory in [ours, theirs] {
            try Data(example.todo.utf8).write(to: URL(fileURLWithPath: directory + "/todo.txt"))
            try Data(Self.done.utf8).write(to: URL(fileURLWithPath: directory + "/done.txt"))
        }
        try example.edit(TodoFileStore(path: ours + "/todo.txt", options: example.options))
        let status = try TodoCommand.run(
            ["--file", theirs + "/todo.txt"] + example.arguments, home: theirs,
            environment: example.environment)
        #expect(status <= 1, "todo exited with \(status)")
        for name in ["todo.txt", "done.txt"] {
            #expect(
                fileText(ours + "/" + name) == fileText(theirs + "/" + name),
                "\(name) differs after \(example.arguments)")
        }
    }
}

/// The built `todo` binary, run through TestSupport's ``BuiltTodo``.
enum TodoCommand {
    /// Where it is.
    static var path: String { BuiltTodo.path }

    /// Runs it with no configuration and no history, on 2026-11-22 in UTC; returns its exit
    /// status.
    static func run(
        _ arguments: [String], home: String, environment: [String: String]
    ) throws
        -> Int32
    {
        var variables = [
            "HOME": home, "PATH": "/usr/bin:/bin", "TODOTXT_NOW": "2026-11-22T09:30:00",
            "TZ": "UTC", "LANG": "C.UTF-8",
        ]
        for (key, value) in environment { variables[key] = value }
        return try BuiltTodo.run(arguments, environment: variables).status
    }
}
