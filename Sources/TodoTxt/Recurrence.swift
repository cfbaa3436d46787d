/// How a task repeats: the value of its `rec:` tag (`rec:1w`, `rec:+1m`).
///
/// `rec:` takes an optional `+`, a positive number of at most seven digits and a lower-case
/// unit: `d` days, `w` weeks, `m` months, `y` years, `b` business days. Without `+`, the next
/// occurrence counts from the day the task was completed; with `+` (strict), from the task's own
/// `due:` date (else its `t:` date). See ``TODOItem/nextOccurrence(completedOn:)``.
public struct Recurrence: Hashable, Sendable, CustomStringConvertible {
    /// Whether the interval counts from the task's own dates (`rec:+1w`) rather than from the
    /// completion date (`rec:1w`).
    public var isStrict: Bool
    /// The interval; its count is always positive.
    public var interval: DateOffset

    /// Creates a recurrence; the interval's count should be positive.
    public init(interval: DateOffset, isStrict: Bool = false) {
        self.interval = interval
        self.isStrict = isStrict
    }

    /// Parses the value of a `rec:` tag (`1w`, `+3d`), or returns `nil` when it is not a
    /// recurrence (`daily`, `0d`, `-1w`, `1W`).
    public init?(_ value: some StringProtocol) {
        guard let (offset, sign) = DateOffset.parse(Array(value.utf8)[...]),
            sign != 0x2D, offset.count > 0
        else { return nil }
        self.init(interval: offset, isStrict: sign == 0x2B)
    }

    /// The value as written after `rec:`: `1w`, `+1m`.
    public var description: String {
        (isStrict ? "+" : "") + interval.description
    }
}

/// Why a completed task's next occurrence could not be made.
public enum RecurrenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `rec:` value is not a recurrence; it holds the value as written (`daily`).
    case invalidValue(String)
    /// A new date would fall outside years 1...9999; it holds the `rec:` value.
    case outOfRange(String)

    /// A one-line explanation naming the value.
    public var description: String {
        switch self {
        case .invalidValue(let value):
            "'rec:\(value)' is not a recurrence (expected a number and a unit d, w, m, y or b, "
                + "with an optional '+', as in rec:1w or rec:+1m)"
        case .outOfRange(let value):
            "'rec:\(value)' moves a date past the year 9999"
        }
    }
}
