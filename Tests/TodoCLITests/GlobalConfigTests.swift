import Testing
import TodoStore
import TodoStoreTesting
import TodoTxt

@testable import TodoCLI

/// The global config: upstream's `/etc/todo/config`, else the one Debian's and Ubuntu's
/// packaged todo.sh reads, `/etc/todo-txt/config` (TodoShCompatibility.md §3.1).
@Suite struct GlobalConfigTests {
    static let debian = """
        export TODO_DIR=~/.todo-txt
        export TODO_FILE="$TODO_DIR/todo.txt"
        export DONE_FILE="$TODO_DIR/done.txt"
        export REPORT_FILE="$TODO_DIR/report.txt"

        """

    /// Runs `todo -p ls` with these files and variables; returns the output.
    func list(_ files: [String: String], variables: [String: String] = [:]) -> String {
        let storage = InMemoryStorage(textFiles: files)
        let console = Console.capturing()
        let day = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)
        guard let day else { return "" }
        let environment = Environment(
            variables: ["HOME": "/home/u"].merging(variables) { $1 }, programPath: "/usr/bin/todo",
            currentDirectory: "/home/u", storage: storage,
            clock: FixedClock(LocalDateTime(date: day, hour: 9, minute: 30)), console: console)
        let status = TodoCLI.run(["-p", "ls"], environment: environment)
        return String(decoding: console.capturedCombined, as: UTF8.self) + "status \(status)"
    }

    @Test func debiansConfigIsReadWhenUpstreamsIsAbsent() {
        let files = [
            "/etc/todo-txt/config": Self.debian, "/home/u/.todo-txt/todo.txt": "debian task\n",
            "/home/u/todo.txt": "home task\n",
        ]
        #expect(list(files) == "1 debian task\n--\nTODO: 1 of 1 tasks shown\nstatus 0")
    }

    @Test func upstreamsConfigComesFirst() {
        let files = [
            "/etc/todo-txt/config": Self.debian, "/home/u/.todo-txt/todo.txt": "debian task\n",
            "/etc/todo/config": "export TODO_DIR=/srv/todo\n", "/srv/todo/todo.txt": "upstream\n",
        ]
        #expect(list(files) == "1 upstream\n--\nTODO: 1 of 1 tasks shown\nstatus 0")
    }

    @Test func aGlobalConfigNamedByTheEnvironmentReplacesBoth() {
        let files = [
            "/etc/todo-txt/config": Self.debian, "/home/u/.todo-txt/todo.txt": "debian task\n",
            "/home/u/todo.txt": "home task\n",
        ]
        #expect(
            list(files, variables: ["TODOTXT_GLOBAL_CFG_FILE": "/nowhere"])
                == "1 home task\n--\nTODO: 1 of 1 tasks shown\nstatus 0")
    }
}
