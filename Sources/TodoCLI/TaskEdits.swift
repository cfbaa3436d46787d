import TodoKit
import TodoStore
import TodoTxt

/// Messages produced inside a store update, printed once the write has succeeded (an update
/// can be retried, so nothing is printed from inside it).
struct Messages {
    /// The lines in order, as bytes: an echoed task carries its file's bytes, whether or not
    /// they are valid UTF-8.
    private(set) var entries: [(isError: Bool, bytes: [UInt8])] = []
    /// Set when processing stopped early (todo.sh's `die` after earlier items were applied).
    var stop: [String]?

    mutating func out(_ text: String) { entries.append((false, Array(text.utf8))) }
    mutating func err(_ text: String) { entries.append((true, Array(text.utf8))) }

    /// `NR TASK` on standard output, the task's bytes as they are in the file.
    mutating func echo(_ number: String, _ task: some Collection<UInt8>) {
        entries.append((false, Array(number.utf8) + [0x20] + Array(task)))
    }

    /// 1 when a warning was printed (already done, already prioritized, not prioritized), as
    /// todo.sh sets its status; derived, so a retried update cannot leave a stale value.
    var status: Int32 { entries.contains { $0.isError } ? 1 : 0 }
}

/// Remembers the text of the lines an edit touches, so that a retried edit (the file changed under
/// us) only goes ahead when those lines still hold the same text (README, "How `todo` writes your
/// files").
///
/// A command may name the same task twice (`do 1 1`, `pri 1 B 1 C`); todo.sh then takes the
/// words in order, the second seeing what the first made of the task. So a line is compared only
/// the first time an attempt touches it: call ``beginAttempt()`` at the start of each attempt.
final class LineGuard {
    private var seen: [Int: [UInt8]] = [:]
    private var touched: Set<Int> = []

    struct Changed: Error, CustomStringConvertible {
        var number: Int
        var description: String {
            "task \(number) changed while this command ran; nothing was written"
        }
    }

    /// Starts an attempt of the update: no line is touched yet.
    func beginAttempt() { touched = [] }

    /// Records line `index` on the first call; on a retry, throws when it changed. A line the
    /// current attempt already touched is this command's own work, not checked again.
    func check(_ lines: LineWindow, _ index: Int) throws {
        guard touched.insert(index).inserted else { return }
        let content = Array(try lines.content(at: index))
        if let old = seen[index] {
            guard old == content else { throw Changed(number: index + 1) }
        } else {
            seen[index] = content
        }
    }
}

extension Session {
    /// Prints `NR TASK` on standard output, the task's bytes as they are in the file (todo.sh's
    /// echo of a task, valid UTF-8 or not).
    func echo(_ number: String, _ task: [UInt8]) {
        console.write(Array(number.utf8) + [0x20] + task + [0x0A])
    }

    /// Prints collected messages, then ends with status 1 when processing stopped early.
    func emit(_ messages: Messages) throws {
        for entry in messages.entries {
            if entry.isError {
                console.error(String(decoding: entry.bytes, as: UTF8.self))
            } else {
                console.write(entry.bytes)
                console.write([0x0A])
            }
        }
        if let stop = messages.stop {
            throw CommandFailure.message(stop)
        }
    }

    /// todo.sh's `getTodo`: a task number must be digits only (else the usage message), and
    /// name an existing, non-empty line (else `PFX: No task N.`). Returns the 0-based index.
    ///
    /// - Throws: only what `lines` throws for a line it does not hold.
    func taskIndex(
        _ word: String?, in lines: LineWindow, file: String, usage: [String]
    ) throws -> Result<Int, CommandFailure> {
        guard let word, !word.isEmpty, word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return .failure(.message(usage))
        }
        let prefix = Session.prefix(of: file)
        guard let number = Int(word), number >= 1,
            let line = try lines.line(at: number - 1), !line.content.isEmpty
        else {
            return .failure(.message(["\(prefix): No task \(word)."]))
        }
        return .success(number - 1)
    }

    /// The 0-based lines that the task numbers among `words` name (the words that are not
    /// numbers name none): what an edit of those tasks reads of the file.
    static func lineIndices(_ words: some Sequence<String>) -> Set<Int> {
        var indices: Set<Int> = []
        for word in words where word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            if let number = Int(word), number >= 1 { indices.insert(number - 1) }
        }
        return indices
    }

    /// ``taskIndex(_:in:file:usage:)`` for a new attempt of a store update, the task checked by
    /// `lineGuard` against what earlier attempts saw (a task changed meanwhile stops the
    /// command).
    func guardedTaskIndex(
        _ word: String?, in lines: LineWindow, file: String, usage: [String],
        lineGuard: LineGuard
    ) throws -> Int {
        let index = try taskIndex(word, in: lines, file: file, usage: usage).get()
        lineGuard.beginAttempt()
        try lineGuard.check(lines, index)
        return index
    }

    /// Text typed for a task as every editing action writes it (TaskLine's rules): line breaks
    /// become spaces and `due:`/`t:` dates typed as words become dates, unless
    /// `TODOTXT_RELATIVE_DATES=0`.
    func typed(_ text: String) -> [UInt8] {
        TaskLine.typed(text, today: today, resolvingDates: settings.relativeDates)
    }

    /// Writes a prompt on standard error (only to a terminal) and reads a line of input.
    func promptLine(_ prompt: String) -> String {
        if environment.inputIsTerminal { console.prompt(prompt) }
        return environment.readLine() ?? ""
    }

    /// Asks a y/n question; only `y` accepts. todo.sh prints a newline afterwards.
    func confirm(_ question: String) -> Bool {
        if environment.inputIsTerminal { console.prompt(question) }
        let answer = environment.readKey() ?? ""
        console.line("")
        return answer == "y"
    }

    /// The text of an action's arguments, or a prompt for it (TodoShCompatibility.md §5.1). As
    /// in todo.sh, only the first word counts: when it is empty (`add '' x`), the text is asked
    /// for, or with `-f` there is none (`nil`, the action's usage).
    func text(of words: ArraySlice<String>, prompt: String) -> String? {
        guard let first = words.first, !first.isEmpty else {
            return settings.force ? nil : promptLine(prompt)
        }
        return words.joined(separator: " ")
    }

    // MARK: add, addm, addto

    /// Adds one task per input to `path` under the lock, each line as `add` writes it (the date
    /// with `-t`, the default priority), and reports them when verbose.
    func addTasks(_ inputs: [String], to path: String) throws {
        let date = settings.dateOnAdd ? today : nil
        let priority = Priority(settings.priorityOnAdd)
        let lines = inputs.map {
            TaskLine.added(typed($0), creationDate: date, defaultPriority: priority)
        }
        let count = try storage.appendCountingLines(path, lines: lines)
        let first = count - lines.count + 1
        for (offset, line) in lines.enumerated() {
            if verbose {
                echo(String(first + offset), line)
                console.line("\(Session.prefix(of: path)): \(first + offset) added.")
            }
            // FormatRules.md C.4: text that starts with "x " silently becomes a completed task.
            if TaskLine.isDone(line) {
                console.error(
                    "\(program): warning: task \(first + offset) starts with 'x ', so it reads as a completed task"
                )
            }
        }
    }

    /// The common shape of append, prepend and replace: the task is checked, the text taken from
    /// the words (or asked for when the first is empty and there is no `-f`), `change` applied
    /// in one update, and `report` prints the echo when verbose.
    func editText(
        _ words: [String], usage: [String], prompt: String,
        change: @escaping ([UInt8], [UInt8]) -> [UInt8],
        report: (String, [UInt8], [UInt8], inout Messages) -> Void
    ) throws {
        let file = settings.todoFile
        let word = words.count > 1 ? words[1] : nil
        // Only the first word decides whether the text is asked for; with -f, an empty first
        // word (or none) gives whatever the words make, as todo.sh does.
        let given = words.dropFirst(2)
        let asks = (given.first ?? "").isEmpty && !settings.force
        if asks {
            // Check the task before asking for the text.
            let current = LineWindow(try storage.read(file))
            _ = try taskIndex(word, in: current, file: file, usage: usage).get()
        }
        let input = typed(asks ? promptLine(prompt) : given.joined(separator: " "))
        let lineGuard = LineGuard()
        let lines = Session.lineIndices([word].compactMap { $0 })
        let (old, new) = try storage.update(file, lines: lines) { window -> ([UInt8], [UInt8]) in
            let index = try self.guardedTaskIndex(
                word, in: window, file: file, usage: usage, lineGuard: lineGuard)
            let old = Array(try window.line(at: index)?.content ?? [])
            let new = change(old, input)
            try window.replaceLine(at: index, with: new)
            return (old, new)
        }
        guard verbose else { return }
        var messages = Messages()
        report(words[1], old, new, &messages)
        try emit(messages)
    }
}

extension Console {
    /// Writes a prompt on standard error without a newline.
    func prompt(_ text: String) {
        flush()
        error(text, newline: false)
    }
}
