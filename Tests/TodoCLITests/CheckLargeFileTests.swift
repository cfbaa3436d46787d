import Foundation
import TestSupport
import Testing

/// `todo check` on a file large enough to be read in two halves on two threads, through the
/// built binary: a few planted findings among 40,000 clean lines, one of them a line repeated
/// from the first half in the second, one a CRLF line among LF lines (both settled by a second
/// read), and the last line without its line feed.
@Suite struct CheckLargeFileTests {
    static let lineCount = 40_000

    /// About 2.6 MB of clean, distinct lines, with the findings planted.
    static let file: [UInt8] = {
        var bytes: [UInt8] = []
        for number in 1...lineCount {
            let line: String
            switch number {
            case 3: line = "X planted upper case"
            case 5, 39_990: line = "same words here +home"
            case 25_000: line = "x 2026-01-01 2026-02-01 created after it was done"
            case 35_000: line = "trailing  "
            case lineCount: line = "the last line"
            default:
                switch number % 3 {
                case 0: line = "x 2026-01-02 2026-01-01 done number \(number) @home +garden"
                case 1: line = "(B) 2026-03-04 task \(number) café due:2026-05-06 t:2026-04-01"
                default: line = "call number \(number) about the Zürich report +work @phone"
                }
            }
            bytes += Array(line.utf8)
            if number == 30_000 { bytes.append(0x0D) }
            if number < lineCount { bytes.append(0x0A) }
        }
        return bytes
    }()

    /// What `todo check` prints for `file`, named `name`.
    static func expected(_ name: String) -> String {
        let crlfLine = "x 2026-01-02 2026-01-01 done number 30000 @home +garden"
        return [
            "\(name):3:1: warning: 'X ' does not mark a task done; write a lower-case 'x '",
            "\(name):25000:14: warning: the creation date 2026-02-01 is after the completion date 2026-01-01",
            "\(name):30000:\(crlfLine.utf8.count + 1): warning: mixed line endings: this line ends with CRLF but line 1 ends with LF",
            "\(name):35000:9: warning: trailing whitespace",
            "\(name):39990:1: warning: duplicate of line 5",
            "\(name):40000:14: warning: no newline at end of file",
        ].map { $0 + "\n" }.joined()
    }

    static func environment(_ home: String) -> [String: String] {
        ["HOME": home, "TODO_FILE": home + "/todo.txt", "PATH": "/usr/bin:/bin"]
    }

    @Test func findingsOfALargeFileAreThoseOfItsLines() throws {
        #expect(Self.file.count > 1 << 21)
        let home = NSTemporaryDirectory() + "check-large-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/big.txt"
        try Data(Self.file).write(to: URL(fileURLWithPath: path))
        let fromFile = try BuiltTodo.run(
            ["check", path], environment: Self.environment(home), in: home)
        #expect(fromFile.status == 1)
        #expect(fromFile.errorText == "")
        #expect(fromFile.outputText == Self.expected(path))
        let fromInput = try BuiltTodo.run(
            ["check", "-"], environment: Self.environment(home), in: home, input: Self.file)
        #expect(fromInput.status == 1)
        #expect(fromInput.outputText == Self.expected("-"))
        let json = try BuiltTodo.run(
            ["check", "--format", "json", path], environment: Self.environment(home), in: home)
        #expect(json.outputText.split(separator: "\n").count == 6 + 2)
        #expect(json.outputText.contains(#""line":39990,"column":1,"#))
        #expect(
            json.outputText.contains(#""rule":"duplicate-task","message":"duplicate of line 5""#))
    }
}
