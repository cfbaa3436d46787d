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
    var historyTime: Int64 {
        Int64(now.date.daysSinceEpoch) * 86_400
            + Int64(now.hour * 3_600 + now.minute * 60 + now.second)
    }

    /// Records what a writing command changed; a history that cannot be written prints one
    /// warning line and the command still succeeds.
    func record(command words: [String], changes: [FileChange]) {
        guard !changes.isEmpty, let file = historyFile(warn: true) else { return }
        do {
            try file.update { history in
                history.record(
                    command: words.joined(separator: " "), time: historyTime, files: changes)
            }
        } catch {
            console.error("\(program): warning: \(error)")
        }
    }

    /// `undo`: takes back the most recent change of the todo file (and done.txt) through the
    /// three-way merge; `undo --list` prints the recorded changes, newest first.
    func undo(listing: Bool) throws -> Int32 {
        guard historyIsOn else {
            throw CommandFailure.die("\(program): undo: the history is off (TODOTXT_HISTORY=0)")
        }
        let file: HistoryFile
        do {
            guard
                let found = try HistoryFile.locate(
                    todoFile: settings.todoFile, variables: environment.variables)
            else { throw CommandFailure.die("\(program): undo: nothing to undo") }
            file = found
        } catch let error as HistoryFile.Unusable {
            throw CommandFailure.die("\(program): undo: \(error)")
        }
        if listing {
            for entry in file.read().entries.reversed() {
                console.line(
                    "\(Session.historyMoment(entry.time))  \(entry.command)  \(entry.summary)")
            }
            return 0
        }
        let undone = try file.update { history throws -> HistoryEntry in
            guard let target = history.undoTarget else {
                throw CommandFailure.die("\(program): undo: nothing to undo")
            }
            func refusal(_ error: any Error) -> CommandFailure {
                .die("\(program): undo: cannot take back '\(target.command)': \(error)")
            }
            // Every file is checked before any is written, so a refusal changes nothing.
            for change in target.files {
                let current =
                    storage.fileExists(change.path) ? try storage.readBytes(change.path) : []
                do {
                    _ = try change.undo(current: current)
                } catch {
                    throw refusal(error)
                }
            }
            var made: [FileChange] = []
            for change in target.files {
                let written = try storage.update(change.path) { list -> FileChange in
                    let current = list.serialized()
                    let restored: [UInt8]
                    do {
                        restored = try change.undo(current: current)
                    } catch {
                        throw refusal(error)
                    }
                    list = TodoList(bytes: restored)
                    return FileChange(path: change.path, before: current, after: restored)
                }
                made.append(written)
            }
            history.record(command: "undo", time: historyTime, files: made, undid: target.id)
            return target
        }
        if verbose {
            console.line("TODO: Undid '\(undone.command)' (\(undone.summary)).")
        }
        return 0
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
