import TodoHistory
import TodoStore
import TodoTxt

extension Session {
    /// Whether writing commands are recorded (`TODOTXT_HISTORY=0` turns it off).
    var historyIsOn: Bool { settings.history }

    /// The history of this run's todo file, or `nil` when there is none to keep; a history that
    /// cannot be used prints one warning line (`warn`) and is `nil`.
    func historyFile(warn: Bool) -> HistoryFile? {
        guard historyIsOn else { return nil }
        do {
            return try HistoryFile.locate(
                todoFile: settings.todoFile, variables: environment.variables)
        } catch {
            if warn { console.error("\(program): warning: \(error)") }
            return nil
        }
    }

    /// The moment of this run as seconds of local wall-clock time since 1970-01-01 00:00 (no
    /// time zone involved, so `TODOTXT_NOW` pins it).
    var historyTime: Int64 { Session.historyTime(of: now) }

    /// A moment as the history keeps it: seconds of local wall-clock time since 1970-01-01.
    static func historyTime(of moment: LocalDateTime) -> Int64 {
        Int64(moment.date.daysSinceEpoch) * 86_400
            + Int64(moment.hour * 3_600 + moment.minute * 60 + moment.second)
    }

    /// Records what a writing command changed, reading the lines its records name by where
    /// they lie through `spans`; a history that cannot be written prints one warning line and
    /// the command still succeeds.
    func record(
        command words: [String], changes: [FileChange], spans: LineSpan.Reader? = nil
    ) {
        guard !changes.isEmpty, let file = historyFile(warn: true) else { return }
        do {
            try file.record(spans: spans) { history in
                history.record(
                    command: words.joined(separator: " "), time: historyTime, files: changes)
            }
        } catch {
            console.error("\(program): warning: \(error)")
        }
    }

    /// `YYYY-MM-DD HH:MM:SS` of a history time.
    static func historyMoment(_ time: Int64) -> String {
        let days = Int(time >= 0 ? time / 86_400 : (time - 86_399) / 86_400)
        let seconds = Int(time - Int64(days) * 86_400)
        let date = LocalDate(daysSinceEpoch: days).map(\.description) ?? "????-??-??"
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(date) \(two(seconds / 3_600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }
}
