public import TodoTxt

/// A moment in local time, to the second.
public struct LocalDateTime: Hashable, Sendable, CustomStringConvertible {
    /// The local date.
    public var date: LocalDate
    /// 0...23.
    public var hour: Int
    /// 0...59.
    public var minute: Int
    /// 0...60.
    public var second: Int

    /// Creates a moment.
    public init(date: LocalDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `YYYY-MM-DDTHH:MM:SS`, as todo.sh's `report` writes it.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date)T\(two(hour)):\(two(minute)):\(two(second))"
    }
}

/// Tells the local date and time. Injected into the command runner so that tests need no real
/// date. (Not named `Clock`, which is the standard library's protocol for measuring time.)
public protocol LocalClock {
    /// The current local date and time.
    func now() -> LocalDateTime
}

/// A clock that always says the same moment.
public struct FixedClock: LocalClock, Sendable {
    /// The moment it says.
    public var moment: LocalDateTime

    /// Creates a clock stopped at `moment`.
    public init(_ moment: LocalDateTime) { self.moment = moment }

    /// Returns ``moment``.
    public func now() -> LocalDateTime { moment }
}
