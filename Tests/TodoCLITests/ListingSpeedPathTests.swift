import Glibc
import Testing
import TodoTxt

@testable import TodoCLI

/// The fast paths of the listing (literal search, prefix-key sort, number formatting) give the
/// same answers as the slow ones they stand in for.
struct ListingSpeedPathTests {
    static let texts: [String] = [
        "  12 call Mom @phone", "3 (A) buy milk", "x 2024-01-02 done @PHONE", "Zürich café @Phone",
        "K\u{212A} kelvin", "ſtreet", "İstanbul trip", "ıı dotless", "12", "", "tab\there",
        "phone without sigil", "@phon", "a+b", "query?",
        "(B) 2024-05-06 +proj @work due:2024-06-01",
        // Long enough for the eight-byte candidate search, with matches on either side of a
        // word's edge, near misses first, and a NUL that ends the text for regexec.
        "a long line that mentions @phon, @pho and then the @Phone near its very end",
        "PHONE PHONE phon phonE at 0123456789 12 ",
        "xxxxxxx@phonexxxxxxxxxxxxxxx", "xxxxxxxx@phonexxxxxxxxxxxxxx", "tttttttttttttttttttta+b",
        "before the NUL\u{0} @phone after it", "Kelvin \u{212A} and street ſ in a long line (A)",
    ]
    static let patterns = ["@phone", "PHONE", "k", "s", "i", "+b", "a+b", "?", "12 ", "(a)", "t"]

    @Test(arguments: patterns)
    func literalSearchAgreesWithRegexec(pattern: String) throws {
        let fast = try BasicRegex(pattern, ignoringCase: true)
        var reference = regex_t()
        #expect(regcomp(&reference, pattern, REG_ICASE) == 0)
        defer { regfree(&reference) }
        for text in Self.texts {
            var bytes = Array(text.utf8)
            let expected = regexec(&reference, text, 0, nil, 0) == 0
            #expect(fast.matches(text: &bytes) == expected, "\(pattern) in \(text)")
            #expect(bytes == Array(text.utf8))
            #expect(fast.matches(Array(text.utf8)) == expected)
        }
    }

    @Test(arguments: patterns + ["-@phone", "-k", "phone", "2 c"])
    func filtersAgreeWithRegexecOnNumberedLines(term: String) throws {
        let filters = try Listing.filters(for: [term])
        let negated = term.hasPrefix("-")
        var reference = regex_t()
        #expect(regcomp(&reference, negated ? String(term.dropFirst()) : term, REG_ICASE) == 0)
        defer { regfree(&reference) }
        var scratch: [UInt8] = []
        for (index, text) in (Self.texts + ["a\u{0}@phone", "@phone\u{0}x"]).enumerated() {
            let row = Listing.Row(number: index + 1, content: ArraySlice(text.utf8))
            let numbered =
                String(repeating: " ", count: index + 1 < 10 ? 1 : 0)
                + "\(index + 1) " + text
            let found = regexec(&reference, numbered, 0, nil, 0) == 0
            #expect(
                Listing.passes(row, width: 2, filters: filters, buffer: &scratch)
                    == (found != negated),
                "\(term) on \(numbered)")
        }
    }

    @Test func sortOrderMatchesWholeTextComparison() {
        let contents = [
            "b", "B", "a longer line here", "a longer line", "a longer line here too", "",
            "A LONGER LINE", "x 2024", "(A) z", "(a) z", "zzzzzzzzzz", "zzzzzzzz", "zzzzzzzzz",
            "é", "e", "E\u{0}x", "E",
            "(A) 2024-05-06 call mom about the trip", "(a) 2024-05-06 CALL MOM about the trip",
            "(A) 2024-05-06 call mom about the trap", "(A) 2024-05-06 call mom",
            "(A) 2024-05-06 call",
            "(A) 2024-05-06 call mom\u{0}", "(A) 2024-05-06 call mom\u{0}\u{0}",
            "x 2024-01-02 done",
            "x 2024-01-02 done", "x 2024-01-02 DONE", "x 2024-01-02 done {later}",
            "x 2024-01-02 done ~later", "x 2024-01-02 done `later", "x 2024-01-02 done @later",
            "x 2024-01-02 done [later", "x 2024-01-02 done _later", "x 2024-01-02 done \u{7F}",
            "x 2024-01-02 done \u{FF}", "x 2024-01-02 done Ä", "x 2024-01-02 done ä",
        ]
        // Numbered as ls numbers them, and with repeated numbers as lsa's done lines (0).
        for repeated in [false, true] {
            let rows = contents.enumerated().map {
                Listing.Row(
                    number: repeated && $0.offset % 2 == 0 ? 0 : $0.offset + 1,
                    content: ArraySlice($0.element.utf8))
            }
            func folded(_ row: Listing.Row) -> [UInt8] {
                row.content.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
            }
            let expected = rows.sorted { left, right in
                let a = folded(left)
                let b = folded(right)
                if a != b { return a.lexicographicallyPrecedes(b) }
                if left.number != right.number { return left.number < right.number }
                return left.content.lexicographicallyPrecedes(right.content)
            }
            let sorted = Listing.sortedLikeSort(rows)
            #expect(sorted.map(\.number) == expected.map(\.number))
            #expect(sorted.map { Array($0.content) } == expected.map { Array($0.content) })
        }
    }

    /// The listing's own line walk splits files exactly as TodoList does.
    @Test func scanSplitsLikeTodoList() {
        var state: UInt64 = 42
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x20, 0x61, 0x31, 0xEF, 0xBB, 0xBF, 0x00]
        var files: [[UInt8]] = [
            [], [0x0A], [0x0D, 0x0A], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x0A],
        ]
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int((state >> 40) % 40)
            var file: [UInt8] = Int(state >> 20) % 4 == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                file.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
            }
            files.append(file)
        }
        for file in files {
            let list = TodoList(bytes: file)
            var lines: [[UInt8]] = []
            file.withUnsafeBufferPointer { buffer in
                Listing.Scan.forEachLine(buffer) { start, end in
                    lines.append(Array(file[start..<end]))
                }
            }
            #expect(lines == list.map { Array($0.content) }, "\(file)")
            #expect(Listing.Scan.lineCount(file) == list.count)
            // The same lines walked from any line start; line feeds counted eight at a time.
            let begin = file.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            var from: [UInt8] = []
            file.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                #expect(
                    LineFeeds.count(in: base, count: buffer.count)
                        == file.filter { $0 == 0x0A }.count)
                Listing.Scan.forEachLine(buffer, from: begin, to: buffer.count) { start, end in
                    from += file[start..<end] + [0x0A]
                }
            }
            #expect(from == lines.flatMap { $0 + [0x0A] }, "\(file)")
        }
    }

    /// Enough rows for the two-thread sort, with many texts equal in their first 24 bytes.
    @Test func largeSortMatchesWholeTextComparison() {
        var state: UInt64 = 0x1234_5678
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let prefixes = ["(A) 2024-05-06 call mom ", "x 2024-01-02 2023-12-30 ", "(b) ", "", "Zed "]
        let words = ["a", "B", "c", "apple", "Apple", "zeta", "@phone", "+proj", "é", "_"]
        let count = Listing.parallelThreshold + 1_001
        let rows = (0..<count).map { index in
            var text = prefixes[next(prefixes.count)]
            for _ in 0..<next(4) { text += words[next(words.count)] + " " }
            return Listing.Row(
                number: index % 3 == 0 ? 0 : index + 1, content: ArraySlice(text.utf8))
        }
        let folded = rows.map { row in
            row.content.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        }
        let expected = rows.indices.sorted { left, right in
            if folded[left] != folded[right] {
                return folded[left].lexicographicallyPrecedes(folded[right])
            }
            if rows[left].number != rows[right].number {
                return rows[left].number < rows[right].number
            }
            return rows[left].content.lexicographicallyPrecedes(rows[right].content)
        }.map { rows[$0] }
        let sorted = Listing.sortedLikeSort(rows)
        #expect(sorted.count == expected.count)
        #expect(sorted.map(\.number) == expected.map(\.number))
        #expect(sorted.map { Array($0.content) } == expected.map { Array($0.content) })
    }

    @Test(arguments: [(0, 1), (7, 3), (123, 2), (123, 5), (100_000, 6), (-4, 3)])
    func numbersArePadded(number: Int, width: Int) {
        let digits = String(number)
        let pad = max(0, width - digits.count)
        #expect(
            Listing.numberBytes(number, width: width, zero: true)
                == Array((String(repeating: "0", count: pad) + digits).utf8))
        #expect(
            Listing.numberBytes(number, width: width, zero: false)
                == Array((String(repeating: " ", count: pad) + digits).utf8))
    }
}
