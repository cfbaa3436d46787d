/// An amount of calendar time, such as the `3d` of `due:+3d` or the `1w` of `rec:1w`: a signed
/// count of days, weeks, months, years or business days (Monday to Friday).
///
/// ```swift
/// let step = DateOffset("+1m")                          // one month
/// LocalDate(year: 2024, month: 1, day: 31)?.adding(step!)  // 2024-02-29
/// ```
public struct DateOffset: Hashable, Sendable, CustomStringConvertible {
    /// The unit of an offset, written as one lower-case letter.
    public enum Unit: UInt8, Hashable, Sendable, CaseIterable {
        /// `d`: calendar days.
        case days = 0x64
        /// `w`: weeks of seven days.
        case weeks = 0x77
        /// `m`: months, keeping the day of month, clamped to the target month's last day.
        case months = 0x6D
        /// `y`: years, clamped like months (February 29 plus one year is February 28).
        case years = 0x79
        /// `b`: business days, Monday to Friday.
        case businessDays = 0x62
    }

    /// The signed number of units.
    public var count: Int
    /// The unit.
    public var unit: Unit

    /// Creates an offset of `count` units.
    public init(count: Int, unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// Parses `[+|-]DIGITS UNIT` (`3d`, `+2w`, `-1m`), with a lower-case unit `d w m y b` and at
    /// most seven digits, or returns `nil`. The sign is optional: `3d` and `+3d` are the same.
    public init?(_ text: some StringProtocol) {
        guard let parsed = DateOffset.parse(Array(text.utf8)[...]) else { return nil }
        self = parsed.offset
    }

    /// Parses `[+|-]DIGITS UNIT` with at most seven digits, and reports the sign byte as typed
    /// (`nil` when there was none) so that each caller can apply its own rule: a query needs
    /// the sign, `rec:` reads `+` as "strict", `postpone` takes none or `+`.
    package static func parse(_ bytes: ArraySlice<UInt8>) -> (offset: DateOffset, sign: UInt8?)? {
        guard let last = bytes.last, let unit = Unit(rawValue: last) else { return nil }
        var digits = bytes.dropLast()
        var sign: UInt8?
        if let first = digits.first, first == 0x2B || first == 0x2D {
            sign = first
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 7 else { return nil }
        var count = 0
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            count = count * 10 + Int(byte - 0x30)
        }
        return (DateOffset(count: sign == 0x2D ? -count : count, unit: unit), sign)
    }

    /// The offset as it is typed: `3d`, `-2w`.
    public var description: String {
        String(count) + String(UnicodeScalar(unit.rawValue))
    }
}
