import Glibc
import TodoTxt

/// The computer's clock in local time (`time` and `localtime_r`, so `TZ` is honoured).
public struct SystemClock: Clock, Sendable {
    /// Creates the clock.
    public init() {}

    /// The local date and time `seconds` after 1970-01-01T00:00:00Z, under `TZ`; `nil` when it
    /// falls outside the years 1 to 9999.
    public static func moment(atEpochSeconds seconds: Int) -> LocalDateTime? {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil,
            let date = LocalDate(
                year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1,
                day: Int(parts.tm_mday))
        else { return nil }
        return LocalDateTime(
            date: date, hour: Int(parts.tm_hour), minute: Int(parts.tm_min),
            second: Int(parts.tm_sec))
    }

    /// The current local date and time.
    public func now() -> LocalDateTime {
        if let moment = Self.moment(atEpochSeconds: Int(time(nil))) { return moment }
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
