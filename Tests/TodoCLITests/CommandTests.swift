import Testing
import TodoStore
import TodoStoreTesting
import TodoTxt

@testable import TodoCLI

/// Commands run in-process against the in-memory store and a fixed clock: no disk, no real date.
struct Harness {
    let storage: InMemoryStorage
    let console = Console.capturing()
    var variables: [String: String] = ["HOME": "/home/u"]

    init(_ todo: String, done: String? = nil) {
        var files = ["/home/u/todo.txt": todo]
        if let done { files["/home/u/done.txt"] = done }
        storage = InMemoryStorage(textFiles: files)
    }

    /// Runs `todo ARGUMENTS`; returns the status.
    func run(_ arguments: String...) -> Int32 {
        let day = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)
        guard let day else { return -1 }
        let clock = FixedClock(LocalDateTime(date: day, hour: 9, minute: 30))
        let environment = Environment(
            variables: variables, programPath: "/usr/bin/todo", currentDirectory: "/home/u",
            storage: storage, clock: clock, console: console)
        return TodoCLI.run(arguments, environment: environment)
    }

    var output: String { String(decoding: console.capturedCombined, as: UTF8.self) }
    var todo: String? { storage.text("/home/u/todo.txt") }
    var done: String? { storage.text("/home/u/done.txt") }
}

@Suite struct CommandTests {
    @Test func addAppendsWithTheFileTerminatorAndReportsTheNumber() {
        let harness = Harness("(A) one\r\ntwo")
        #expect(harness.run("add", "three") == 0)
        #expect(harness.todo == "(A) one\r\ntwo\r\nthree\r\n")
        #expect(harness.output == "3 three\nTODO: 3 added.\n")
    }

    @Test func addWithDateAndDefaultPriority() {
        var harness = Harness("")
        harness.variables["TODOTXT_PRIORITY_ON_ADD"] = "B"
        #expect(harness.run("-t", "add", "(c) call") == 0)
        #expect(harness.todo == "(C) 2026-11-22 call\n")
        #expect(harness.run("-t", "add", "plain") == 0)
        #expect(harness.todo == "(C) 2026-11-22 call\n(B) 2026-11-22 plain\n")
    }

    @Test func doCompletesArchivesAndKeepsOtherLinesByteForByte() {
        let harness = Harness("(B) pay \t rent  \nx 2026-01-01 old\ncaf\u{E9}\n", done: "")
        #expect(harness.run("do", "1") == 0)
        #expect(harness.todo == "caf\u{E9}\n")
        #expect(harness.done == "x 2026-11-22 pay \t rent  \nx 2026-01-01 old\n")
        #expect(harness.output.hasPrefix("1 x 2026-11-22 pay \t rent  \nTODO: 1 marked as done.\n"))
    }

    @Test func doKeepsThePriorityAsATagWhenAsked() {
        var harness = Harness("(A) call mom\n")
        harness.variables["TODOTXT_KEEP_PRIORITY"] = "1"
        #expect(harness.run("-a", "do", "1") == 0)
        #expect(harness.todo == "x 2026-11-22 call mom pri:A\n")
    }

    @Test func priValidatesBeforeWriting() {
        let harness = Harness("one\n")
        #expect(harness.run("pri", "1", "AA") == 1)
        #expect(harness.todo == "one\n")
        #expect(harness.run("pri", "2", "A") == 1)
        #expect(harness.output.hasSuffix("TODO: No task 2.\n"))
        #expect(harness.todo == "one\n")
    }

    @Test func deleteWithoutConfirmationOnNonTerminalInputRefuses() {
        let harness = Harness("one\ntwo\n")
        #expect(harness.run("del", "1") == 1)
        #expect(harness.todo == "one\ntwo\n")
        #expect(harness.output == "\nTODO: No tasks were deleted.\n")
        #expect(harness.run("-f", "-n", "del", "1") == 0)
        #expect(harness.todo == "two\n")
    }

    @Test func aFailedWriteIsOneLineAndNothingChanges() {
        let harness = Harness("one\n")
        harness.storage.failingWrites["/home/u/todo.txt"] = StoreError(
            operation: "write", path: "/home/u/todo.txt", reason: "No space left on device")
        #expect(harness.run("add", "two") == 1)
        #expect(harness.output == "todo: cannot write /home/u/todo.txt: No space left on device\n")
        #expect(harness.todo == "one\n")
    }

    @Test func listingSortsAndNumbersLikeTodoSh() {
        let harness = Harness("b\n(B) x\n\na\n(A) y\n")
        #expect(harness.run("-p", "ls") == 0)
        #expect(harness.output == "5 (A) y\n2 (B) x\n4 a\n1 b\n--\nTODO: 4 of 4 tasks shown\n")
    }

    @Test func theClockCanBeOverriddenAndABadValueIsRejected() {
        var harness = Harness("")
        harness.variables["TODOTXT_NOW"] = "2030-02-03T04:05:06"
        #expect(harness.run("-t", "add", "x1") == 0)
        #expect(harness.todo == "2030-02-03 x1\n")
        harness.variables["TODOTXT_NOW"] = "tomorrow"
        #expect(harness.run("ls") == 2)
        #expect(
            harness.output.hasSuffix(
                "todo: invalid TODOTXT_NOW 'tomorrow'; expected YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS or @SECONDS\n"
            ))
    }

    @Test func replaceAndPrependKeepTheHeader() {
        let harness = Harness("(A) 2009-02-13 old\n")
        #expect(harness.run("replace", "1", "new") == 0)
        #expect(harness.todo == "(A) 2009-02-13 new\n")
        #expect(harness.run("prepend", "1", "very") == 0)
        #expect(harness.todo == "(A) 2009-02-13 very new\n")
    }

    @Test(arguments: [
        ("2026-11-22", "2026-11-22T00:00:00"), ("2026-11-22T23:59:60", "2026-11-22T23:59:60"),
        ("@0", "1970-01-01T00:00:00"),
    ])
    func clockValues(_ text: String, _ expected: String) {
        #expect(Clocks.parse(text)?.description == expected)
    }

    @Test(arguments: ["2026-13-01", "2026-11-22T24:00:00", "@x", "2026-11-22 10:00:00", ""])
    func badClockValues(_ text: String) {
        #expect(Clocks.parse(text) == nil)
    }
}

/// The exit status of the multi-task actions comes from the messages, not from state kept
/// across a retried store update.
@Suite struct MessagesTests {
    @Test func statusIsOneExactlyWhenAWarningWasCollected() {
        var messages = Messages()
        messages.out("1 x task")
        #expect(messages.status == 0)
        messages.err("TODO: 2 is already marked done.")
        #expect(messages.status == 1)
    }
}
