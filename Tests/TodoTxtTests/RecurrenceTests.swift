import Testing
import TodoTxt

/// One completed recurring task: the line, the completion date, and the next task's line (or
/// the error).
struct RecurrenceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let today: String
    let line: String
    let expected: Result<String?, RecurrenceError>

    init(_ name: String, today: String, _ line: String, _ next: String?) {
        self.name = name
        self.today = today
        self.line = line
        self.expected = .success(next)
    }

    init(_ name: String, today: String, _ line: String, throws error: RecurrenceError) {
        self.name = name
        self.today = today
        self.line = line
        self.expected = .failure(error)
    }

    var testDescription: String { name + ": " + visible(line) }
}

@Suite struct RecurrenceTests {
    // 2024-05-15 is a Wednesday, 2024-05-17 a Friday.
    static let cases: [RecurrenceCase] = [
        // Each unit, counted from today (not strict) with no date on the task.
        RecurrenceCase(
            "days", today: "2024-05-15", "water plants rec:3d", "water plants rec:3d due:2024-05-18"
        ),
        RecurrenceCase(
            "weeks", today: "2024-05-15", "review rec:2w", "review rec:2w due:2024-05-29"),
        RecurrenceCase("months", today: "2024-05-15", "rent rec:1m", "rent rec:1m due:2024-06-15"),
        RecurrenceCase("years", today: "2024-05-15", "renew rec:1y", "renew rec:1y due:2025-05-15"),
        RecurrenceCase(
            "business days", today: "2024-05-15", "report rec:3b", "report rec:3b due:2024-05-20"),
        RecurrenceCase(
            "strict without dates counts from today", today: "2024-05-15", "call rec:+2w",
            "call rec:+2w due:2024-05-29"),
        // due: moves from itself (strict) or from today.
        RecurrenceCase(
            "strict due", today: "2024-05-15", "pay due:2024-05-10 rec:+3d",
            "pay due:2024-05-13 rec:+3d"),
        RecurrenceCase(
            "due from today", today: "2024-05-15", "pay due:2024-05-10 rec:3d",
            "pay due:2024-05-18 rec:3d"),
        RecurrenceCase(
            "strict weeks", today: "2024-05-15", "review due:2024-05-14 rec:+1w",
            "review due:2024-05-21 rec:+1w"),
        RecurrenceCase(
            "weeks from today", today: "2024-05-15", "review due:2024-05-14 rec:1w",
            "review due:2024-05-22 rec:1w"),
        RecurrenceCase(
            "strict years", today: "2024-05-15", "renew due:2024-03-01 rec:+1y",
            "renew due:2025-03-01 rec:+1y"),
        // Month ends clamp.
        RecurrenceCase(
            "Jan 31 + 1m, leap year", today: "2024-01-31", "rent rec:1m",
            "rent rec:1m due:2024-02-29"),
        RecurrenceCase(
            "Jan 31 + 1m, common year", today: "2023-01-31", "rent rec:1m",
            "rent rec:1m due:2023-02-28"),
        RecurrenceCase(
            "strict Jan 31 + 1m, leap year", today: "2024-02-02", "rent due:2024-01-31 rec:+1m",
            "rent due:2024-02-29 rec:+1m"),
        RecurrenceCase(
            "strict Jan 31 + 1m, common year", today: "2023-02-02", "rent due:2023-01-31 rec:+1m",
            "rent due:2023-02-28 rec:+1m"),
        RecurrenceCase(
            "Feb 29 + 1y", today: "2024-03-01", "party due:2024-02-29 rec:+1y",
            "party due:2025-02-28 rec:+1y"),
        // Business days skip the weekend.
        RecurrenceCase(
            "strict Friday + 1b", today: "2024-05-15", "standup due:2024-05-17 rec:+1b",
            "standup due:2024-05-20 rec:+1b"),
        RecurrenceCase(
            "Friday + 1b from today", today: "2024-05-17", "standup rec:1b",
            "standup rec:1b due:2024-05-20"),
        // t: alone moves from its own base; with due: it moves as many days as due: did.
        RecurrenceCase(
            "strict t only", today: "2024-05-15", "t:2024-05-10 task rec:+2d",
            "t:2024-05-12 task rec:+2d"),
        RecurrenceCase(
            "t only from today", today: "2024-05-15", "t:2024-05-10 task rec:2d",
            "t:2024-05-17 task rec:2d"),
        RecurrenceCase(
            "strict due and t", today: "2024-05-15", "task t:2024-05-08 due:2024-05-10 rec:+1w",
            "task t:2024-05-15 due:2024-05-17 rec:+1w"),
        RecurrenceCase(
            "due and t from today", today: "2024-05-15", "task t:2024-05-08 due:2024-05-10 rec:1w",
            "task t:2024-05-20 due:2024-05-22 rec:1w"),
        RecurrenceCase(
            "due and t with months", today: "2024-05-15",
            "task t:2024-01-29 due:2024-01-31 rec:+1m", "task t:2024-02-27 due:2024-02-29 rec:+1m"),
        // The header: creation date to today, priority kept, a done line reopened.
        RecurrenceCase(
            "creation date", today: "2024-05-15", "2024-05-01 task rec:1d",
            "2024-05-15 task rec:1d due:2024-05-16"),
        RecurrenceCase(
            "priority", today: "2024-05-15", "(A) 2024-05-01 task due:2024-05-15 rec:+1w",
            "(A) 2024-05-15 task due:2024-05-22 rec:+1w"),
        RecurrenceCase(
            "priority, no creation date", today: "2024-05-15", "(B) task rec:1d",
            "(B) task rec:1d due:2024-05-16"),
        RecurrenceCase(
            "done line with pri:", today: "2024-05-15",
            "x 2024-05-15 2024-05-01 task due:2024-05-15 rec:+1w pri:B",
            "(B) 2024-05-15 task due:2024-05-22 rec:+1w"),
        // Every other byte stays.
        RecurrenceCase(
            "spacing", today: "2024-05-15", "task  due:2024-05-10   rec:+1d\t+proj @ctx id:7",
            "task  due:2024-05-11   rec:+1d\t+proj @ctx id:7"),
        RecurrenceCase(
            "trailing space", today: "2024-05-15", "task rec:1d ", "task rec:1d due:2024-05-16"),
        RecurrenceCase(
            "first valid due: only", today: "2024-05-15",
            "task due:soon due:2024-05-10 due:2024-06-01 rec:+1d",
            "task due:soon due:2024-05-11 due:2024-06-01 rec:+1d"),
        RecurrenceCase(
            "due: that is no date", today: "2024-05-15", "task due:friday rec:1d",
            "task due:friday rec:1d due:2024-05-16"),
        RecurrenceCase(
            "first rec: counts", today: "2024-05-15", "task rec:1d rec:1y",
            "task rec:1d rec:1y due:2024-05-16"),
        RecurrenceCase("no rec:", today: "2024-05-15", "task due:2024-05-10", nil),
        // Invalid values.
        RecurrenceCase(
            "word", today: "2024-05-15", "task rec:daily", throws: .invalidValue("daily")),
        RecurrenceCase("zero", today: "2024-05-15", "task rec:0d", throws: .invalidValue("0d")),
        RecurrenceCase(
            "negative", today: "2024-05-15", "task rec:-1w", throws: .invalidValue("-1w")),
        RecurrenceCase(
            "upper-case unit", today: "2024-05-15", "task rec:1W", throws: .invalidValue("1W")),
        RecurrenceCase("no unit", today: "2024-05-15", "task rec:3", throws: .invalidValue("3")),
        RecurrenceCase(
            "no number", today: "2024-05-15", "task rec:+w", throws: .invalidValue("+w")),
        RecurrenceCase(
            "two units", today: "2024-05-15", "task rec:1w2d", throws: .invalidValue("1w2d")),
        RecurrenceCase(
            "past 9999", today: "2024-05-15", "task due:9999-12-31 rec:+1d",
            throws: .outOfRange("+1d")),
    ]

    @Test(arguments: cases)
    func nextOccurrence(_ c: RecurrenceCase) throws {
        let today = try #require(LocalDate(c.today))
        let item = TODOItem(parsing: c.line)
        switch c.expected {
        case .success(let expected):
            let next = try item.nextOccurrence(completedOn: today)
            #expect(next?.text == expected)
            // The new task reads back as the same fields.
            if let next { #expect(TODOItem(parsingBytes: ArraySlice(next.line)) == next) }
        case .failure(let expected):
            #expect(throws: expected) { try item.nextOccurrence(completedOn: today) }
        }
    }

    @Test func parsesRecurrenceValues() {
        #expect(Recurrence("1w") == Recurrence(interval: DateOffset(count: 1, unit: .weeks)))
        #expect(
            Recurrence("+12m")
                == Recurrence(interval: DateOffset(count: 12, unit: .months), isStrict: true))
        #expect(Recurrence("+5b")?.description == "+5b")
        for bad in ["", "d", "+", "0w", "-1d", "1x", "1.5d", " 1d", "12345678d"] {
            #expect(Recurrence(bad) == nil, "\(bad)")
        }
    }

    @Test func errorsNameTheValue() {
        #expect(RecurrenceError.invalidValue("daily").description.hasPrefix("'rec:daily' is not"))
        #expect(
            RecurrenceError.outOfRange("+1d").description
                == "'rec:+1d' moves a date past the year 9999")
    }
}
