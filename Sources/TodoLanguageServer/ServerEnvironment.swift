package import TodoTxt

/// What the server needs from the outside world, injected so that it stays a pure library: the
/// clock, read access to files beside a document (`done.txt`), the `todo do` settings, and a log.
package struct ServerEnvironment {
    /// Today's date, from the same clock as the command line (`TODOTXT_NOW` honoured).
    package var today: () -> LocalDate
    /// The bytes of the file at an absolute path, or `nil` when it cannot be read.
    package var readFile: (String) -> [UInt8]?
    /// Whether marking a task done keeps its priority as a `pri:X` tag
    /// (`TODOTXT_KEEP_PRIORITY`), as `todo do` does.
    package var keepPriority: Bool
    /// Writes one line to the log (standard error); called only for messages at or above
    /// ``logLevel``.
    package var log: (String) -> Void
    /// How much to log.
    package var logLevel: LogLevel

    /// How much the server logs.
    package enum LogLevel: Int, Comparable, Sendable {
        /// Nothing.
        case off
        /// Problems with the input.
        case warning
        /// Every message received and sent.
        case debug

        /// Orders by verbosity.
        package static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// An environment; by default files cannot be read and nothing is logged.
    package init(
        today: @escaping () -> LocalDate,
        readFile: @escaping (String) -> [UInt8]? = { _ in nil },
        keepPriority: Bool = false,
        logLevel: LogLevel = .warning,
        log: @escaping (String) -> Void = { _ in }
    ) {
        self.today = today
        self.readFile = readFile
        self.keepPriority = keepPriority
        self.logLevel = logLevel
        self.log = log
    }
}
