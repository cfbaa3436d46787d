import Testing
import TodoTxt

@Suite struct PostponeAndTagTests {
    /// (line, amount, expected) with today = Wednesday 2024-05-15.
    static let postponeCases: [(String, String, String)] = [
        ("pay due:2024-05-20", "3d", "pay due:2024-05-23"),
        ("pay due:2024-05-20", "+1w", "pay due:2024-05-27"),
        ("pay due:2024-05-15", "1d", "pay due:2024-05-16"),
        // Overdue: counted from today.
        ("pay due:2024-05-01", "1w", "pay due:2024-05-22"),
        ("t:2024-04-28 pay due:2024-05-01 @home", "1w", "t:2024-05-19 pay due:2024-05-22 @home"),
        // t: moves as many days as due: did.
        ("t:2024-05-18 pay due:2024-05-20", "1w", "t:2024-05-25 pay due:2024-05-27"),
        ("pay due:2024-05-31 t:2024-05-30", "1m", "pay due:2024-06-30 t:2024-06-29"),
        ("pay due:2024-05-20", "1m", "pay due:2024-06-20"),
        // Without due: it is added; t: stays.
        ("(A) call mom", "5b", "(A) call mom due:2024-05-22"),
        ("call mom t:2024-05-01", "2d", "call mom t:2024-05-01 due:2024-05-17"),
        ("call mom ", "1y", "call mom due:2025-05-15"),
        ("", "1d", "due:2024-05-16"),
        // Only the first valid due: moves; everything else as it was.
        (
            "a  due:later\tdue:2024-06-01 due:2024-07-01  b", "2d",
            "a  due:later\tdue:2024-06-03 due:2024-07-01  b"
        ),
    ]

    @Test(arguments: postponeCases)
    func postpones(line: String, amount: String, expected: String) throws {
        let today = try #require(LocalDate("2024-05-15"))
        let offset = try #require(DateOffset(amount))
        var item = TODOItem(parsing: line)
        let moved = item.postpone(by: offset, today: today)
        #expect(moved)
        #expect(item.text == expected)
        #expect(TODOItem(parsingBytes: ArraySlice(item.line)) == item)
    }

    @Test func postponingPastTheCalendarChangesNothing() throws {
        let today = try #require(LocalDate("2024-05-15"))
        var item = TODOItem(parsing: "pay due:9999-12-30")
        let moved = item.postpone(by: DateOffset(count: 1, unit: .weeks), today: today)
        #expect(!moved)
        #expect(item.text == "pay due:9999-12-30")
    }

    /// (line, key, expected) for removing every `key:` tag.
    static let removeCases: [(String, String, String)] = [
        ("a k:1 b k:2 c", "k", "a b c"),
        ("a k:1 k:2", "k", "a"),
        ("k:1 rest", "k", "rest"),
        ("a  b k:1", "k", "a  b"),
        ("(A) 2024-05-01 call k:1 +p", "k", "(A) 2024-05-01 call +p"),
        ("a key:1 k:2 kk:3", "k", "a key:1 kk:3"),
        ("a k://x k:1", "k", "a k://x"),
    ]

    @Test(arguments: removeCases)
    func removesEveryTag(line: String, key: String, expected: String) throws {
        var item = TODOItem(parsing: line)
        let removed = try item.removeTags(key)
        #expect(item.text == expected)
        #expect(
            removed
                == line.split(separator: " ").filter {
                    $0.hasPrefix(key + ":") && !$0.contains("//")
                }.count)
    }

    @Test func removingNothingIsNoChange() throws {
        var item = TODOItem(parsing: "a b")
        #expect(try item.removeTags("k") == 0)
        #expect(item.text == "a b")
    }

    @Test func removingATagThatWouldExposeAHeaderThrows() {
        var item = TODOItem(parsing: "due:1 x marks the spot")
        #expect(throws: TODOItemError.descriptionLooksLikeHeader) { try item.removeTags("due") }
        #expect(item.text == "due:1 x marks the spot")
    }

    @Test func setsTheFirstTagOrAppends() throws {
        var item = TODOItem(parsing: "call due:2024-05-01 @phone due:2024-06-01")
        try item.setTag("due", "2024-05-20")
        #expect(item.text == "call due:2024-05-20 @phone due:2024-06-01")
        try item.setTag("id", "7")
        #expect(item.text == "call due:2024-05-20 @phone due:2024-06-01 id:7")
    }
}
