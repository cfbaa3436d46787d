import Testing
import TodoTxt

/// One line and the header fields and description the spec says it parses to.
struct ParseCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let line: [UInt8]
    let done: Bool
    let priority: String?
    let completion: String?
    let creation: String?
    let description: [UInt8]

    init(
        _ rule: String, _ line: String, done: Bool = false, priority: String? = nil,
        completion: String? = nil, creation: String? = nil, description: String
    ) {
        self.init(
            rule, bytes: bytes(line), done: done, priority: priority, completion: completion,
            creation: creation, description: bytes(description))
    }

    init(
        _ rule: String, bytes line: [UInt8], done: Bool = false, priority: String? = nil,
        completion: String? = nil, creation: String? = nil, description: [UInt8]
    ) {
        self.rule = rule
        self.line = line
        self.done = done
        self.priority = priority
        self.completion = completion
        self.creation = creation
        self.description = description
    }

    var testDescription: String { "\(rule): \(visible(line))" }
}

@Suite struct TODOItemParsingTests {
    static let headerCases: [ParseCase] = [
        // H1: completion mark.
        ParseCase("H1", "x foo", done: true, description: "foo"),
        ParseCase("H1", "x ", done: true, description: ""),
        ParseCase("H1", "X foo", description: "X foo"),
        ParseCase("H1", "x\tfoo", description: "x\tfoo"),
        ParseCase("H1", "x\u{A0}foo", description: "x\u{A0}foo"),
        ParseCase("H1", "x", description: "x"),
        ParseCase("H1", " x foo", description: " x foo"),
        ParseCase("H1", "xfoo", description: "xfoo"),
        ParseCase("H1", "\u{FF58} foo", description: "\u{FF58} foo"),
        // H2: priority.
        ParseCase("H2", "(A) foo", priority: "A", description: "foo"),
        ParseCase("H2", "(Z) z", priority: "Z", description: "z"),
        ParseCase("H2", "(A) ", priority: "A", description: ""),
        ParseCase("H2", "(A)foo", description: "(A)foo"),
        ParseCase("H2", "(A)\tfoo", description: "(A)\tfoo"),
        ParseCase("H2", "(a) foo", description: "(a) foo"),
        ParseCase("H2", "(AA) foo", description: "(AA) foo"),
        ParseCase("H2", "( A) foo", description: "( A) foo"),
        ParseCase("H2", "(\u{C4}) foo", description: "(\u{C4}) foo"),
        ParseCase("H2", "(\u{FF21}) foo", description: "(\u{FF21}) foo"),
        ParseCase("H2", " (A) foo", description: " (A) foo"),
        ParseCase("H2", "[A] foo", description: "[A] foo"),
        ParseCase("H2", "(@) foo", description: "(@) foo"),
        ParseCase("H2", "([) foo", description: "([) foo"),
        // H3: creation date on an open task.
        ParseCase("H3", "2024-01-15 foo", creation: "2024-01-15", description: "foo"),
        ParseCase(
            "H3", "(A) 2024-01-15 foo", priority: "A", creation: "2024-01-15",
            description: "foo"),
        ParseCase("H3", "2024-01-15 ", creation: "2024-01-15", description: ""),
        // H4: dates on a completed task.
        ParseCase(
            "H4", "x 2024-02-01 foo", done: true, completion: "2024-02-01", description: "foo"),
        ParseCase(
            "H4", "x 2024-02-01 2024-01-01 foo", done: true, completion: "2024-02-01",
            creation: "2024-01-01", description: "foo"),
        ParseCase(
            "H4", "x 2024-02-01 2024-01-01 2023-01-01 foo", done: true, completion: "2024-02-01",
            creation: "2024-01-01", description: "2023-01-01 foo"),
        ParseCase(
            "H4", "x 2024-02-01 2024-01-01 ", done: true, completion: "2024-02-01",
            creation: "2024-01-01", description: ""),
        // H5: no priority slot on a completed task.
        ParseCase("H5", "x (A) foo", done: true, description: "(A) foo"),
        ParseCase(
            "H5", "x (A) 2016-05-20 2016-04-30 t", done: true,
            description: "(A) 2016-05-20 2016-04-30 t"),
        ParseCase(
            "H5", "x 2016-05-20 (A) 2016-04-30 t", done: true, completion: "2016-05-20",
            description: "(A) 2016-04-30 t"),
        ParseCase(
            "H5", "x 2024-01-01 foo pri:A", done: true, completion: "2024-01-01",
            description: "foo pri:A"),
        // H6: exactly one SP after each header element.
        ParseCase("H6", "(A)  foo", priority: "A", description: " foo"),
        ParseCase("H6", "x  2020-01-01 foo", done: true, description: " 2020-01-01 foo"),
        ParseCase("H6", "x  foo", done: true, description: " foo"),
        ParseCase("H6", "2024-01-15  foo", creation: "2024-01-15", description: " foo"),
        ParseCase("H6", "(A)  2024-01-15 foo", priority: "A", description: " 2024-01-15 foo"),
        ParseCase(
            "H6", "x 2024-02-01  2024-01-01 foo", done: true, completion: "2024-02-01",
            description: " 2024-01-01 foo"),
        ParseCase(
            "H6", "(A) 2024-01-15\tfoo", priority: "A", description: "2024-01-15\tfoo"),
        // H7: an element without its SP is description.
        ParseCase("H7", "x", description: "x"),
        ParseCase("H7", "(A)", description: "(A)"),
        ParseCase("H7", "(A) 2024-01-15", priority: "A", description: "2024-01-15"),
        ParseCase("H7", "x 2020-01-01", done: true, description: "2020-01-01"),
        ParseCase("H7", "x 2020-01-01 ", done: true, completion: "2020-01-01", description: ""),
        ParseCase("H7", "2024-01-15", description: "2024-01-15"),
        ParseCase(
            "H7", "x 2024-02-01 2024-01-01", done: true, completion: "2024-02-01",
            description: "2024-01-01"),
        // H8: invalid or malformed dates stay in the description and stop the header.
        ParseCase("H8", "2019-02-29 foo", description: "2019-02-29 foo"),
        ParseCase("H8", "2024-02-29 foo", creation: "2024-02-29", description: "foo"),
        ParseCase("H8", "1900-02-29 foo", description: "1900-02-29 foo"),
        ParseCase("H8", "2000-02-29 foo", creation: "2000-02-29", description: "foo"),
        ParseCase("H8", "2024-04-31 foo", description: "2024-04-31 foo"),
        ParseCase("H8", "2024-13-01 foo", description: "2024-13-01 foo"),
        ParseCase("H8", "2024-00-10 foo", description: "2024-00-10 foo"),
        ParseCase("H8", "2024-01-00 foo", description: "2024-01-00 foo"),
        ParseCase("H8", "0000-01-01 foo", description: "0000-01-01 foo"),
        ParseCase("H8", "0001-01-01 foo", creation: "0001-01-01", description: "foo"),
        ParseCase("H8", "9999-12-31 foo", creation: "9999-12-31", description: "foo"),
        ParseCase("H8", "2024-1-5 foo", description: "2024-1-5 foo"),
        ParseCase("H8", "2024/01/15 foo", description: "2024/01/15 foo"),
        ParseCase("H8", "20240-01-15 foo", description: "20240-01-15 foo"),
        ParseCase(
            "H8", "\u{FF12}\u{FF10}\u{FF12}\u{FF14}-01-15 foo",
            description: "\u{FF12}\u{FF10}\u{FF12}\u{FF14}-01-15 foo"),
        ParseCase("H8", "(A) 2024-02-30 foo", priority: "A", description: "2024-02-30 foo"),
        ParseCase("H8", "x 2020-13-45 foo", done: true, description: "2020-13-45 foo"),
        ParseCase(
            "H8", "x 2024-02-01 2019-02-29 foo", done: true, completion: "2024-02-01",
            description: "2019-02-29 foo"),
        // H9: no cross-field validation.
        ParseCase(
            "H9", "x 2020-01-01 2024-01-01 foo", done: true, completion: "2020-01-01",
            creation: "2024-01-01", description: "foo"),
        // H10: no header after text.
        ParseCase("H10", "Call Mom (A)", description: "Call Mom (A)"),
        ParseCase(
            "H10", "(A) Call Mom 2011-03-02", priority: "A", description: "Call Mom 2011-03-02"),
        ParseCase("H10", "2024-01-02 (A) foo", creation: "2024-01-02", description: "(A) foo"),
        ParseCase(
            "H10", "2024-01-02 2024-01-01 foo", creation: "2024-01-02",
            description: "2024-01-01 foo"),
        ParseCase("H10", "(A) (B) foo", priority: "A", description: "(B) foo"),
        ParseCase("H10", "(A) x foo", priority: "A", description: "x foo"),
        // D1: the description is verbatim.
        ParseCase(
            "D1", "(A)   lots   of\tspace  ", priority: "A", description: "  lots   of\tspace  "),
        ParseCase("D1", "foo +p @c due:x", description: "foo +p @c due:x"),
        ParseCase("D1", "2024-01-15 ", creation: "2024-01-15", description: ""),
        ParseCase("D1", "\tindented", description: "\tindented"),
        // D2: parsing never fails, whatever the bytes.
        ParseCase(
            "D2", bytes: [0xFF, 0xFE, 0x20, 0x2B, 0x80],
            description: [0xFF, 0xFE, 0x20, 0x2B, 0x80]),
        ParseCase("D2", bytes: [0x78, 0x20, 0xC3], done: true, description: [0xC3]),
        ParseCase("D2", bytes: [0x28, 0x41, 0x29, 0x20, 0x00], priority: "A", description: [0x00]),
        ParseCase("D2", "a\rb", description: "a\rb"),
        ParseCase("D2", "foo\r", description: "foo\r"),
        // F1: one line is one task; `#` has no meaning.
        ParseCase("F1", "# not a comment", description: "# not a comment"),
        ParseCase("F1", "#(A) foo", description: "#(A) foo"),
        // F2: U+FEFF inside a line is content (the file layer strips only the first one).
        ParseCase("F2", "\u{FEFF}(A) foo", description: "\u{FEFF}(A) foo"),
        ParseCase("F2", "(A) \u{FEFF}foo", priority: "A", description: "\u{FEFF}foo"),
        // F6: a blank line parses with every field empty and the line as its description.
        ParseCase("F6", "", description: ""),
        ParseCase("F6", "   ", description: "   "),
        ParseCase("F6", " \t ", description: " \t "),
    ]

    static let resolutionCases: [ParseCase] = [
        ParseCase("B.1", "(A)Call", description: "(A)Call"),
        ParseCase("B.1", "(B)->Submit", description: "(B)->Submit"),
        ParseCase("B.1", "(A)", description: "(A)"),
        ParseCase("B.1", "(A)\tfoo", description: "(A)\tfoo"),
        ParseCase("B.2", "(a) foo", description: "(a) foo"),
        ParseCase("B.2", "(z) foo", description: "(z) foo"),
        ParseCase("B.3", "X 2024-01-01 foo", description: "X 2024-01-01 foo"),
        ParseCase("B.4", "x", description: "x"),
        ParseCase("B.4", "x ", done: true, description: ""),
        ParseCase("B.4", "x\tfoo", description: "x\tfoo"),
        ParseCase(
            "B.5", "x (A) 2016-05-20 2016-04-30 t", done: true,
            description: "(A) 2016-05-20 2016-04-30 t"),
        ParseCase(
            "B.5", "x 2016-05-20 (A) 2016-04-30 t", done: true, completion: "2016-05-20",
            description: "(A) 2016-04-30 t"),
        ParseCase(
            "B.6", "x 2011-03-03 Call Mom", done: true, completion: "2011-03-03",
            description: "Call Mom"),
        ParseCase("B.7", "x Call Mom", done: true, description: "Call Mom"),
        ParseCase(
            "B.7", "x 2011-03-03 2011-03-01 Call Mom", done: true, completion: "2011-03-03",
            creation: "2011-03-01", description: "Call Mom"),
        ParseCase(
            "B.8", "2020-01-02 2020-01-01 foo", creation: "2020-01-02",
            description: "2020-01-01 foo"),
        ParseCase("B.9", "2020-01-01 (A) foo", creation: "2020-01-01", description: "(A) foo"),
        ParseCase("B.10", "x 2020-13-45 foo", done: true, description: "2020-13-45 foo"),
        ParseCase("B.10", "2017-02-30 foo", description: "2017-02-30 foo"),
        ParseCase("B.12", "x\u{3000}foo", description: "x\u{3000}foo"),
        ParseCase("B.12", "(A)\u{A0}foo", description: "(A)\u{A0}foo"),
        ParseCase("B.12", "2024-01-15\u{A0}foo", description: "2024-01-15\u{A0}foo"),
        ParseCase("B.18", " (A) x", description: " (A) x"),
        ParseCase("B.18", "\tx foo", description: "\tx foo"),
        ParseCase("B.18", " 2024-01-15 foo", description: " 2024-01-15 foo"),
        ParseCase("B.19", "foo  bar  ", description: "foo  bar  "),
        ParseCase("B.19", "(A) foo   bar\t", priority: "A", description: "foo   bar\t"),
        ParseCase("B.21", "\u{FEFF}x foo", description: "\u{FEFF}x foo"),
        ParseCase("B.22", "", description: ""),
        ParseCase("B.22", "\t", description: "\t"),
        ParseCase("B.23", "# heading", description: "# heading"),
        ParseCase(
            "B.25", "\u{0662}\u{0660}\u{0662}\u{0664}-01-15 foo",
            description: "\u{0662}\u{0660}\u{0662}\u{0664}-01-15 foo"),
        ParseCase("B.25", "(\u{FF21}) foo", description: "(\u{FF21}) foo"),
        ParseCase("B.25", "(\u{3B1}) foo", description: "(\u{3B1}) foo"),
    ]

    private func check(_ test: ParseCase) {
        let item = TODOItem(parsingBytes: ArraySlice(test.line))
        #expect(item.isDone == test.done)
        #expect(item.priority?.description == test.priority)
        #expect(item.completionDate?.description == test.completion)
        #expect(item.creationDate?.description == test.creation)
        #expect(Array(item.descriptionBytes) == test.description)
        // S2 holds for every case as well.
        #expect(item.line == test.line)
    }

    @Test("Part A header, description and line rules", arguments: headerCases)
    func partARules(_ test: ParseCase) {
        check(test)
    }

    @Test("Part B resolutions for the header", arguments: resolutionCases)
    func partBResolutions(_ test: ParseCase) {
        check(test)
    }

    @Test("H5: a completed task never reports a priority", arguments: headerCases + resolutionCases)
    func completedTasksHaveNoPriority(_ test: ParseCase) {
        let item = TODOItem(parsingBytes: ArraySlice(test.line))
        #expect(!(item.isDone && item.priority != nil))
        #expect(!(item.isDone == false && item.completionDate != nil))
    }

    @Test("D1: the description is a suffix of the line", arguments: headerCases + resolutionCases)
    func descriptionIsSuffix(_ test: ParseCase) {
        let item = TODOItem(parsingBytes: ArraySlice(test.line))
        #expect(test.line.count >= item.descriptionBytes.count)
        #expect(
            Array(test.line.suffix(item.descriptionBytes.count)) == Array(item.descriptionBytes))
    }

    @Test("A.0: parsing(String) and parsingBytes agree, and text decodes the line")
    func stringAndBytesAgree() {
        for test in Self.headerCases where String(validating: test.line, as: UTF8.self) != nil {
            let text = String(decoding: test.line, as: UTF8.self)
            let fromString = TODOItem(parsing: text)
            #expect(fromString == TODOItem(parsingBytes: ArraySlice(test.line)))
            #expect(fromString.text == text)
            #expect(fromString.description == String(decoding: test.description, as: UTF8.self))
        }
    }

    @Test("D2: invalid UTF-8 shows as U+FFFD in description but stays in the bytes")
    func invalidUTF8() {
        let item = TODOItem(parsingBytes: [0x28, 0x42, 0x29, 0x20, 0x61, 0xFF, 0x62])
        #expect(item.priority == Priority(ascii: 0x42))
        #expect(item.description == "a\u{FFFD}b")
        #expect(Array(item.descriptionBytes) == [0x61, 0xFF, 0x62])
        #expect(item.line == [0x28, 0x42, 0x29, 0x20, 0x61, 0xFF, 0x62])
    }

    @Test("F6: isBlank is true only for empty or SP/TAB-only lines")
    func blankness() {
        let blank = ["", " ", "\t", " \t  "]
        let notBlank = ["x ", "(A) ", "2024-01-15 ", "\u{A0}", "\r", "a", "\u{3000}", "x"]
        for line in blank { #expect(TODOItem(parsing: line).isBlank, "\(visible(line))") }
        for line in notBlank { #expect(!TODOItem(parsing: line).isBlank, "\(visible(line))") }
    }

    @Test("A.0: parsing a slice in the middle of a larger buffer uses the slice's indices")
    func sliceIndices() {
        let buffer = bytes("junk\n(A) 2024-01-15 foo +p\nmore")
        let slice = buffer[5..<26]
        let item = TODOItem(parsingBytes: slice)
        #expect(item.priority?.description == "A")
        #expect(item.creationDate == date("2024-01-15"))
        #expect(item.description == "foo +p")
        #expect(item.projects == ["p"])
        #expect(item.line == Array(slice))
    }
}
