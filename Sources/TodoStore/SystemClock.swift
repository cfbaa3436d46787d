import TodoPlatform
import TodoTxt

/// The computer's clock in local time (`time` and `localtime_r`, so `TZ` is honoured).
public struct SystemClock: LocalClock, Sendable {
    /// Creates the clock.
    public init() {}

    /// The local date and time `seconds` after 1970-01-01T00:00:00Z, under `TZ`; `nil` when it
    /// falls outside the years 1 to 9999.
    public static func moment(atEpochSeconds seconds: Int) -> LocalDateTime? {
        guard let parts = LocalTime(epochSeconds: seconds),
            let date = LocalDate(year: parts.year, month: parts.month, day: parts.day)
        else { return nil }
        return LocalDateTime(
            date: date, hour: parts.hour, minute: parts.minute, second: parts.second)
    }

    /// The current local date and time.
    public func now() -> LocalDateTime {
        let seconds = LocalTime.currentEpochSeconds()
        if let moment = Self.moment(atEpochSeconds: seconds) { return moment }
        let parts =
            LocalTime(epochSeconds: seconds, utcFallback: true)
            ?? LocalTime(epochSeconds: 0, utcFallback: true)
        let year = min(max(parts?.year ?? 1970, 1), 9999)
        let month = min(max(parts?.month ?? 1, 1), 12)
        let day = min(max(parts?.day ?? 1, 1), LocalDate.daysIn(month: month, year: year))
        guard let date = LocalDate(year: year, month: month, day: day) else {
            // Unreachable: the parts were clamped into range just above.
            preconditionFailure("clamped date \(year)-\(month)-\(day) is invalid")
        }
        return LocalDateTime(
            date: date, hour: parts?.hour ?? 0, minute: parts?.minute ?? 0,
            second: parts?.second ?? 0)
    }
}
