import Foundation
import Testing

/// `todo export` through the built binary, on files whose bytes are easy to lose.
@Suite struct ExportEndToEndTests {
    struct FileCase: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }
    }

    static let files: [FileCase] = [
        FileCase(name: "CRLF", bytes: Array("(A) one +p\r\nx 2026-01-02 two\r\n\r\nthree".utf8)),
        FileCase(
            name: "BOM", bytes: [0xEF, 0xBB, 0xBF] + Array("x 2026-01-02 done\n(B) next\n".utf8)),
        FileCase(name: "no final newline", bytes: Array("a\nb".utf8)),
        FileCase(
            name: "invalid UTF-8",
            bytes: Array("caf".utf8) + [0xE9] + Array(" latin1 +proj\n\u{7}bell\n".utf8)),
        FileCase(
            name: "mixed terminators and blanks", bytes: Array("a\r\n\n \t\nb\r\r\n\rc\r".utf8)),
        FileCase(name: "empty", bytes: []),
        FileCase(name: "NUL and U+2028", bytes: Array("nul\u{0}byte\nsep\u{2028}arator\n".utf8)),
    ]

    static func run(_ arguments: String, file: [UInt8]) throws -> (output: Data, status: Int32) {
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let path = home.appendingPathComponent("input.txt")
        try Data(file).write(to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TodoBinary.path)
        process.arguments = arguments.split(separator: " ").map(String.init) + [path.path]
        process.environment = TodoBinary.environment(home: home)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (data, process.terminationStatus)
    }

    @Test(arguments: files)
    func todotxtFormatReproducesTheFileByteForByte(_ file: FileCase) throws {
        let result = try Self.run("export --format todotxt", file: file.bytes)
        #expect(result.status == 0)
        #expect(Array(result.output) == file.bytes)
    }

    @Test(arguments: files)
    func jsonlHasOneValidRecordPerPhysicalLine(_ file: FileCase) throws {
        let result = try Self.run("export --format jsonl", file: file.bytes)
        #expect(result.status == 0)
        let lines = result.output.split(separator: 0x0A)
        var body =
            file.bytes.starts(with: [0xEF, 0xBB, 0xBF])
            ? Array(file.bytes.dropFirst(3)) : file.bytes
        if body.last == 0x0A { body.removeLast() }
        let expectedCount =
            file.bytes.isEmpty
            ? 0 : body.split(separator: 0x0A, omittingEmptySubsequences: false).count
        #expect(lines.count == expectedCount)
        for (index, line) in lines.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            #expect(object?["line"] as? Int == index + 1)
            #expect(object?["raw"] is String)
        }
    }

    @Test func jsonRecordsCarryTheParsedFields() throws {
        let file = Array(
            "(A) 2026-11-01 Call Mom +family @phone due:2026-11-30 due:bad\r\nx 2026-11-02 2026-10-01 done pri:B\n"
                .utf8)
        let result = try Self.run("export --format json", file: file)
        #expect(result.status == 0)
        let records = try #require(
            try JSONSerialization.jsonObject(with: result.output) as? [[String: Any]])
        #expect(records.count == 2)
        #expect(records[0]["priority"] as? String == "A")
        #expect(records[0]["creationDate"] as? String == "2026-11-01")
        #expect(
            records[0]["raw"] as? String
                == "(A) 2026-11-01 Call Mom +family @phone due:2026-11-30 due:bad")
        #expect(
            records[0]["description"] as? String == "Call Mom +family @phone due:2026-11-30 due:bad"
        )
        #expect(records[0]["projects"] as? [String] == ["family"])
        #expect(records[0]["contexts"] as? [String] == ["phone"])
        #expect(records[0]["tags"] as? [[String]] == [["due", "2026-11-30"], ["due", "bad"]])
        #expect(records[0]["due"] as? String == "2026-11-30")
        #expect(records[0]["t"] == nil)
        #expect(records[1]["done"] as? Bool == true)
        #expect(records[1]["priority"] is NSNull)
        #expect(records[1]["completionDate"] as? String == "2026-11-02")
        #expect(records[1]["creationDate"] as? String == "2026-10-01")
    }

    @Test func invalidUTF8IsReplacedInJSONAndEscapesAreValid() throws {
        let file = Array("caf".utf8) + [0xE9] + Array(" \"quoted\" back\\slash \u{1}ctl\n".utf8)
        let result = try Self.run("export --format jsonl", file: file)
        let object = try #require(
            try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        #expect(object["raw"] as? String == "caf\u{FFFD} \"quoted\" back\\slash \u{1}ctl")
    }

    @Test func standardInputAndErrors() throws {
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = TodoBinary.environment(home: home)
        let piped = try TodoBinary.shell(
            "printf 'a\\r\\nb' | todo export --format todotxt - | od -An -c | tr -s ' '", in: home,
            environment: environment)
        #expect(piped.output == " a \\r \\n b\n")
        let missing = try TodoBinary.shell(
            "todo export nothere.txt", in: home, environment: environment)
        #expect(missing.status == 1)
        #expect(missing.output.contains("nothere.txt"))
        let badFormat = try TodoBinary.shell(
            "todo export --format xml", in: home, environment: environment)
        #expect(badFormat.status == 2)
        #expect(
            badFormat.output
                == "todo: export: unknown format 'xml'; expected jsonl, json, todotxt\n")
    }
}
