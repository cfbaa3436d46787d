import Glibc
import Testing
import TodoTxt

@testable import TodoStore

/// The system clock tells local time and honours `TZ`.
@Suite(.serialized)
struct SystemClockTests {
    /// The moment `seconds` after the epoch, shifted by `offset` hours, read as UTC.
    static func utc(_ seconds: time_t, offsetHours: Int) -> LocalDateTime? {
        var shifted = seconds + time_t(offsetHours * 3600)
        var parts = tm()
        guard gmtime_r(&shifted, &parts) != nil,
            let date = LocalDate(
                year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1,
                day: Int(parts.tm_mday))
        else { return nil }
        return LocalDateTime(
            date: date, hour: Int(parts.tm_hour), minute: Int(parts.tm_min),
            second: Int(parts.tm_sec))
    }

    @Test(arguments: [("UTC0", 0), ("EAST-14", 14), ("WEST11", -11)])
    func followsTheTimeZone(zone: String, offsetHours: Int) throws {
        // TZ is process-wide, so it is changed in a child process only.
        let child = spawnChild {
            setenv("TZ", zone, 1)
            tzset()
            for _ in 0..<3 {
                let before = time(nil)
                let now = SystemClock().now()
                let after = time(nil)
                if before == after && now == Self.utc(before, offsetHours: offsetHours) {
                    return 0
                }
            }
            return 1
        }
        #expect(waitForChild(child) == .exited(0))
    }

    @Test func describesTheMoment() {
        let now = SystemClock().now()
        #expect(now.description.utf8.count == 19)
        #expect(now.description.hasPrefix(now.date.description + "T"))
    }
}
