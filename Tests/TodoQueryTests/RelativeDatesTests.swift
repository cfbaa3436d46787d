import Testing
import TodoTxt

@testable import TodoQuery

@Suite struct RelativeDatesTests {
    /// Today in these tests: Wednesday 2024-05-15.
    static let today = wednesday

    /// Every word and offset form of the vocabulary, with the date it names.
    static let words: [(String, String)] = [
        ("today", "2024-05-15"), ("tomorrow", "2024-05-16"), ("yesterday", "2024-05-14"),
        ("mon", "2024-05-20"), ("tue", "2024-05-21"), ("wed", "2024-05-22"), ("thu", "2024-05-16"),
        ("fri", "2024-05-17"), ("sat", "2024-05-18"), ("sun", "2024-05-19"),
        ("monday", "2024-05-20"), ("tuesday", "2024-05-21"), ("wednesday", "2024-05-22"),
        ("thursday", "2024-05-16"), ("friday", "2024-05-17"), ("saturday", "2024-05-18"),
        ("sunday", "2024-05-19"),
        ("eow", "2024-05-19"), ("eom", "2024-05-31"), ("eoy", "2024-12-31"),
        ("+3d", "2024-05-18"), ("-2w", "2024-05-01"), ("+1m", "2024-06-15"), ("+1y", "2025-05-15"),
        ("+5b", "2024-05-22"), ("3d", "2024-05-18"), ("2w", "2024-05-29"), ("1m", "2024-06-15"),
        ("1y", "2025-05-15"), ("5b", "2024-05-22"), ("-1d", "2024-05-14"),
        // Any case for the words.
        ("Friday", "2024-05-17"), ("FRIDAY", "2024-05-17"), ("TOMORROW", "2024-05-16"),
        ("Fri", "2024-05-17"), ("EOM", "2024-05-31"), ("Today", "2024-05-15"),
    ]

    @Test func theTableCoversTheWholeVocabulary() {
        let covered = Set(RelativeDatesTests.words.map { $0.0 })
        for word in DateValue.vocabulary { #expect(covered.contains(word), "\(word)") }
    }

    @Test(arguments: words)
    func rewritesDue(word: String, expected: String) {
        let typed = "pay rent due:\(word) +home"
        #expect(
            resolvingRelativeDates(in: typed, today: RelativeDatesTests.today)
                == "pay rent due:\(expected) +home")
    }

    @Test(arguments: words)
    func rewritesThreshold(word: String, expected: String) {
        #expect(
            resolvingRelativeDates(in: "t:\(word) start", today: RelativeDatesTests.today)
                == "t:\(expected) start")
    }

    @Test(arguments: [
        // Other tags, dates already absolute, values that are no date, unsigned query errors.
        "pay rent due:2024-06-01", "due:someday", "due:Fridays", "due:+3D", "due:+3",
        "start:friday",
        "Due:friday", "friday", "x:tomorrow", "due:", "t:now", "due:+9999y", "due:2024-02-30",
        "url:http://example.com/due:friday", "",
    ])
    func keepsEverythingElse(typed: String) {
        #expect(resolvingRelativeDates(in: typed, today: RelativeDatesTests.today) == typed)
    }

    @Test func rewritesEachValueAndKeepsEveryOtherByte() {
        let typed = "(A) call  mom due:fri\tt:tomorrow @phone due:eom  "
        #expect(
            resolvingRelativeDates(in: typed, today: RelativeDatesTests.today)
                == "(A) call  mom due:2024-05-17\tt:2024-05-16 @phone due:2024-05-31  ")
    }

    @Test func keepsInvalidUTF8() {
        let typed: [UInt8] =
            Array("a ".utf8) + [0xFF, 0xFE] + Array(" due:tomorrow ".utf8) + [0xC3]
        let expected: [UInt8] =
            Array("a ".utf8) + [0xFF, 0xFE] + Array(" due:2024-05-16 ".utf8) + [0xC3]
        #expect(resolvingRelativeDates(in: typed, today: RelativeDatesTests.today) == expected)
    }

    @Test func relativeDateOfOneValue() {
        #expect(relativeDate("Friday", today: RelativeDatesTests.today) == LocalDate("2024-05-17"))
        #expect(relativeDate("2024-05-17", today: RelativeDatesTests.today) == nil)
        #expect(relativeDate("soon", today: RelativeDatesTests.today) == nil)
    }

    @Test func queriesReadTheSameVocabulary() throws {
        let items = [TODOItem(parsing: "a due:2024-05-17"), TODOItem(parsing: "b due:2024-05-16")]
        for expression in ["due:friday", "due:Friday", "due:FRI", "due:fri"] {
            let query = try Query(parsing: expression)
            let matched = items.filter {
                query.matches($0, line: 1, today: RelativeDatesTests.today)
            }
            #expect(matched.map(\.text) == ["a due:2024-05-17"], "\(expression)")
        }
        #expect(throws: QueryError.self) { try Query(parsing: "due:3d") }
    }
}
