import Testing
import TodoTxt

@Suite struct DateArithmeticTests {
    /// (start, offset, expected): every unit, both signs, month ends and leap days.
    static let cases: [(String, DateOffset, String)] = [
        ("2024-05-15", DateOffset(count: 3, unit: .days), "2024-05-18"),
        ("2024-05-15", DateOffset(count: -15, unit: .days), "2024-04-30"),
        ("2024-12-28", DateOffset(count: 2, unit: .weeks), "2025-01-11"),
        ("2024-01-31", DateOffset(count: 1, unit: .months), "2024-02-29"),
        ("2023-01-31", DateOffset(count: 1, unit: .months), "2023-02-28"),
        ("2024-03-31", DateOffset(count: -1, unit: .months), "2024-02-29"),
        ("2024-10-31", DateOffset(count: 4, unit: .months), "2025-02-28"),
        ("2024-02-29", DateOffset(count: 1, unit: .years), "2025-02-28"),
        ("2024-02-29", DateOffset(count: 4, unit: .years), "2028-02-29"),
        ("2024-05-17", DateOffset(count: 1, unit: .businessDays), "2024-05-20"),
        ("2024-05-18", DateOffset(count: -1, unit: .businessDays), "2024-05-17"),
        ("2024-05-18", DateOffset(count: 0, unit: .businessDays), "2024-05-18"),
        ("2024-05-15", DateOffset(count: 10, unit: .businessDays), "2024-05-29"),
    ]

    @Test(arguments: cases)
    func adds(start: String, offset: DateOffset, expected: String) throws {
        let date = try #require(LocalDate(start))
        #expect(date.adding(offset)?.description == expected)
    }

    /// Business days agree with walking one day at a time, from every weekday, both ways.
    @Test(arguments: Array(-23...23))
    func businessDaysAgreeWithStepping(count: Int) throws {
        for offset in 0..<14 {
            let start = try #require(LocalDate("2024-05-13")?.adding(days: offset))
            var date = start
            var remaining = abs(count)
            while remaining > 0 {
                date = try #require(date.adding(days: count < 0 ? -1 : 1))
                if date.weekday <= 5 { remaining -= 1 }
            }
            #expect(start.adding(businessDays: count) == date)
        }
    }

    @Test func leavingTheCalendarGivesNil() throws {
        let last = try #require(LocalDate("9999-12-31"))
        #expect(last.adding(DateOffset(count: 1, unit: .days)) == nil)
        #expect(last.adding(DateOffset(count: 1, unit: .businessDays)) == nil)
        #expect(last.adding(DateOffset(count: Int.max, unit: .weeks)) == nil)
        #expect(last.adding(DateOffset(count: Int.max, unit: .businessDays)) == nil)
    }

    @Test func daysBetweenDates() throws {
        let a = try #require(LocalDate("2024-02-27"))
        let b = try #require(LocalDate("2024-03-02"))
        #expect(b.days(since: a) == 4)
        #expect(a.days(since: b) == -4)
    }

    @Test func parsesOffsets() {
        #expect(DateOffset("3d") == DateOffset(count: 3, unit: .days))
        #expect(DateOffset("+2w") == DateOffset(count: 2, unit: .weeks))
        #expect(DateOffset("-1m") == DateOffset(count: -1, unit: .months))
        #expect(DateOffset("1234567y") == DateOffset(count: 1_234_567, unit: .years))
        #expect(DateOffset("5b")?.description == "5b")
        for bad in ["", "d", "3", "+", "3D", "3 d", "+-3d", "12345678d", "3dd", "३d"] {
            #expect(DateOffset(bad) == nil, "\(bad)")
        }
    }
}
