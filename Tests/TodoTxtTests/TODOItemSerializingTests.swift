import Testing
import TodoTxt

/// Fields for the checked initializer and either the line it serializes to or the error.
struct BuildCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let description: String
    let priority: String?
    let creation: String?
    let done: Bool
    let completion: String?
    let expected: Result<String, TODOItemError>

    init(
        _ rule: String, _ description: String, priority: String? = nil, creation: String? = nil,
        done: Bool = false, completion: String? = nil, line: String
    ) {
        self.rule = rule
        self.description = description
        self.priority = priority
        self.creation = creation
        self.done = done
        self.completion = completion
        self.expected = .success(line)
    }

    init(
        _ rule: String, _ description: String, priority: String? = nil, creation: String? = nil,
        done: Bool = false, completion: String? = nil, error: TODOItemError
    ) {
        self.rule = rule
        self.description = description
        self.priority = priority
        self.creation = creation
        self.done = done
        self.completion = completion
        self.expected = .failure(error)
    }

    var testDescription: String {
        var header = done ? "x " : ""
        if let priority { header += "(\(priority)) " }
        if let completion { header += completion + " " }
        if let creation { header += creation + " " }
        switch expected {
        case .success: return "\(rule): \(visible(header + description))"
        case .failure(let error): return "\(rule): \(visible(header + description)) throws \(error)"
        }
    }

    func build() throws(TODOItemError) -> TODOItem {
        try TODOItem(
            description: description, priority: priority.flatMap { Priority($0) },
            creationDate: creation.flatMap { LocalDate($0) }, isDone: done,
            completionDate: completion.flatMap { LocalDate($0) })
    }
}

@Suite struct TODOItemSerializingTests {
    static let cases: [BuildCase] = [
        // S1: header elements that are present, one SP each, then the description.
        BuildCase("S1", "foo", line: "foo"),
        BuildCase("S1", "foo", priority: "A", line: "(A) foo"),
        BuildCase("S1", "foo", creation: "2024-01-01", line: "2024-01-01 foo"),
        BuildCase("S1", "foo", priority: "B", creation: "2024-01-01", line: "(B) 2024-01-01 foo"),
        BuildCase("S1", "foo", done: true, line: "x foo"),
        BuildCase("S1", "foo", done: true, completion: "2024-02-01", line: "x 2024-02-01 foo"),
        BuildCase(
            "S1", "foo", creation: "2024-01-01", done: true, completion: "2024-02-01",
            line: "x 2024-02-01 2024-01-01 foo"),
        BuildCase("S1", "", line: ""),
        BuildCase("S1", "", priority: "A", line: "(A) "),
        BuildCase("S1", "", done: true, line: "x "),
        BuildCase("S1", "  two  spaces\t", priority: "C", line: "(C)   two  spaces\t"),
        BuildCase("S1", "+p @c k:v", creation: "0001-01-01", line: "0001-01-01 +p @c k:v"),
        // S3: unrepresentable states.
        BuildCase(
            "S3", "foo", priority: "A", done: true, completion: "2024-02-01",
            error: .priorityOnCompletedTask),
        BuildCase("S3", "foo", priority: "A", done: true, error: .priorityOnCompletedTask),
        BuildCase(
            "S3", "foo", creation: "2024-01-01", done: true,
            error: .creationDateWithoutCompletionDate),
        BuildCase("S3", "foo", completion: "2024-01-01", error: .completionDateOnOpenTask),
        // S4: description hazards.
        BuildCase("S4", "x marks the spot", error: .descriptionLooksLikeHeader),
        BuildCase("S4", "x ", error: .descriptionLooksLikeHeader),
        BuildCase("S4", "(A) foo", error: .descriptionLooksLikeHeader),
        BuildCase("S4", "(Z) ", error: .descriptionLooksLikeHeader),
        BuildCase("S4", "2024-01-01 foo", error: .descriptionLooksLikeHeader),
        BuildCase("S4", "2024-01-01 ", error: .descriptionLooksLikeHeader),
        BuildCase("S4", "2024-01-01 foo", priority: "A", error: .descriptionLooksLikeHeader),
        BuildCase("S4", "2024-01-01 foo", done: true, error: .descriptionLooksLikeHeader),
        BuildCase(
            "S4", "2024-01-01 foo", done: true, completion: "2024-02-01",
            error: .descriptionLooksLikeHeader),
        // S4: not hazards.
        BuildCase("S4", "x", line: "x"),
        BuildCase("S4", "X marks", line: "X marks"),
        BuildCase("S4", "x\tmarks", line: "x\tmarks"),
        BuildCase("S4", "(a) foo", line: "(a) foo"),
        BuildCase("S4", "(A)foo", line: "(A)foo"),
        BuildCase("S4", "2024-01-01", priority: "A", line: "(A) 2024-01-01"),
        BuildCase("S4", "2019-02-29 foo", line: "2019-02-29 foo"),
        BuildCase("S4", " 2024-01-01 foo", priority: "A", line: "(A)  2024-01-01 foo"),
        BuildCase("S4", "x foo", priority: "A", line: "(A) x foo"),
        BuildCase("S4", "(B) foo", priority: "A", line: "(A) (B) foo"),
        BuildCase("S4", "x foo", creation: "2024-01-01", line: "2024-01-01 x foo"),
        BuildCase("S4", "(A) foo", creation: "2024-01-01", line: "2024-01-01 (A) foo"),
        BuildCase(
            "S4", "2024-01-01 foo", creation: "2024-01-02", line: "2024-01-02 2024-01-01 foo"),
        BuildCase("S4", "(A) foo", done: true, line: "x (A) foo"),
        BuildCase(
            "S4", "2023-01-01 foo", creation: "2024-01-01", done: true, completion: "2024-02-01",
            line: "x 2024-02-01 2024-01-01 2023-01-01 foo"),
        // C.4: a task stays on one line.
        BuildCase("C.4", "a\nb", error: .lineBreakInDescription),
        BuildCase("C.4", "a\rb", error: .lineBreakInDescription),
        BuildCase("C.4", "a\r\n", error: .lineBreakInDescription),
        BuildCase("C.4", "a\u{2028}b", line: "a\u{2028}b"),
    ]

    @Test("S1-S4: the building initializer", arguments: cases)
    func build(_ test: BuildCase) {
        switch test.expected {
        case .success(let line):
            #expect(throws: Never.self) { try test.build() }
            guard let item = try? test.build() else { return }
            #expect(item.text == line)
            #expect(item.line == bytes(line))
            // Stable: parse(serialize(t)) == t.
            #expect(TODOItem(parsing: line) == item)
        case .failure(let error):
            #expect(throws: error) { try test.build() }
        }
    }

    @Test(
        "S2: serialize(parse(L)) == L for the spec's example lines",
        arguments: [
            "(A) Thank Mom for the meatballs @phone",
            "(B) Schedule Goodwill pickup +GarageSale @phone",
            "Post signs around the neighborhood +GarageSale",
            "@GroceryStore Eskimo pies",
            "Really gotta call Mom (A) @phone @someday",
            "(b) Get back to the boss",
            "(B)->Submit TPS report",
            "2011-03-02 Document +TodoTxt task format",
            "(A) 2011-03-02 Call Mom",
            "(A) Call Mom 2011-03-02",
            "x 2011-03-03 Call Mom",
            "xylophone lesson",
            "X 2012-01-01 Make resolutions",
            "(A) x Find ticket prices",
            "x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github",
            "x (A) 2016-05-20 2016-04-30 measure space for +chapelShelving @chapel due:2016-05-30",
            "Learn how to add 2+2",
            "email SoAndSo at soandso@example.com",
        ])
    func specExamples(_ line: String) {
        let item = TODOItem(parsing: line)
        #expect(item.text == line)
        #expect(item.line == bytes(line))
    }

    @Test("S1: serialization depends only on the five fields")
    func onlyFiveFields() throws {
        // Two parses of lines that differ only in words give the same header bytes.
        let a = TODOItem(parsing: "x 2024-02-01 2024-01-01 +p @c k:v")
        let b = try TODOItem(
            description: "+p @c k:v", creationDate: date("2024-01-01"), isDone: true,
            completionDate: date("2024-02-01"))
        #expect(a == b)
        #expect(a.line == b.line)
    }

    @Test("A.6: the record's fields")
    func recordFields() {
        let item = TODOItem(parsing: "(A) 2024-01-01 call +p @c day:mon day:thu +p")
        #expect(item.isDone == false)
        #expect(item.priority?.description == "A")
        #expect(item.completionDate == nil)
        #expect(item.creationDate?.description == "2024-01-01")
        #expect(item.description == "call +p @c day:mon day:thu +p")
        #expect(item.projects == ["p", "p"])
        #expect(item.contexts == ["c"])
        #expect(item.tags.map { [$0.key, $0.value] } == [["day", "mon"], ["day", "thu"]])
    }

    @Test(
        "TODOItemError descriptions are one line",
        arguments: [
            TODOItemError.lineBreakInDescription, .priorityOnCompletedTask,
            .completionDateOnOpenTask,
            .creationDateWithoutCompletionDate, .descriptionLooksLikeHeader, .invalidTag,
        ])
    func errorText(_ error: TODOItemError) {
        #expect(!error.description.isEmpty)
        #expect(!error.description.contains("\n"))
    }
}
