/// A calendar date without a time or a time zone, as todo.txt writes it: `YYYY-MM-DD`.
///
/// Only real proleptic-Gregorian dates from 0001-01-01 to 9999-12-31 can be built, so a
/// `LocalDate` is always valid. Parsing is done by hand on bytes (no Foundation).
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31.
    public let day: Int

    /// Creates a date from its parts, or returns `nil` when they name no real date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= LocalDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly ten ASCII scalars `YYYY-MM-DD` that name a real date.
    public init?(_ text: some StringProtocol) {
        var copy = String(text)
        guard let date = copy.withUTF8({ LocalDate(utf8: $0) }) else { return nil }
        self = date
    }

    /// Parses exactly ten bytes `YYYY-MM-DD` that name a real date.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return nil }
        // Each digit's value, or 10 and more for any other byte.
        let y0 = bytes[0] &- 0x30
        let y1 = bytes[1] &- 0x30
        let y2 = bytes[2] &- 0x30
        let y3 = bytes[3] &- 0x30
        let m0 = bytes[5] &- 0x30
        let m1 = bytes[6] &- 0x30
        let d0 = bytes[8] &- 0x30
        let d1 = bytes[9] &- 0x30
        guard y0 < 10, y1 < 10, y2 < 10, y3 < 10, m0 < 10, m1 < 10, d0 < 10, d1 < 10 else {
            return nil
        }
        self.init(
            year: Int(y0) * 1000 + Int(y1) * 100 + Int(y2) * 10 + Int(y3),
            month: Int(m0) * 10 + Int(m1), day: Int(d0) * 10 + Int(d1))
    }

    /// Parses the bytes of a collection, which must be exactly `YYYY-MM-DD`.
    init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 10 else { return nil }
        let parsed = bytes.withContiguousStorageIfAvailable { LocalDate(utf8: $0) }
        if let parsed {
            guard let parsed else { return nil }
            self = parsed
        } else {
            let array = Array(bytes)
            guard let date = array.withUnsafeBufferPointer({ LocalDate(utf8: $0) }) else {
                return nil
            }
            self = date
        }
    }

    /// The date as `YYYY-MM-DD`, zero-padded.
    public var description: String {
        String(decoding: utf8, as: UTF8.self)
    }

    /// The ten bytes of ``description``.
    public var utf8: [UInt8] {
        [
            digit(year / 1000), digit(year / 100), digit(year / 10), digit(year), 0x2D,
            digit(month / 10), digit(month), 0x2D, digit(day / 10), digit(day),
        ]
    }

    /// The ASCII digit of `value % 10`.
    private func digit(_ value: Int) -> UInt8 { UInt8(truncatingIfNeeded: 0x30 + value % 10) }

    /// Whether `year` is a leap year in the proleptic Gregorian calendar.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Creates the date that lies `days` days after 1970-01-01, or `nil` outside years 1...9999.
    public init?(daysSinceEpoch days: Int) {
        // 0001-01-01 and 9999-12-31; outside them the arithmetic below could overflow.
        guard (-719_162...2_932_896).contains(days) else { return nil }
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// The date `days` days later (earlier when negative), or `nil` past the calendar's range.
    public func adding(days: Int) -> LocalDate? {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(days)
        return overflow ? nil : LocalDate(daysSinceEpoch: sum)
    }

    /// The date `months` months later, clamped to the last day of the target month
    /// (2024-01-31 plus one month is 2024-02-29).
    public func adding(months: Int) -> LocalDate? {
        // 9999 years are fewer than 120_000 months; larger steps leave the calendar anyway.
        guard (-120_000...120_000).contains(months) else { return nil }
        let total = (year * 12 + (month - 1)) + months
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        guard (1...9999).contains(newYear) else { return nil }
        return LocalDate(
            year: newYear, month: newMonth,
            day: min(day, LocalDate.daysIn(month: newMonth, year: newYear)))
    }

    /// The date `years` years later, clamped (2024-02-29 plus one year is 2025-02-28).
    public func adding(years: Int) -> LocalDate? {
        guard (-10_000...10_000).contains(years) else { return nil }
        return adding(months: years * 12)
    }

    /// The date `count` business days later (earlier when negative), stepping one day at a time
    /// in the sign's direction and counting only Monday to Friday: Friday plus one business day
    /// is Monday, Saturday minus one is Friday, and zero business days is the date itself.
    /// Returns `nil` past the calendar's range.
    public func adding(businessDays count: Int) -> LocalDate? {
        // Beyond this the result leaves years 1...9999 anyway (and the arithmetic could overflow).
        guard (-3_000_000...3_000_000).contains(count) else { return nil }
        let step = count < 0 ? -1 : 1
        var remaining = abs(count)
        var day = daysSinceEpoch
        // Whole weeks first: five business days are always seven calendar days.
        if remaining > 5 {
            let weeks = (remaining - 1) / 5
            day += weeks * 7 * step
            remaining -= weeks * 5
        }
        while remaining > 0 {
            day += step
            // 1970-01-01 (day 0) was a Thursday; ISO weekdays 6 and 7 are the weekend.
            if ((day % 7 + 7) % 7 + 3) % 7 + 1 <= 5 { remaining -= 1 }
        }
        return LocalDate(daysSinceEpoch: day)
    }

    /// The date moved by `offset` (days, weeks, months and years clamped to the target month's
    /// last day, or business days), or `nil` past the calendar's range.
    public func adding(_ offset: DateOffset) -> LocalDate? {
        switch offset.unit {
        case .days: return adding(days: offset.count)
        case .weeks:
            let (days, overflow) = offset.count.multipliedReportingOverflow(by: 7)
            return overflow ? nil : adding(days: days)
        case .months: return adding(months: offset.count)
        case .years: return adding(years: offset.count)
        case .businessDays: return adding(businessDays: offset.count)
        }
    }

    /// The number of days from `other` to this date (negative when `other` is later).
    public func days(since other: LocalDate) -> Int {
        daysSinceEpoch - other.daysSinceEpoch
    }

    /// The ISO weekday: 1 is Monday, 7 is Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        let offset = (daysSinceEpoch % 7 + 7) % 7
        return (offset + 3) % 7 + 1
    }

    /// Orders dates chronologically.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
