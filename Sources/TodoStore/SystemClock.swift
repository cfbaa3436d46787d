import Glibc
import TodoTxt

/// The computer's clock in local time (`time` and `localtime_r`, so `TZ` is honoured).
public struct SystemClock: Clock, Sendable {
    /// Creates the clock.
    public init() {}

    /// The current local date and time.
    public func now() -> LocalDateTime {
        var seconds = time(nil)
        var parts = tm()
        if localtime_r(&seconds, &parts) == nil { _ = gmtime_r(&seconds, &parts) }
        let year = min(max(Int(parts.tm_year) + 1900, 1), 9999)
        let month = min(max(Int(parts.tm_mon) + 1, 1), 12)
        let day = min(max(Int(parts.tm_mday), 1), LocalDate.daysIn(month: month, year: year))
        guard let date = LocalDate(year: year, month: month, day: day) else {
            // Unreachable: the parts were clamped into range just above.
            preconditionFailure("clamped date \(year)-\(month)-\(day) is invalid")
        }
        return LocalDateTime(
            date: date, hour: Int(parts.tm_hour), minute: Int(parts.tm_min),
            second: Int(parts.tm_sec))
    }
}
