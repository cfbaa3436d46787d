import Testing
import TodoTxt

@testable import TodoQuery

/// A filter's plain words are looked for in the lines' bytes (across the whole file at once)
/// before any line is parsed. The lines selected must be exactly those whose tasks match when
/// every line is parsed and evaluated: whatever the case, with the two scalars whose lower
/// case holds ASCII (`İ`, the Kelvin sign), words found only in the header, non-ASCII words,
/// invalid UTF-8, CRLF and a byte order mark.
struct LineWordTests {
    static let today = day(2026, 11, 23)

    static let lines: [[UInt8]] =
        [
            "call Mom", "CALL mom", "recall the plan", "x 2026-01-02 call done",
            "(A) Call back", "\u{212A}ELVIN call", "kelvin scale", "\u{130}stanbul",
            "istanbul trip", "ISTANBUL", "café", "CAFÉ", "Café au lait", "2026-01-02 date only",
            "(B) 2026-03-04 callback", "\u{130}", "c all", "", "  ", "x marks the spot",
            "(a) lower priority call", "mom h:1 call", "call t:2027-01-01", "Straße STRASSE",
            "ǅungla", "\u{212A}", "k", "(C) \u{212A}iosk",
        ].map { Array($0.utf8) } + [
            [0xFF, 0x20, 0x63, 0x61, 0x6C, 0x6C], [0x63, 0x61, 0x00, 0x6C, 0x6C],
            [0x63, 0x61, 0x6C, 0x6C, 0x0D], [0xC4], [0xE2, 0x84], [0x43, 0x41, 0xC3, 0x28],
        ]

    /// The file: every line once with LF, once with CRLF, after a byte order mark.
    static let file: [UInt8] = {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        for ending in [[0x0A], [0x0D, 0x0A]] as [[UInt8]] {
            for line in lines { bytes += line + ending }
        }
        return bytes
    }()

    static let filters = [
        "call", "Call", "CALL", "kelvin", "k", "KELVIN", "istanbul", "i\u{307}stanbul", "i", "café",
        "CAFÉ", "caf", "2026", "x", "(A)", "call mom", "call and not mom", "call or kelvin",
        "not call", "/cal+/ call", "call /mom/i", "ll", "straße", "ǆ", "ǅ", "\u{212A}", "a",
        "done call", "iosk", "ca",
    ]

    /// The lines (0-based) of `list` whose tasks match `query` when each is parsed.
    static func parsedMatches(_ query: Query, in list: TodoList, includingAll: Bool) -> [Int] {
        list.indices.filter { index in
            let item = list[index].item
            return query.matches(item, line: index + 1, today: today)
                && query.showsByDefault(item, includingAll: includingAll, today: today)
        }
    }

    @Test(arguments: filters)
    func wordsSelectWhatParsingSelects(filter: String) throws {
        let list = TodoList(bytes: Self.file)
        let query = try Query(parsing: filter)
        for includesAll in [false, true] {
            let expected = Self.parsedMatches(query, in: list, includingAll: includesAll)
            let request = QueryRequest(query: query, includesAll: includesAll)
            #expect(
                try request.selectedLines(in: list, today: Self.today) == expected,
                "'\(filter)', all: \(includesAll)")
            // Fed in pieces, as `todo query` reads a file.
            var selector = try QueryPieceSelector(request, today: Self.today)
            Self.file.withUnsafeBufferPointer { selector.take($0) }
            #expect(selector.numbers == expected.map { $0 + 1 }, "'\(filter)' in pieces")
        }
    }

    @Test func wordsWithIOrKLetScalarsThatLowerCaseToThemThrough() throws {
        let list = TodoList(parsing: "\u{212A}ELVIN\nK\u{130}\nplain\n")
        for (filter, lines) in [("kelvin", [0]), ("ki", [1]), ("k", [0, 1]), ("plain", [2])] {
            let request = QueryRequest(query: try Query(parsing: filter), includesAll: true)
            #expect(try request.selectedLines(in: list, today: Self.today) == lines, "\(filter)")
        }
    }
}
