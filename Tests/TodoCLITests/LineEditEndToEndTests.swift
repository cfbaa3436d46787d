import Foundation
import TestSupport
import Testing

/// `do`, `pri`, `rm` and `replace` change one line of the file without reading the rest of it:
/// through the built binary, the file's bytes afterwards are those computed here by changing
/// that one line, whatever the file's endings, and `undo` gives the exact bytes back.
@Suite struct LineEditEndToEndTests {
    /// About 2.6 MiB: a byte order mark, CRLF on every seventh line, a line of 300,000 bytes
    /// (longer than the store's read piece) at index 20,000, no final newline.
    static let largeFile: [UInt8] = {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        for index in 0..<40_000 {
            if index == 20_000 {
                bytes += Array("long".utf8) + Array(repeating: UInt8(ascii: "o"), count: 300_000)
            } else {
                bytes += Array("task \(index) +project @context".utf8)
            }
            if index < 39_999 { bytes += index % 7 == 0 ? [0x0D, 0x0A] : [0x0A] }
        }
        return bytes
    }()

    /// Small files with every kind of ending, and the lines to edit in each (1-based).
    static let files: [(name: String, bytes: [UInt8], lines: [Int])] = [
        ("large", largeFile, [1, 20_001, 20_002, 40_000]),
        ("one line", Array("only".utf8), [1]),
        ("byte order mark", Array("\u{FEFF}a\nb\nc".utf8), [1, 3]),
        ("CRLF", Array("a\r\nb\r\nc\r\n".utf8), [1, 2, 3]),
        ("empty lines", Array("a\n\nb\n\nc".utf8), [3, 5]),
        ("a CR at a line's end", Array("a\nb\r\r\nc\r".utf8), [2, 3]),
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var command: String
        var testDescription: String { "\(command) on \(file)" }
    }

    static let cases: [Case] = files.flatMap { file in
        ["do", "pri", "rm", "replace"].map { Case(file: file.name, command: $0) }
    }

    /// A fresh directory with todo.txt holding `bytes`, and the environment of a run on it with
    /// its history in the directory and the clock at 2026-11-23.
    static func setUp(_ bytes: [UInt8]) throws -> (URL, URL, [String: String]) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("line-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let todoFile = directory.appendingPathComponent("todo.txt")
        try Data(bytes).write(to: todoFile)
        let environment = [
            "TODO_DIR": directory.path, "TODO_FILE": todoFile.path,
            "XDG_STATE_HOME": directory.appendingPathComponent("state").path,
            "TODOTXT_NOW": "2026-11-23",
        ]
        return (directory, todoFile, environment)
    }

    /// The file after `command` changed line `number`, computed here: the line's content
    /// (without the byte order mark and terminator) changed as the command changes a task
    /// without priority or date, everything else kept byte for byte.
    static func expected(_ bytes: [UInt8], command: String, number: Int) -> [UInt8] {
        var lines = linesWithTerminators(bytes)
        let raw = lines[number - 1]
        let mark = number == 1 && raw.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var terminator: [UInt8] = []
        if raw.last == 0x0A {
            terminator = raw.count - 1 > mark && raw[raw.count - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]
        }
        let content = Array(raw[mark..<(raw.count - terminator.count)])
        let new: [UInt8]
        switch command {
        case "do": new = Array("x 2026-11-23 ".utf8) + content
        case "pri": new = Array("(A) ".utf8) + content
        case "replace": new = Array("new text".utf8)
        default:
            if terminator.isEmpty {
                lines.removeLast()
                return Array(lines.joined())
            }
            new = []
        }
        // A line that now ends with CR keeps it as content: its LF becomes CR LF.
        if terminator == [0x0A] && new.last == 0x0D { terminator = [0x0D, 0x0A] }
        lines[number - 1] = Array(raw[..<mark]) + new + terminator
        return Array(lines.joined())
    }

    @Test(arguments: cases)
    func oneLineChangesAndUndoGivesTheBytesBack(_ testCase: Case) throws {
        let file = try #require(Self.files.first { $0.name == testCase.file })
        for number in file.lines {
            let (directory, todoFile, environment) = try Self.setUp(file.bytes)
            defer { try? FileManager.default.removeItem(at: directory) }
            var arguments = ["-p", "-a", "-f", testCase.command, String(number)]
            if testCase.command == "pri" { arguments.append("A") }
            if testCase.command == "replace" { arguments.append("new text") }
            let run = try BuiltTodo.run(arguments, environment: environment, history: true)
            #expect(run.status == 0, "line \(number): \(run.errorText)")
            let after = [UInt8](try Data(contentsOf: todoFile))
            #expect(
                after == Self.expected(file.bytes, command: testCase.command, number: number),
                "line \(number)")
            let undone = try BuiltTodo.run(["undo"], environment: environment, history: true)
            #expect(undone.status == 0, "line \(number): \(undone.errorText)")
            #expect([UInt8](try Data(contentsOf: todoFile)) == file.bytes, "line \(number)")
        }
    }

    /// `do` of a recurring task appends its next occurrence at the end of the file: the file is
    /// read on to its end but never held, the last line gets the first line's terminator, and
    /// `undo` gives the exact bytes back.
    @Test func aRecurringTaskDoneAppendsItsNextOccurrence() throws {
        var lines = linesWithTerminators(Self.largeFile)
        lines[100] = Array("(B) 2026-01-01 water plants rec:1w\n".utf8)
        let original = Array(lines.joined())
        let (directory, todoFile, environment) = try Self.setUp(original)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try BuiltTodo.run(
            ["-p", "-a", "do", "101"], environment: environment, history: true)
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.outputText.contains("40001 (B) 2026-11-23 water plants rec:1w due:2026-11-30"))
        lines[100] = Array("x 2026-11-23 2026-01-01 water plants rec:1w\n".utf8)
        // The first line ends with CR LF: so do the old last line and the new one.
        let expected =
            Array(lines.joined()) + [0x0D, 0x0A]
            + Array("(B) 2026-11-23 water plants rec:1w due:2026-11-30\r\n".utf8)
        #expect([UInt8](try Data(contentsOf: todoFile)) == expected)
        let undone = try BuiltTodo.run(["undo"], environment: environment, history: true)
        #expect(undone.status == 0, "\(undone.errorText)")
        #expect([UInt8](try Data(contentsOf: todoFile)) == original)
    }
}
