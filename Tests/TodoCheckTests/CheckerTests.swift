import Testing

@testable import TodoCheck

/// One file and the one diagnostic it must produce.
struct CheckCase: CustomTestStringConvertible, Sendable {
    var name: String
    var file: [UInt8]
    var line: Int
    var column: Int
    var message: String

    init(_ name: String, _ file: String, line: Int = 1, column: Int, _ message: String) {
        self.init(name, bytes: Array(file.utf8), line: line, column: column, message)
    }

    init(_ name: String, bytes: [UInt8], line: Int = 1, column: Int, _ message: String) {
        self.name = name
        self.file = bytes
        self.line = line
        self.column = column
        self.message = message
    }

    var testDescription: String { name }
}

@Suite struct CheckerTests {
    static let cases: [CheckCase] = [
        CheckCase(
            "upper-case X", "X call mom\n", column: 1,
            "'X ' does not mark a task done; write a lower-case 'x '"),
        CheckCase(
            "x and a tab", "x\tcall mom\n", column: 1,
            "'x' and a tab do not mark a task done; write 'x' and one space"),
        CheckCase(
            "lower-case priority", "(b) call mom\n", column: 1,
            "'(b)' is not a priority; priorities are upper-case, '(B)'"),
        CheckCase(
            "lower-case priority at end of line", "(z)\n", column: 1,
            "'(z)' is not a priority; priorities are upper-case, '(Z)'"),
        CheckCase(
            "priority without its space", "(A)call mom\n", column: 4,
            "'(A)' is a priority only when one space follows it"),
        CheckCase(
            "priority followed by a tab", "(C)\tcall mom\n", column: 4,
            "'(C)' is a priority only when one space follows it"),
        CheckCase(
            "completed task with a priority", "x (A) call mom\n", column: 3,
            "a completed task has no priority: '(A)' is text here; keep it as pri:A"),
        CheckCase(
            "completed task with dates and a priority", "x 2024-05-02 2024-05-01 (B) call\n",
            column: 25,
            "a completed task has no priority: '(B)' is text here; keep it as pri:B"),
        CheckCase(
            "invalid creation date", "2023-02-29 call mom\n", column: 1,
            "invalid date '2023-02-29', there is no such day"),
        CheckCase(
            "invalid creation date after a priority", "(A) 2024-04-31 call mom\n", column: 5,
            "invalid date '2024-04-31', there is no such day"),
        CheckCase(
            "malformed creation date", "(A) 2024-5-1 call mom\n", column: 5,
            "malformed date '2024-5-1'; write YYYY-MM-DD"),
        CheckCase(
            "invalid completion date", "x 2024-13-01 call mom\n", column: 3,
            "invalid date '2024-13-01', there is no such day"),
        CheckCase(
            "invalid creation date of a completed task", "x 2024-05-01 2024-00-10 call\n",
            column: 14, "invalid date '2024-00-10', there is no such day"),
        CheckCase(
            "invalid due date", "call mom due:2024-02-30\n", column: 14,
            "invalid date '2024-02-30' in due:, there is no such day"),
        CheckCase(
            "malformed due date", "(A) call due:2024-1-05 now\n", column: 14,
            "'2024-1-05' in due: is not a date; write YYYY-MM-DD"),
        CheckCase(
            "word in a threshold tag", "call t:tomorrow\n", column: 8,
            "'tomorrow' in t: is not a date; write YYYY-MM-DD"),
        CheckCase(
            "date pushed by two spaces after a priority", "(A)  2024-01-01 call\n", column: 6,
            "the date 2024-01-01 is text, not a header date: remove the extra space before it"),
        CheckCase(
            "date pushed by two spaces after x", "x  2024-01-01 call\n", column: 4,
            "the date 2024-01-01 is text, not a header date: remove the extra space before it"),
        CheckCase(
            "creation date pushed by two spaces", "x 2024-01-02  2024-01-01 call\n", column: 15,
            "the date 2024-01-01 is text, not a header date: remove the extra space before it"),
        CheckCase(
            "creation after completion", "x 2024-05-01 2024-05-03 call mom\n", column: 14,
            "the creation date 2024-05-03 is after the completion date 2024-05-01"),
        CheckCase(
            "mixed line endings", "first\r\nsecond\n", line: 2, column: 7,
            "mixed line endings: this line ends with LF but line 1 ends with CRLF"),
        CheckCase(
            "missing final newline", "first\nsecond", line: 2, column: 7,
            "no newline at end of file"),
        CheckCase(
            "invalid UTF-8", bytes: Array("caf".utf8) + [0xE9] + Array(" au lait\n".utf8),
            column: 4, "invalid UTF-8 (byte 0xE9)"),
        CheckCase(
            "truncated UTF-8 sequence", bytes: Array("ab".utf8) + [0xE2, 0x82] + [0x0A],
            column: 3, "invalid UTF-8 (byte 0xE2)"),
        CheckCase(
            "encoded surrogate", bytes: [0x61, 0xED, 0xA0, 0x80, 0x0A], column: 2,
            "invalid UTF-8 (byte 0xED)"),
        CheckCase("trailing spaces", "call mom  \n", column: 9, "trailing whitespace"),
        CheckCase("trailing tab", "call mom\t\n", column: 9, "trailing whitespace"),
        CheckCase(
            "exact duplicate", "call mom\npay rent\ncall mom\n", line: 3, column: 1,
            "duplicate of line 1"),
    ]

    @Test(arguments: cases)
    func diagnostic(_ example: CheckCase) {
        let found = Checker.check(example.file)
        #expect(found.map(\.line) == [example.line])
        #expect(found.map(\.column) == [example.column])
        #expect(found.map(\.message) == [example.message])
    }

    @Test(arguments: [
        "(A) 2024-05-01 call mom +family @phone due:2024-05-03\n",
        "x 2024-05-02 2024-05-01 call mom pri:A\n",
        "x 2024-05-02 call mom\n\n\nwater plants t:2024-06-01\n",
        "first\r\nsecond\r\n",
        "café au lait 1-2-3 go 12-05-2024\n",
        "(A) 2024-01-15\n",
        "",
        "\u{FEFF}(A) with a byte order mark\n",
        "call mom\n\n\n",
    ])
    func clean(_ file: String) {
        #expect(Checker.check(Array(file.utf8)).isEmpty)
    }

    @Test func severalDiagnosticsAreOrderedByLineAndColumn() {
        let found = Checker.check(Array("X thing  \nok\nok".utf8))
        #expect(found.map { [$0.line, $0.column] } == [[1, 1], [1, 8], [3, 1], [3, 3]])
    }

    /// Random files of a few repeated lines (blank ones, CRLF, long and short ones, lines that
    /// differ in one byte past the eighth): `check` gives exactly the per-line diagnostics plus
    /// a duplicate finding for every non-blank line that equals an earlier one, naming the first.
    @Test func duplicatesMatchASimpleModelOnRandomFiles() {
        let pool = [
            "call mom", "call mon", "call mom ", "", "  ", "\t", "water the plants today",
            "water the plants todax", "x 2024-05-02 done", "(A) first", "a", "b",
        ]
        var generator = SplitMix(seed: 42)
        for _ in 0..<200 {
            let count = Int(generator.next() % 40)
            var lines: [String] = []
            var text = ""
            for index in 0..<count {
                let line = pool[Int(generator.next() % UInt64(pool.count))]
                lines.append(line)
                text += line
                if index < count - 1 || generator.next() % 2 == 0 {
                    text += generator.next() % 5 == 0 ? "\r\n" : "\n"
                }
            }
            let found = Checker.check(Array(text.utf8))
            let duplicates = found.filter { $0.rule == .duplicateTask }
            var expected: [Int: Int] = [:]
            for (index, line) in lines.enumerated()
            where !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if let first = lines[..<index].firstIndex(of: line) {
                    expected[index + 1] = first + 1
                }
            }
            #expect(duplicates.count == expected.count, "\(lines)")
            for duplicate in duplicates {
                #expect(duplicate.message == "duplicate of line \(expected[duplicate.line] ?? 0)")
            }
            let places = found.map { [$0.line, $0.column] }
            #expect(places == places.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) })
        }
    }
}

/// A small deterministic random number generator for the tests.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
