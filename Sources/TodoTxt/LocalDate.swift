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
        var value = [0, 0, 0]
        var part = 0
        for index in 0..<10 where index != 4 && index != 7 {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            if index == 5 || index == 8 { part += 1 }
            value[part] = value[part] * 10 + Int(digit)
        }
        self.init(year: value[0], month: value[1], day: value[2])
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
        func digits(_ value: Int, _ count: Int) -> [UInt8] {
            var result = [UInt8](repeating: 0x30, count: count)
            var rest = value
            for index in stride(from: count - 1, through: 0, by: -1) {
                result[index] = UInt8(0x30 + rest % 10)
                rest /= 10
            }
            return result
        }
        return digits(year, 4) + [0x2D] + digits(month, 2) + [0x2D] + digits(day, 2)
    }

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
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The date `months` months later, clamped to the last day of the target month
    /// (2024-01-31 plus one month is 2024-02-29).
    public func adding(months: Int) -> LocalDate? {
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
        adding(months: years * 12)
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
