import Testing
import TodoTxt

@testable import TodoCheck

/// One line, the rule it breaks, the exact byte range, and the line after its fix (`nil` when
/// the finding has no fix).
struct RuleCase: CustomTestStringConvertible, Sendable {
    var line: [UInt8]
    var rule: Rule
    var range: Range<Int>
    var fixed: String?

    init(_ line: String, _ rule: Rule, _ range: Range<Int>, fixed: String?) {
        self.init(bytes: Array(line.utf8), rule, range, fixed: fixed)
    }

    init(bytes: [UInt8], _ rule: Rule, _ range: Range<Int>, fixed: String?) {
        self.line = bytes
        self.rule = rule
        self.range = range
        self.fixed = fixed
    }

    var testDescription: String { "\(rule.rawValue): \(String(decoding: line, as: UTF8.self))" }
}

@Suite struct RuleTests {
    static let today = LocalDate(year: 2026, month: 11, day: 23)

    static let cases: [RuleCase] = [
        RuleCase("X call mom", .uppercaseDoneMark, 1..<2, fixed: "x call mom"),
        RuleCase("x\tcall mom", .tabAfterDoneMark, 1..<3, fixed: "x call mom"),
        RuleCase("(b) call mom", .lowercasePriority, 1..<4, fixed: "(B) call mom"),
        RuleCase("(A)call mom", .priorityWithoutSpace, 4..<4, fixed: "(A) call mom"),
        RuleCase("(C)\tcall mom", .priorityWithoutSpace, 4..<5, fixed: "(C) call mom"),
        RuleCase("x (A) call mom", .priorityOnDoneTask, 3..<6, fixed: "x call mom pri:A"),
        RuleCase("x 2024-05-01 2024-05-03 call", .creationAfterCompletion, 14..<24, fixed: nil),
        RuleCase("2023-02-29 call mom", .invalidDate, 1..<11, fixed: nil),
        RuleCase("(A) 2024-5-1 call mom", .malformedDate, 5..<13, fixed: "(A) 2024-05-01 call mom"),
        RuleCase("call due:2024-02-30", .invalidDate, 10..<20, fixed: nil),
        RuleCase(
            "call due:2024-1-05 now", .malformedDate, 10..<19, fixed: "call due:2024-01-05 now"),
        RuleCase("call due:someday", .malformedDate, 10..<17, fixed: nil),
        RuleCase("call t:tomorrow", .relativeDate, 8..<16, fixed: "call t:2026-11-24"),
        RuleCase("call due:fri x", .relativeDate, 10..<13, fixed: "call due:2026-11-27 x"),
        RuleCase("(A)  2024-01-01 call", .spacedHeaderDate, 6..<16, fixed: "(A) 2024-01-01 call"),
        RuleCase("call mom \t ", .trailingWhitespace, 9..<12, fixed: "call mom"),
        RuleCase(bytes: Array("caf".utf8) + [0xE9], .invalidUTF8, 4..<5, fixed: nil),
        // Emoji and CJK before the finding: columns are bytes.
        RuleCase("📞 電話 due:2024-02-30", .invalidDate, 17..<27, fixed: nil),
    ]

    @Test(arguments: cases)
    func ruleRangeAndFix(_ example: RuleCase) throws {
        let found = Checker.checkLine(example.line[...], number: 7, today: Self.today)
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.line == 7)
        #expect(diagnostic.rule == example.rule)
        #expect(diagnostic.column..<diagnostic.endColumn == example.range)
        #expect(diagnostic.rule.isPerLine)
        let fixed = diagnostic.fix.map {
            String(decoding: $0.applied(to: example.line), as: UTF8.self)
        }
        #expect(fixed == example.fixed)
        if let fixed {
            // A fix repairs the finding: the fixed line is clean.
            #expect(Checker.checkLine(Array(fixed.utf8)[...], number: 7, today: Self.today).isEmpty)
        }
    }

    @Test func relativeDateMessageSuggestsTheDateItMeansToday() {
        let found = Checker.checkLine(
            Array("pay due:Friday t:3d".utf8)[...], number: 1, today: Self.today)
        #expect(
            found.map(\.message) == [
                "'Friday' in due: is a relative date; write 2026-11-27 (what it means today)",
                "'3d' in t: is a relative date; write 2026-11-26 (what it means today)",
            ])
    }

    @Test func relativeDateHasNoFixWithoutToday() throws {
        let found = Checker.checkLine(Array("call due:tomorrow".utf8)[...], number: 1)
        #expect(found.map(\.rule) == [.relativeDate])
        #expect(found.first?.fix == nil)
    }

    @Test func fileLevelRulesAreSeparateFromLineRules() {
        let file = Array("call mom\r\ncall mom\nlast".utf8)
        let found = Checker.check(file)
        #expect(
            found.map(\.rule) == [.duplicateTask, .mixedLineEndings, .missingFinalNewline])
        #expect(found.allSatisfy { !$0.rule.isPerLine })
        #expect(
            found.map { [$0.line, $0.column, $0.endColumn] } == [
                [2, 1, 9], [2, 9, 9], [3, 5, 5],
            ])
        // The missing newline's fix uses the file's first line end.
        #expect(found.last?.fix == Fix(column: 5, endColumn: 5, replacement: [0x0D, 0x0A]))
    }

    @Test func checkIsTheSumOfLineAndFileChecks() {
        let text = "X a  \n(b) b due:2024-13-01\nX a  \nc"
        let bytes = Array(text.utf8)
        let found = Checker.check(bytes)
        #expect(found == ReferenceCheck.check(bytes))
        #expect(
            found.map(\.rule) == [
                .uppercaseDoneMark, .trailingWhitespace, .lowercasePriority, .invalidDate,
                .uppercaseDoneMark, .duplicateTask, .trailingWhitespace, .missingFinalNewline,
            ])
    }

    @Test func ruleNamesAreStableAndUnique() {
        let names = Rule.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(names.contains("uppercase-done-mark"))
        #expect(names.allSatisfy { $0.allSatisfy { $0 == "-" || $0.isLowercase || $0.isNumber } })
    }
}
