package import TodoTxt

/// A date as a query writes it: absolute (`2024-05-01`) or relative to today (`+3d`, `fri`,
/// `eom`). Relative values are resolved when the query is evaluated (query.md section 6).
///
/// This is the one date vocabulary of the project: `todo query` reads it, and the same parser
/// turns dates typed as words in new task text into absolute dates
/// (`resolvingRelativeDates(in:today:)`).
package enum DateValue: Hashable, Sendable {
    /// A calendar date.
    case absolute(LocalDate)
    /// Today moved by an offset (`today`, `tomorrow`, `yesterday`, `+3d`, `-2w`, `+1m`, `+5b`).
    case offset(DateOffset)
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

    /// The words of the vocabulary, lower-case, with the value each names.
    private static let words: [(String, DateValue)] = [
        ("today", .offset(DateOffset(count: 0, unit: .days))),
        ("tomorrow", .offset(DateOffset(count: 1, unit: .days))),
        ("yesterday", .offset(DateOffset(count: -1, unit: .days))),
        ("eow", .endOfWeek), ("eom", .endOfMonth), ("eoy", .endOfYear),
        ("mon", .weekday(1)), ("tue", .weekday(2)), ("wed", .weekday(3)), ("thu", .weekday(4)),
        ("fri", .weekday(5)), ("sat", .weekday(6)), ("sun", .weekday(7)),
        ("monday", .weekday(1)), ("tuesday", .weekday(2)), ("wednesday", .weekday(3)),
        ("thursday", .weekday(4)), ("friday", .weekday(5)), ("saturday", .weekday(6)),
        ("sunday", .weekday(7)),
    ]

    /// Every word of the vocabulary, lower-case (for tests and documentation).
    static var vocabulary: [String] { words.map(\.0) }

    /// Parses a date value, or returns `nil` when the text is not one. Words (`today`, `fri`,
    /// `friday`, `eom`) are read in any case; offsets need their sign (`+3d`) unless
    /// `allowingUnsignedOffsets` (`3d`, as typed in `due:3d`), and their unit is lower-case.
    package init?(parsing bytes: ArraySlice<UInt8>, allowingUnsignedOffsets: Bool = false) {
        if let date = LocalDate(slice: bytes) {
            self = .absolute(date)
            return
        }
        if bytes.count <= 9, let word = DateValue.word(bytes) {
            self = word
            return
        }
        guard let (offset, sign) = DateOffset.parse(bytes),
            sign != nil || allowingUnsignedOffsets
        else { return nil }
        self = .offset(offset)
    }

    /// The vocabulary word spelled by `bytes` in any ASCII case.
    private static func word(_ bytes: ArraySlice<UInt8>) -> DateValue? {
        let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        for (name, value) in words where name.utf8.elementsEqual(lowered) { return value }
        return nil
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
        case .offset(let offset): return today.adding(offset)
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
}
