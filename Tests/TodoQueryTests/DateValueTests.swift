import Testing
import TodoTxt

@testable import TodoQuery

@Suite struct DateValueTests {
    /// (today, value, expected date) across month ends, year ends and leap days.
    static let cases: [(LocalDate, String, LocalDate)] = [
        (day(2024, 1, 31), "+1m", day(2024, 2, 29)),
        (day(2023, 1, 31), "+1m", day(2023, 2, 28)),
        (day(2024, 3, 31), "-1m", day(2024, 2, 29)),
        (day(2024, 2, 29), "+1y", day(2025, 2, 28)),
        (day(2024, 2, 29), "-1y", day(2023, 2, 28)),
        (day(2024, 2, 29), "+4y", day(2028, 2, 29)),
        (day(2024, 12, 15), "+1m", day(2025, 1, 15)),
        (day(2024, 1, 15), "-1m", day(2023, 12, 15)),
        (day(2024, 10, 31), "+4m", day(2025, 2, 28)),
        (day(2024, 12, 31), "+1d", day(2025, 1, 1)),
        (day(2024, 12, 31), "tomorrow", day(2025, 1, 1)),
        (day(2025, 1, 1), "yesterday", day(2024, 12, 31)),
        (day(2024, 3, 1), "-1d", day(2024, 2, 29)),
        (day(2023, 3, 1), "-1d", day(2023, 2, 28)),
        (day(2024, 2, 28), "+1d", day(2024, 2, 29)),
        (day(2024, 12, 28), "+2w", day(2025, 1, 11)),
        (day(2024, 5, 15), "today", day(2024, 5, 15)),
        (day(2024, 5, 15), "2020-02-29", day(2020, 2, 29)),
        // Business days: 2024-05-18 is a Saturday.
        (day(2024, 5, 18), "+1b", day(2024, 5, 20)),
        (day(2024, 5, 18), "-1b", day(2024, 5, 17)),
        (day(2024, 5, 19), "+1b", day(2024, 5, 20)),
        (day(2024, 5, 17), "+1b", day(2024, 5, 20)),
        (day(2024, 5, 20), "-1b", day(2024, 5, 17)),
        (day(2024, 5, 18), "+0b", day(2024, 5, 18)),
        (day(2024, 5, 15), "+10b", day(2024, 5, 29)),
        (day(2024, 12, 31), "+3b", day(2025, 1, 3)),
        // Weekdays: 2024-05-15 is a Wednesday; today is excluded.
        (day(2024, 5, 15), "mon", day(2024, 5, 20)),
        (day(2024, 5, 15), "tue", day(2024, 5, 21)),
        (day(2024, 5, 15), "wed", day(2024, 5, 22)),
        (day(2024, 5, 15), "thu", day(2024, 5, 16)),
        (day(2024, 5, 15), "sun", day(2024, 5, 19)),
        (day(2024, 5, 15), "saturday", day(2024, 5, 18)),
        (day(2024, 12, 30), "fri", day(2025, 1, 3)),
        // Ends of week, month and year.
        (day(2024, 5, 15), "eow", day(2024, 5, 19)),
        (day(2024, 5, 19), "eow", day(2024, 5, 19)),
        (day(2024, 5, 20), "eow", day(2024, 5, 26)),
        (day(2024, 2, 10), "eom", day(2024, 2, 29)),
        (day(2023, 2, 10), "eom", day(2023, 2, 28)),
        (day(2024, 4, 30), "eom", day(2024, 4, 30)),
        (day(2024, 5, 15), "eoy", day(2024, 12, 31)),
        (day(2024, 12, 31), "eoy", day(2024, 12, 31)),
    ]

    @Test(arguments: cases)
    func resolves(today: LocalDate, value: String, expected: LocalDate) throws {
        let parsed = try #require(DateValue(parsing: ArraySlice(value.utf8)))
        #expect(parsed.resolve(today: today) == expected)
    }

    /// The fast business-day stepping agrees with walking one day at a time, from every
    /// weekday, in both directions.
    @Test(arguments: Array(-23...23))
    func businessDaysAgreeWithStepping(count: Int) {
        for offset in 0..<14 {
            let start = day(2024, 5, 13).adding(days: offset) ?? wednesday
            var date = start
            var remaining = abs(count)
            while remaining > 0 {
                date = date.adding(days: count < 0 ? -1 : 1) ?? date
                if date.weekday <= 5 { remaining -= 1 }
            }
            #expect(start.adding(businessDays: count) == date)
        }
    }

    @Test func datesPastTheCalendarDoNotResolve() throws {
        let parsed = try #require(DateValue(parsing: ArraySlice("+9999y".utf8)))
        #expect(parsed.resolve(today: wednesday) == nil)
        #expect(throws: QueryError.self) {
            try Query(parsing: "due<+9999y").resolved(today: wednesday)
        }
    }
}
