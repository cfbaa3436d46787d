import TestSupport
import Testing
import TodoTxt

/// Parts of a date and whether A.0 calls them a real date.
struct DatePartsCase: Sendable, CustomTestStringConvertible {
    let year: Int
    let month: Int
    let day: Int
    let valid: Bool
    var testDescription: String { "A.0: \(year)-\(month)-\(day) \(valid ? "valid" : "invalid")" }
}

/// Text and whether it is exactly one DATE (A.0, H8, B.25).
struct DateTextCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let text: String
    let valid: Bool
    var testDescription: String { "\(rule): \(visible(text)) \(valid ? "valid" : "invalid")" }
}

/// A date, an amount, a unit and the expected result (nil past the calendar's range).
struct DateArithmeticCase: Sendable, CustomTestStringConvertible {
    enum Unit: String, Sendable { case days, months, years }
    let start: String
    let amount: Int
    let unit: Unit
    let expected: String?
    var testDescription: String { "\(start) + \(amount) \(unit.rawValue) = \(expected ?? "nil")" }
}

@Suite struct LocalDateTests {
    static let partsCases: [DatePartsCase] = [
        DatePartsCase(year: 2024, month: 2, day: 29, valid: true),
        DatePartsCase(year: 2019, month: 2, day: 29, valid: false),
        DatePartsCase(year: 1900, month: 2, day: 29, valid: false),
        DatePartsCase(year: 2000, month: 2, day: 29, valid: true),
        DatePartsCase(year: 2100, month: 2, day: 29, valid: false),
        DatePartsCase(year: 2400, month: 2, day: 29, valid: true),
        DatePartsCase(year: 2024, month: 2, day: 30, valid: false),
        DatePartsCase(year: 2024, month: 4, day: 31, valid: false),
        DatePartsCase(year: 2024, month: 4, day: 30, valid: true),
        DatePartsCase(year: 2024, month: 12, day: 31, valid: true),
        DatePartsCase(year: 2024, month: 13, day: 1, valid: false),
        DatePartsCase(year: 2024, month: 0, day: 1, valid: false),
        DatePartsCase(year: 2024, month: 1, day: 0, valid: false),
        DatePartsCase(year: 2024, month: 1, day: 32, valid: false),
        DatePartsCase(year: 2024, month: -1, day: 1, valid: false),
        DatePartsCase(year: 0, month: 1, day: 1, valid: false),
        DatePartsCase(year: 1, month: 1, day: 1, valid: true),
        DatePartsCase(year: 9999, month: 12, day: 31, valid: true),
        DatePartsCase(year: 10000, month: 1, day: 1, valid: false),
        DatePartsCase(year: -1, month: 1, day: 1, valid: false),
    ]

    static let textCases: [DateTextCase] = [
        DateTextCase(rule: "A.0", text: "2024-01-15", valid: true),
        DateTextCase(rule: "A.0", text: "0001-01-01", valid: true),
        DateTextCase(rule: "A.0", text: "9999-12-31", valid: true),
        DateTextCase(rule: "H8", text: "0000-01-01", valid: false),
        DateTextCase(rule: "H8", text: "2019-02-29", valid: false),
        DateTextCase(rule: "H8", text: "2024-02-29", valid: true),
        DateTextCase(rule: "H8", text: "2024-04-31", valid: false),
        DateTextCase(rule: "H8", text: "2024-13-01", valid: false),
        DateTextCase(rule: "H8", text: "2024-1-5", valid: false),
        DateTextCase(rule: "H8", text: "2024-01-5", valid: false),
        DateTextCase(rule: "H8", text: "2024/01/15", valid: false),
        DateTextCase(rule: "H8", text: "2024-01-15 ", valid: false),
        DateTextCase(rule: "H8", text: " 2024-01-15", valid: false),
        DateTextCase(rule: "H8", text: "+024-01-15", valid: false),
        DateTextCase(rule: "H8", text: "-024-01-15", valid: false),
        DateTextCase(rule: "H8", text: "2024-0a-15", valid: false),
        DateTextCase(rule: "H8", text: "", valid: false),
        DateTextCase(rule: "B.25", text: "\u{FF12}\u{FF10}\u{FF12}\u{FF14}-01-15", valid: false),
        DateTextCase(rule: "B.25", text: "2024-01-1\u{0665}", valid: false),
        DateTextCase(rule: "B.25", text: "2024\u{2010}01\u{2010}15", valid: false),
    ]

    static let arithmeticCases: [DateArithmeticCase] = [
        DateArithmeticCase(start: "2024-01-31", amount: 1, unit: .months, expected: "2024-02-29"),
        DateArithmeticCase(start: "2023-01-31", amount: 1, unit: .months, expected: "2023-02-28"),
        DateArithmeticCase(start: "2024-03-31", amount: -1, unit: .months, expected: "2024-02-29"),
        DateArithmeticCase(start: "2024-05-31", amount: 1, unit: .months, expected: "2024-06-30"),
        DateArithmeticCase(start: "2024-12-15", amount: 1, unit: .months, expected: "2025-01-15"),
        DateArithmeticCase(start: "2024-01-15", amount: -1, unit: .months, expected: "2023-12-15"),
        DateArithmeticCase(start: "2024-01-15", amount: 25, unit: .months, expected: "2026-02-15"),
        DateArithmeticCase(start: "2024-01-15", amount: -13, unit: .months, expected: "2022-12-15"),
        DateArithmeticCase(start: "2024-01-15", amount: 0, unit: .months, expected: "2024-01-15"),
        DateArithmeticCase(start: "0001-01-15", amount: -1, unit: .months, expected: nil),
        DateArithmeticCase(start: "9999-12-15", amount: 1, unit: .months, expected: nil),
        DateArithmeticCase(start: "2024-01-15", amount: Int.max, unit: .months, expected: nil),
        DateArithmeticCase(start: "2024-01-15", amount: Int.min, unit: .months, expected: nil),
        DateArithmeticCase(start: "2024-02-29", amount: 1, unit: .years, expected: "2025-02-28"),
        DateArithmeticCase(start: "2024-02-29", amount: 4, unit: .years, expected: "2028-02-29"),
        DateArithmeticCase(start: "2024-02-29", amount: -100, unit: .years, expected: "1924-02-29"),
        DateArithmeticCase(start: "2000-02-29", amount: 100, unit: .years, expected: "2100-02-28"),
        DateArithmeticCase(start: "9999-01-01", amount: 1, unit: .years, expected: nil),
        DateArithmeticCase(start: "2024-01-15", amount: Int.max, unit: .years, expected: nil),
        DateArithmeticCase(start: "2024-01-15", amount: Int.min, unit: .years, expected: nil),
        DateArithmeticCase(start: "2024-02-28", amount: 1, unit: .days, expected: "2024-02-29"),
        DateArithmeticCase(start: "2023-02-28", amount: 1, unit: .days, expected: "2023-03-01"),
        DateArithmeticCase(start: "2024-12-31", amount: 1, unit: .days, expected: "2025-01-01"),
        DateArithmeticCase(start: "2024-03-01", amount: -1, unit: .days, expected: "2024-02-29"),
        DateArithmeticCase(start: "2024-01-01", amount: 366, unit: .days, expected: "2025-01-01"),
        DateArithmeticCase(start: "1970-01-01", amount: -1, unit: .days, expected: "1969-12-31"),
        DateArithmeticCase(start: "0001-01-01", amount: -1, unit: .days, expected: nil),
        DateArithmeticCase(start: "9999-12-31", amount: 1, unit: .days, expected: nil),
        DateArithmeticCase(start: "2024-01-15", amount: Int.max, unit: .days, expected: nil),
        DateArithmeticCase(start: "2024-01-15", amount: Int.min, unit: .days, expected: nil),
    ]

    @Test("A.0: a LocalDate is built only from a real date", arguments: partsCases)
    func parts(_ test: DatePartsCase) {
        let value = LocalDate(year: test.year, month: test.month, day: test.day)
        #expect((value != nil) == test.valid)
        if let value {
            #expect(value.year == test.year && value.month == test.month && value.day == test.day)
        }
    }

    @Test("A.0: text is a DATE only as ten ASCII scalars YYYY-MM-DD", arguments: textCases)
    func text(_ test: DateTextCase) {
        let value = LocalDate(test.text)
        #expect((value != nil) == test.valid)
        if let value { #expect(value.description == test.text) }
        // The substring and byte entry points agree with the string one.
        #expect(LocalDate(Substring(test.text)) == value)
        let utf8 = bytes(test.text)
        #expect(utf8.withUnsafeBufferPointer { LocalDate(utf8: $0) } == value)
    }

    @Test("A.0: leap years: divisible by 4, except centuries, unless divisible by 400")
    func leapYears() {
        for year in 1...9999 {
            let expected = year % 400 == 0 || (year % 4 == 0 && year % 100 != 0)
            #expect(LocalDate.isLeapYear(year) == expected)
            #expect(LocalDate.daysIn(month: 2, year: year) == (expected ? 29 : 28))
            #expect((LocalDate(year: year, month: 2, day: 29) != nil) == expected)
        }
    }

    @Test("A.0: month lengths")
    func monthLengths() {
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for (index, length) in lengths.enumerated() {
            #expect(LocalDate.daysIn(month: index + 1, year: 2023) == length)
            #expect(LocalDate(year: 2023, month: index + 1, day: length) != nil)
            #expect(LocalDate(year: 2023, month: index + 1, day: length + 1) == nil)
        }
    }

    @Test("daysSinceEpoch of known dates")
    func knownEpochDays() {
        #expect(date("1970-01-01")?.daysSinceEpoch == 0)
        #expect(date("1970-01-02")?.daysSinceEpoch == 1)
        #expect(date("1969-12-31")?.daysSinceEpoch == -1)
        #expect(date("2000-01-01")?.daysSinceEpoch == 10_957)
        #expect(date("2000-03-01")?.daysSinceEpoch == 11_017)
        #expect(date("0001-01-01")?.daysSinceEpoch == -719_162)
        #expect(date("9999-12-31")?.daysSinceEpoch == 2_932_896)
        #expect(LocalDate(daysSinceEpoch: -719_163) == nil)
        #expect(LocalDate(daysSinceEpoch: 2_932_897) == nil)
        #expect(LocalDate(daysSinceEpoch: Int.max) == nil)
        #expect(LocalDate(daysSinceEpoch: Int.min) == nil)
    }

    @Test("daysSinceEpoch round-trips every day from 0001-01-01 to 9999-12-31")
    func everyDay() {
        // An independent calendar walk: day + 1, rolling month and year by hand.
        var (year, month, day) = (1, 1, 1)
        var failures = 0
        for number in -719_162...2_932_896 {
            let expected = LocalDate(year: year, month: month, day: day)
            let built = LocalDate(daysSinceEpoch: number)
            if built == nil || built != expected || built?.daysSinceEpoch != number {
                failures += 1
            }
            day += 1
            if day > LocalDate.daysIn(month: month, year: year) {
                day = 1
                month += 1
                if month > 12 {
                    month = 1
                    year += 1
                }
            }
        }
        #expect(failures == 0)
        #expect((year, month, day) == (10000, 1, 1))
    }

    @Test("Adding days, months and years; months and years clamp", arguments: arithmeticCases)
    func arithmetic(_ test: DateArithmeticCase) throws {
        let start = try #require(date(test.start))
        let result: LocalDate?
        switch test.unit {
        case .days: result = start.adding(days: test.amount)
        case .months: result = start.adding(months: test.amount)
        case .years: result = start.adding(years: test.amount)
        }
        #expect(result?.description == test.expected)
    }

    @Test("Weekday of known dates (ISO: Monday 1 ... Sunday 7)")
    func weekdays() {
        let known: [(String, Int)] = [
            ("1970-01-01", 4), ("1969-12-31", 3), ("2000-01-01", 6), ("2024-02-29", 4),
            ("2024-05-17", 5), ("2023-01-01", 7), ("2024-01-15", 1), ("0001-01-01", 1),
            ("9999-12-31", 5), ("1582-10-15", 5), ("1900-01-01", 1),
        ]
        for (text, weekday) in known {
            #expect(date(text)?.weekday == weekday, "\(text)")
        }
        // Consecutive days cycle through 1...7.
        if let start = date("0001-01-01") {
            for offset in 0..<30 {
                #expect(start.adding(days: offset)?.weekday == offset % 7 + 1)
            }
        }
    }

    @Test("description and utf8 are zero-padded YYYY-MM-DD")
    func padding() {
        #expect(LocalDate(year: 1, month: 2, day: 3)?.description == "0001-02-03")
        #expect(LocalDate(year: 12, month: 10, day: 9)?.description == "0012-10-09")
        #expect(LocalDate(year: 9999, month: 12, day: 31)?.description == "9999-12-31")
        #expect(LocalDate(year: 987, month: 11, day: 30)?.utf8 == bytes("0987-11-30"))
    }

    @Test("Dates order chronologically")
    func ordering() throws {
        let texts = [
            "0001-01-01", "0999-12-31", "2023-12-31", "2024-01-01", "2024-01-02",
            "2024-02-01", "9999-12-31",
        ]
        let dates = try texts.map { try #require(date($0)) }
        #expect(dates.sorted() == dates)
        var generator = SeededGenerator(seed: 7)
        #expect(dates.shuffled(using: &generator).sorted() == dates)
        #expect(!(dates[1] < dates[1]))
    }
}
