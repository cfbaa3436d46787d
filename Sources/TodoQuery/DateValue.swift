package import TodoTxt

/// A date as a query writes it: absolute (`2024-05-01`) or relative to today (`+3d`, `fri`,
/// `eom`). Relative values are resolved when the query is evaluated (query.md section 6).
package enum DateValue: Hashable, Sendable {
    /// A calendar date.
    case absolute(LocalDate)
    /// Today plus a signed number of days (`today`, `tomorrow`, `yesterday`, `+3d`, `-2w`).
    case days(Int)
    /// Today plus a signed number of months, clamped to the target month's last day.
    case months(Int)
    /// Today plus a signed number of business days (Monday to Friday).
    case businessDays(Int)
    /// The next such ISO weekday (1 is Monday), today excluded.
    case weekday(Int)
    /// The Sunday on or after today.
    case endOfWeek
    /// The last day of this month.
    case endOfMonth
    /// December 31 of this year.
    case endOfYear

    /// The names a date value may take, for error messages.
    static let expected = [
        "YYYY-MM-DD", "today", "tomorrow", "yesterday", "an offset like +3d, -2w, +1m, +1y or +5b",
        "a weekday like mon", "eow", "eom", "eoy",
    ]

    private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let longWeekdays = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    /// Parses a date value, or returns `nil` when the text is not one.
    package init?(parsing bytes: ArraySlice<UInt8>) {
        if let date = LocalDate(slice: bytes) {
            self = .absolute(date)
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        switch text {
        case "today": self = .days(0)
        case "tomorrow": self = .days(1)
        case "yesterday": self = .days(-1)
        case "eow": self = .endOfWeek
        case "eom": self = .endOfMonth
        case "eoy": self = .endOfYear
        default:
            if let index = DateValue.weekdays.firstIndex(of: text)
                ?? DateValue.longWeekdays.firstIndex(of: text)
            {
                self = .weekday(index + 1)
                return
            }
            guard let offset = DateValue(offset: bytes) else { return nil }
            self = offset
        }
    }

    /// Parses `[+-]DIGITS UNIT`, where the sign is required and UNIT is one of `d w m y b`.
    private init?(offset bytes: ArraySlice<UInt8>) {
        guard bytes.count >= 3, bytes.count <= 9, let sign = bytes.first, let unit = bytes.last,
            sign == 0x2B || sign == 0x2D
        else { return nil }
        var amount = 0
        for byte in bytes.dropFirst().dropLast() {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            amount = amount * 10 + Int(byte - 0x30)
        }
        if sign == 0x2D { amount = -amount }
        switch unit {
        case 0x64: self = .days(amount)
        case 0x77: self = .days(amount * 7)
        case 0x6D: self = .months(amount)
        case 0x79: self = .months(amount * 12)
        case 0x62: self = .businessDays(amount)
        default: return nil
        }
    }

    /// Whether the value does not depend on today.
    package var isAbsolute: Bool {
        if case .absolute = self { return true }
        return false
    }

    /// The date this value names on `today`, or `nil` when it falls outside years 1...9999.
    package func resolve(today: LocalDate) -> LocalDate? {
        switch self {
        case .absolute(let date): return date
        case .days(let count): return today.adding(days: count)
        case .months(let count): return today.adding(months: count)
        case .businessDays(let count): return DateValue.adding(businessDays: count, to: today)
        case .weekday(let target):
            let ahead = (target - today.weekday + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        case .endOfWeek: return today.adding(days: 7 - today.weekday)
        case .endOfMonth:
            return LocalDate(
                year: today.year, month: today.month,
                day: LocalDate.daysIn(month: today.month, year: today.year))
        case .endOfYear: return LocalDate(year: today.year, month: 12, day: 31)
        }
    }

    /// Steps one day at a time in the sign's direction, counting only Monday to Friday.
    static func adding(businessDays count: Int, to start: LocalDate) -> LocalDate? {
        let step = count < 0 ? -1 : 1
        var remaining = abs(count)
        var day = start.daysSinceEpoch
        // Whole weeks first: five business days are always seven calendar days.
        if remaining > 5 {
            let weeks = (remaining - 1) / 5
            day += weeks * 7 * step
            remaining -= weeks * 5
        }
        while remaining > 0 {
            day += step
            // 1970-01-01 (day 0) was a Thursday; ISO weekday 6 and 7 are the weekend.
            let weekday = ((day % 7 + 7) % 7 + 3) % 7 + 1
            if weekday <= 5 { remaining -= 1 }
        }
        return LocalDate(daysSinceEpoch: day)
    }
}
