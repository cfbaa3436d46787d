import TodoStore
import TodoTxt

/// The version `todo --version` prints.
let todoVersion = "1.0.0"

/// Reads "now" from the injected clock, or from `TODOTXT_NOW` when it is set.
enum Clocks {
    enum Reading {
        case success(LocalDateTime)
        case failure(String)
    }

    /// `TODOTXT_NOW` accepts `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS` (taken as local time, no
    /// conversion) or `@SECONDS` since the epoch (converted to local time under `TZ`).
    static func now(environment: Environment) -> Reading {
        guard let text = environment.variables["TODOTXT_NOW"], !text.isEmpty else {
            return .success(environment.clock.now())
        }
        if let moment = parse(text) { return .success(moment) }
        return .failure(
            "invalid TODOTXT_NOW '\(text)'; expected YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS or @SECONDS")
    }

    static func parse(_ text: String) -> LocalDateTime? {
        if text.hasPrefix("@") {
            guard let seconds = Int(text.dropFirst()) else { return nil }
            return SystemClock.moment(atEpochSeconds: seconds)
        }
        let bytes = Array(text.utf8)
        guard bytes.count == 10 || bytes.count == 19,
            let date = LocalDate(String(decoding: bytes[0..<10], as: UTF8.self))
        else { return nil }
        if bytes.count == 10 { return LocalDateTime(date: date) }
        guard bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
            let hour = Int(String(decoding: bytes[11..<13], as: UTF8.self)),
            let minute = Int(String(decoding: bytes[14..<16], as: UTF8.self)),
            let second = Int(String(decoding: bytes[17..<19], as: UTF8.self)),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            bytes[11...].allSatisfy({ $0 == 0x3A || ($0 >= 0x30 && $0 <= 0x39) })
        else { return nil }
        return LocalDateTime(date: date, hour: hour, minute: minute, second: second)
    }
}
