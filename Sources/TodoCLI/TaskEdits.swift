import TodoStore
import TodoTxt

/// Messages produced inside a store update, printed once the write has succeeded (an update
/// can be retried, so nothing is printed from inside it).
struct Messages {
    private(set) var entries: [(isError: Bool, text: String)] = []
    /// Set when processing stopped early (todo.sh's `die` after earlier items were applied).
    var stop: [String]?

    mutating func out(_ text: String) { entries.append((false, text)) }
    mutating func err(_ text: String) { entries.append((true, text)) }

    /// 1 when a warning was printed (already done, already prioritized, not prioritized), as
    /// todo.sh sets its status; derived, so a retried update cannot leave a stale value.
    var status: Int32 { entries.contains { $0.isError } ? 1 : 0 }
}

/// Remembers the text of the lines an edit touches, so that a retried edit (the file changed under
/// us) only goes ahead when those lines still hold the same text (README, "How `todo` writes your
/// files").
final class LineGuard {
    private var seen: [Int: [UInt8]] = [:]

    struct Changed: Error, CustomStringConvertible {
        var number: Int
        var description: String {
            "task \(number) changed while this command ran; nothing was written"
        }
    }

    /// Records line `index` on the first call; on a retry, throws when it changed.
    func check(_ list: TodoList, _ index: Int) throws {
        let content = index < list.count ? Array(list[index].content) : []
        if let old = seen[index] {
            guard old == content else { throw Changed(number: index + 1) }
        } else {
            seen[index] = content
        }
    }
}

extension Session {
    /// Prints collected messages, then ends with status 1 when processing stopped early.
    func emit(_ messages: Messages) throws {
        for entry in messages.entries {
            if entry.isError { console.error(entry.text) } else { console.line(entry.text) }
        }
        if let stop = messages.stop {
            throw CommandFailure.message(stop)
        }
    }

    /// todo.sh's `getTodo`: a task number must be digits only (else the usage message), and
    /// name an existing, non-empty line (else `PFX: No task N.`). Returns the 0-based index.
    func taskIndex(
        _ word: String?, in list: TodoList, file: String, usage: [String]
    ) -> Result<Int, CommandFailure> {
        guard let word, !word.isEmpty, word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return .failure(.message(usage))
        }
        let prefix = Session.prefix(of: file)
        guard let number = Int(word), number >= 1, number <= list.count,
            !list[number - 1].content.isEmpty
        else {
            return .failure(.message(["\(prefix): No task \(word)."]))
        }
        return .success(number - 1)
    }

    /// Turns CR and LF into spaces: a task is one line (TodoShCompatibility.md §4.4).
    static func clean(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0 == "\r" || $0 == "\n" ? " " : $0 }))
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

    /// The text of an action's arguments, or a prompt for it (TodoShCompatibility.md §5.1).
    func text(of words: ArraySlice<String>, prompt: String) -> String? {
        let joined = words.joined(separator: " ")
        if !joined.isEmpty { return joined }
        if settings.force { return nil }
        return promptLine(prompt)
    }

    // MARK: add, addm, addto

    /// `add TEXT` (TodoShCompatibility.md §5.2).
    func add(_ words: [String]) throws -> Int32 {
        guard let input = text(of: words.dropFirst(), prompt: "Add: ") else {
            throw die("usage: \(program) add \"TODO ITEM\"")
        }
        try addTasks([input], to: settings.todoFile)
        return 0
    }

    /// `addm "LINE\nLINE"` (TodoShCompatibility.md §5.3).
    func addMultiple(_ words: [String]) throws -> Int32 {
        guard let input = text(of: words.dropFirst(), prompt: "Add: ") else {
            throw die("usage: \(program) addm \"TODO ITEM\"")
        }
        let lines = input.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        try addTasks(lines, to: settings.todoFile)
        return 0
    }

    /// `addto DEST TEXT` (TodoShCompatibility.md §5.4).
    func addTo(_ words: [String]) throws -> Int32 {
        guard words.count >= 3, !words[1].isEmpty else {
            throw die("usage: \(program) addto DEST \"TODO ITEM\"")
        }
        let destination = settings.todoDirectory + "/" + words[1]
        guard storage.fileExists(destination) else {
            throw die("TODO: Destination file \(destination) does not exist.")
        }
        try addTasks([words.dropFirst(2).joined(separator: " ")], to: destination)
        return 0
    }

    /// Builds the line todo.sh would add for `input`: cleaned, a lower-case priority upper-cased,
    /// the date inserted with `-t`, the default priority added.
    func newTaskLine(_ input: String) -> String {
        var text = Array(Session.clean(input).utf8)
        if text.count >= 4, text[0] == 0x28, (0x61...0x7A).contains(text[1]), text[2] == 0x29,
            text[3] == 0x20
        {
            text[1] -= 0x20
        }
        let hasPriority = Session.listingPriority(text[...]) != nil
        if settings.dateOnAdd {
            let date = today.utf8 + [0x20]
            text.insert(contentsOf: date, at: hasPriority ? 4 : 0)
        }
        let startsWithPriority =
            text.count >= 3 && text[0] == 0x28 && (0x41...0x5A).contains(text[1]) && text[2] == 0x29
        if !settings.priorityOnAdd.isEmpty && !startsWithPriority {
            text = Array("(\(settings.priorityOnAdd)) ".utf8) + text
        }
        return String(decoding: text, as: UTF8.self)
    }

    func addTasks(_ inputs: [String], to path: String) throws {
        let lines = inputs.map(newTaskLine)
        let count = try storage.appendCountingLines(path, lines: lines.map { Array($0.utf8) })
        let first = count - lines.count + 1
        for (offset, line) in lines.enumerated() {
            if verbose {
                console.line("\(first + offset) \(line)")
                console.line("\(Session.prefix(of: path)): \(first + offset) added.")
            }
            // FormatRules.md C.4: text that starts with "x " silently becomes a completed task.
            if line.hasPrefix("x ") {
                console.error(
                    "\(program): warning: task \(first + offset) starts with 'x ', so it reads as a completed task"
                )
            }
        }
    }

    // MARK: append, prepend, replace

    /// `append NR TEXT` (TodoShCompatibility.md §5.10).
    func append(_ words: [String]) throws -> Int32 {
        let usage = ["usage: \(program) append NR \"TEXT TO APPEND\""]
        try editText(words, usage: usage, prompt: "Append: ") { old, input in
            let delimiters = Set(self.settings.sentenceDelimiters.unicodeScalars)
            let glue =
                input.unicodeScalars.first.map { delimiters.contains($0) } == true
                ? [] : [UInt8(0x20)]
            return old + glue + Array(input.utf8)
        } report: { number, old, new, messages in
            messages.out("\(number) \(new)")
        }
        return 0
    }

    /// `prepend NR TEXT` (TodoShCompatibility.md §5.11): after the priority and the creation date.
    func prepend(_ words: [String]) throws -> Int32 {
        let usage = ["usage: \(program) prepend NR \"TEXT TO PREPEND\""]
        try editText(words, usage: usage, prompt: "Prepend: ") { old, input in
            let split = Session.headerLength(old)
            return Array(old[..<split]) + Array(input.utf8) + [0x20] + Array(old[split...])
        } report: { number, old, new, messages in
            messages.out("\(number) \(new)")
        }
        return 0
    }

    /// `replace NR TEXT` (TodoShCompatibility.md §5.12): the old priority and creation date stay
    /// unless the new text brings its own.
    func replace(_ words: [String]) throws -> Int32 {
        let usage = ["usage: \(program) replace NR \"UPDATED ITEM\""]
        try editText(words, usage: usage, prompt: "Replacement: ") { old, input in
            let new = Array(input.utf8)
            let oldPriority = Session.priorityLength(old)
            let oldDate = Session.dateLength(old, at: oldPriority)
            let newPriority = Session.priorityLength(new)
            let newDate = Session.dateLength(new, at: newPriority)
            let priority =
                newPriority > 0 ? Array(new[0..<newPriority]) : Array(old[0..<oldPriority])
            let date =
                newDate > 0
                ? Array(new[newPriority..<(newPriority + newDate)])
                : Array(old[oldPriority..<(oldPriority + oldDate)])
            return priority + date + Array(new[(newPriority + newDate)...])
        } report: { number, old, new, messages in
            messages.out("\(number) \(old)")
            messages.out("TODO: Replaced task with:")
            messages.out("\(number) \(new)")
        }
        return 0
    }

    /// The letter of a `(A) `...`(Z) ` at the start: the priority todo.sh's listings, colours
    /// and `add` recognise (TodoShCompatibility.md §4.2).
    static func listingPriority(_ text: ArraySlice<UInt8>) -> UInt8? {
        guard text.count >= 4 else { return nil }
        let start = text.startIndex
        guard text[start] == 0x28, text[start + 2] == 0x29, text[start + 3] == 0x20,
            (0x41...0x5A).contains(text[start + 1])
        else { return nil }
        return text[start + 1]
    }

    /// `(?) ` at the start: todo.sh's editing actions accept any one character.
    static func priorityLength(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 4, bytes[0] == 0x28 else { return 0 }
        // One UTF-8 character between the parentheses.
        var end = 2
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        guard end + 1 < bytes.count, bytes[end] == 0x29, bytes[end + 1] == 0x20 else { return 0 }
        return end + 2
    }

    /// `[0-9]{2,4}-[0-9]{2}-[0-9]{2} ` at `start`.
    static func dateLength(_ bytes: [UInt8], at start: Int) -> Int {
        func digit(_ index: Int) -> Bool {
            index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39
        }
        var year = 0
        while year < 4 && digit(start + year) { year += 1 }
        guard year >= 2 else { return 0 }
        let rest = start + year
        guard rest + 6 < bytes.count, bytes[rest] == 0x2D, digit(rest + 1), digit(rest + 2),
            bytes[rest + 3] == 0x2D, digit(rest + 4), digit(rest + 5), bytes[rest + 6] == 0x20
        else { return 0 }
        return year + 7
    }

    static func headerLength(_ bytes: [UInt8]) -> Int {
        let priority = priorityLength(bytes)
        return priority + dateLength(bytes, at: priority)
    }

    /// The common shape of append, prepend and replace.
    private func editText(
        _ words: [String], usage: [String], prompt: String,
        change: @escaping ([UInt8], String) -> [UInt8],
        report: (String, String, String, inout Messages) -> Void
    ) throws {
        let file = settings.todoFile
        let word = words.count > 1 ? words[1] : nil
        let given = words.dropFirst(2).joined(separator: " ")
        if given.isEmpty && !settings.force {
            // Check the task before asking for the text.
            _ = try taskIndex(word, in: try storage.read(file), file: file, usage: usage).get()
        }
        let input = Session.clean(text(of: words.dropFirst(2), prompt: prompt) ?? "")
        let lineGuard = LineGuard()
        let (old, new) = try storage.update(file) { list -> (String, String) in
            let index = try self.taskIndex(word, in: list, file: file, usage: usage).get()
            try lineGuard.check(list, index)
            let old = Array(list[index].content)
            let new = change(old, input)
            list.replaceLine(at: index, with: new)
            return (String(decoding: old, as: UTF8.self), String(decoding: new, as: UTF8.self))
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
