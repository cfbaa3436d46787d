import Foundation
import Testing

/// Runs the same commands with the real todo.sh (Debian's `todotxt-cli`, installed by `.ci/run`)
/// and with `todo`, on the same file, and compares the output and the files byte for byte.
///
/// Debian ships todo.sh 2.11.0. The cases where later versions (which `todo` follows, see
/// TodoShCompatibility.md §10) changed the behaviour are left out: the exit status of the warnings
/// (`depri` of a task without priority, `deduplicate` with nothing to do), the quoting in the `-vv`
/// debug line, the `mv` message and `ITEM#` for `NR` in usage messages. The program name in
/// messages is its basename, so `todo-txt` is read as `todo`. With todo.sh absent the argument list
/// is empty.
@Suite struct TodoShDifferentialTests {
    static let todoSh = "/usr/bin/todo-txt"

    static let file = """
        (B) bee +proj @ctx due:2026-01-01
        zeta 2020-01-01
        _under
        (a) lower
        Apple @home

        2 things
        10 things
        42
        banana +x
        [bracket
        (A) ay
        x 2020-01-01 done
        \tindented
        (D) dee
        Éclair au café +food
        lost+found seti@home

        """

    static let commands: [String] =
        FileManager.default.isExecutableFile(atPath: todoSh)
        ? [
            "ls", "-p ls", "ls b", "-p ls -b", "-p ls 'b\\|z'", "-p lsp", "-p lsp A-B", "-p lsp b",
            "-p lsa", "-p lsa e", "lsc", "lsprj", "-p -P ls", "-p -@ ls", "-p -+ ls",
            "-p ls ÉCLAIR",
            "pri 2 C", "pri 1 A", "p 4 b", "depri 1", "-a do 3",
            "-a do 1,2", "-f del 3", "-f -n del 3", "del 1 bee", "del 1 nothere", "append 2 more",
            "append 2 ,comma", "prepend 1 front", "prepend 2 front", "replace 1 new text",
            "replace 2 '(C) newpri'", "-t add hello", "add '(c) lower'", "addm 'one\ntwo'",
            "-A do 1", "archive", "do 99", "depri 6", "-f del 6",
            "listfile todo.txt", "-p lf todo z",
        ] : []

    static func run(_ program: String, _ arguments: String, in directory: URL) throws -> String {
        let config = directory.appendingPathComponent("cfg").path
        let result = try TodoBinary.shell(
            "\(program) -d '\(config)' \(arguments)", in: directory,
            environment: TodoBinary.environment(home: directory, extra: ["TODOTXT_NOW": ""]))
        let files = try ["todo.txt", "done.txt"].map {
            try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)
        }
        return result.output + "|status \(result.status)|" + files.joined(separator: "|")
    }

    static func prepare() throws -> URL {
        let directory = try TodoBinary.temporaryDirectory()
        let config = """
            export TODO_DIR='\(directory.path)'
            export TODO_FILE="$TODO_DIR/todo.txt"
            export DONE_FILE="$TODO_DIR/done.txt"
            export REPORT_FILE="$TODO_DIR/report.txt"

            """
        try config.write(
            to: directory.appendingPathComponent("cfg"), atomically: false, encoding: .utf8)
        try file.write(
            to: directory.appendingPathComponent("todo.txt"), atomically: false, encoding: .utf8)
        for name in ["done.txt", "report.txt"] {
            try "".write(
                to: directory.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        return directory
    }

    @Test(arguments: commands)
    func sameOutputAndFilesAsTodoSh(_ arguments: String) throws {
        let theirs = try Self.prepare()
        let ours = try Self.prepare()
        defer {
            try? FileManager.default.removeItem(at: theirs)
            try? FileManager.default.removeItem(at: ours)
        }
        let expected = try Self.run(Self.todoSh, arguments, in: theirs)
            .replacingOccurrences(of: theirs.path, with: "$DIR")
            .replacingOccurrences(of: "todo-txt", with: "todo")
        let actual = try Self.run(TodoBinary.path, arguments, in: ours)
            .replacingOccurrences(of: ours.path, with: "$DIR")
        #expect(actual == expected)
    }
}
