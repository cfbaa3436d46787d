import Foundation
import Testing
import TodoTxt

@testable import TodoQuery

/// Runs `format` over the given lines of a file and returns the output as a string.
func render(_ format: OutputFormat, _ file: String, lines: [Int]) -> String {
    var output: [UInt8] = []
    format.write(lines: lines, of: TodoList(parsing: file), into: &output)
    return String(decoding: output, as: UTF8.self)
}

@Suite struct OutputFormatTests {
    static let file = """
        (A) 2024-05-01 Call Mom +family @phone due:2024-05-03
        x 2024-05-02 2024-05-01 pay rent pri:B
        plain task, with "quotes"

        """

    @Test func textPadsNumbersToTheWidthOfTheLineCount() {
        let twelve = (1...12).map { "task \($0)" }.joined(separator: "\n")
        #expect(render(.text, twelve, lines: [2, 11]) == "03 task 3\n12 task 12\n")
        #expect(render(.text, "a\nb", lines: [1]) == "2 b\n")
    }

    @Test func todotxtPrintsTheLinesAlone() {
        #expect(render(.todotxt, "a\r\nb\r\n", lines: [1, 0]) == "b\na\n")
    }

    @Test func jsonIsOneValidArray() throws {
        let text = render(.json, OutputFormatTests.file, lines: [0, 1])
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let records = try #require(parsed as? [[String: Any]])
        #expect(records.count == 2)
        #expect(records[0]["line"] as? Int == 1)
        #expect(records[0]["priority"] as? String == "A")
        #expect(records[0]["due"] as? String == "2024-05-03")
        #expect(records[0]["projects"] as? [String] == ["family"])
        #expect(records[1]["done"] as? Bool == true)
        #expect(records[1]["priority"] is NSNull)
        #expect(records[1]["raw"] as? String == "x 2024-05-02 2024-05-01 pay rent pri:B")
    }

    @Test func jsonlIsOneObjectPerLine() throws {
        let text = render(.jsonl, OutputFormatTests.file, lines: [2, 0])
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
            #expect(parsed is [String: Any])
        }
        #expect(lines[0].hasPrefix(#"{"line":3,"#))
    }

    @Test(arguments: ["json", "jsonl", "csv", "text", "todotxt", "{line}"])
    func emptyResultPrintsOnlyTheContainer(name: String) throws {
        let format = try OutputFormat(parsing: name)
        let expected =
            switch name {
            case "json": "[]\n"
            case "csv": OutputFormat.csvColumns.joined(separator: ",") + "\r\n"
            default: ""
            }
        #expect(render(format, OutputFormatTests.file, lines: []) == expected)
    }

    /// Lines with every byte JSON must escape, and bytes that are not UTF-8.
    static let awkwardLines: [[UInt8]] = [
        Array("tab\there \"quoted\" back\\slash".utf8),
        [0x61, 0x01, 0x1F, 0x7F, 0x62],
        [0x63, 0x0D, 0x64],
        [0x66, 0xFF, 0xFE, 0x67],
        [0xC3, 0x28, 0x20, 0x2B, 0xE2, 0x82],
        Array("é +über @日本".utf8),
    ]

    @Test(arguments: awkwardLines)
    func jsonIsValidForAnyBytes(line: [UInt8]) throws {
        var output: [UInt8] = []
        OutputFormat.json.write(lines: [0], of: TodoList(bytes: line + [0x0A]), into: &output)
        #expect(String(validating: output, as: UTF8.self) != nil)
        let parsed = try JSONSerialization.jsonObject(with: Data(output))
        let record = try #require((parsed as? [[String: Any]])?.first)
        let raw = try #require(record["raw"] as? String)
        // Valid UTF-8 comes back unchanged; each invalid sequence becomes U+FFFD.
        #expect(raw == String(decoding: line, as: UTF8.self))
        #expect(!output.contains(where: { $0 < 0x20 && $0 != 0x0A }))
    }

    @Test func csvQuotesCommasQuotesAndLineBreaks() {
        let file = "plain\nwith, comma\nsay \"hi\"\ncarriage\rreturn\n"
        let text = render(.csv, file, lines: [0, 1, 2, 3])
        let rows = text.components(separatedBy: "\r\n")
        #expect(
            rows[0]
                == "line,done,priority,completionDate,creationDate,description,projects,contexts,tags,due,t,raw"
        )
        #expect(rows[1] == "1,false,,,,plain,,,,,,plain")
        #expect(rows[2] == "2,false,,,,\"with, comma\",,,,,,\"with, comma\"")
        #expect(rows[3] == "3,false,,,,\"say \"\"hi\"\"\",,,,,,\"say \"\"hi\"\"\"")
        #expect(rows[4] == "4,false,,,,\"carriage\rreturn\",,,,,,\"carriage\rreturn\"")
        #expect(rows.count == 6 && rows[5].isEmpty)
    }

    @Test func csvFillsEveryColumn() {
        let text = render(.csv, OutputFormatTests.file, lines: [0, 1])
        let rows = text.components(separatedBy: "\r\n")
        #expect(
            rows[1]
                == "1,false,A,,2024-05-01,Call Mom +family @phone due:2024-05-03,family,phone,due:2024-05-03,2024-05-03,,(A) 2024-05-01 Call Mom +family @phone due:2024-05-03"
        )
        #expect(
            rows[2]
                == "2,true,,2024-05-02,2024-05-01,pay rent pri:B,,,pri:B,,,x 2024-05-02 2024-05-01 pay rent pri:B"
        )
    }

    @Test func csvKeepsInvalidBytes() {
        var output: [UInt8] = []
        OutputFormat.csv.write(lines: [0], of: TodoList(bytes: [0x61, 0xFF]), into: &output)
        // The description and raw columns hold the bytes as they are.
        #expect(Array(output.suffix(5)) == [0x2C, 0x61, 0xFF, 0x0D, 0x0A])
        #expect(String(validating: output, as: UTF8.self) == nil)
    }

    static let templates: [(String, Int, String)] = [
        ("{line} {pri} {text}", 0, "1 A Call Mom +family @phone due:2024-05-03\n"),
        ("{line}:{raw}", 2, "3:plain task, with \"quotes\"\n"),
        ("{pri}|{created}|{completed}", 1, "B|2024-05-01|2024-05-02\n"),
        ("{due}|{t}|{projects}|{contexts}", 0, "2024-05-03||family|phone\n"),
        ("[{tag:due}] [{tag:none}]", 0, "[2024-05-03] []\n"),
        ("{{{line}}} }", 0, "{1} }\n"),
        ("no fields {line}", 2, "no fields 3\n"),
    ]

    @Test(arguments: templates)
    func rendersTemplate(template: String, line: Int, expected: String) throws {
        let format = try OutputFormat(parsing: template)
        #expect(render(format, OutputFormatTests.file, lines: [line]) == expected)
    }

    static let badFormats: [(String, String)] = [
        ("xml", "unknown format 'xml'"),
        ("", "unknown format ''"),
        ("JSON", "unknown format 'JSON'"),
        ("{lines}", "unknown format field '{lines}'"),
        ("{tag:}", "unknown format field '{tag:}'"),
        ("{line", "unterminated field '{line' in format"),
        ("{line} {", "unterminated field '{' in format"),
    ]

    @Test(arguments: badFormats)
    func rejectsFormat(text: String, message: String) {
        do {
            _ = try OutputFormat(parsing: text)
            Issue.record("'\(text)' should not parse")
        } catch {
            #expect(error.message == message)
            #expect(!error.expected.isEmpty)
        }
    }
}
