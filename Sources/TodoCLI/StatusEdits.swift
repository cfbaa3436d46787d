import TodoStore
import TodoTxt

extension Session {
    /// Task numbers separated by spaces or commas, as `do` and `depri` take them.
    static func numberWords(_ words: ArraySlice<String>) -> [String] {
        words.flatMap {
            $0.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
        }
    }

    /// Runs `body` for each task number of `words` (spaces or commas) inside one store update; a
    /// number that names no task stops the loop but keeps the tasks before it (todo.sh commits
    /// task by task). Prints the messages and returns the status.
    func eachTask(
        _ words: [String], usage: String,
        _ body: (Int, String, inout TodoList, inout Messages) throws -> Void
    ) throws -> Int32 {
        let numbers = Session.numberWords(words.dropFirst())
        guard !numbers.isEmpty else { throw die(usage) }
        let file = settings.todoFile
        let lineGuard = LineGuard()
        let messages = try storage.update(file) { list -> Messages in
            lineGuard.beginAttempt()
            var messages = Messages()
            for word in numbers {
                switch taskIndex(word, in: list, file: file, usage: [usage]) {
                case .failure(let error):
                    messages.stop = error.lines
                    return messages
                case .success(let index):
                    try lineGuard.check(list, index)
                    try body(index, word, &list, &messages)
                }
            }
            return messages
        }
        try emit(messages)
        return messages.status
    }

    /// `del NR [TERM]` (TodoShCompatibility.md §5.16).
    func delete(_ words: [String]) throws -> Int32 {
        let usage = ["usage: \(program) del NR [TERM]"]
        let file = settings.todoFile
        let word = words.count > 1 ? words[1] : nil
        let lineGuard = LineGuard()
        func index(in list: TodoList) throws -> Int {
            let found = try taskIndex(word, in: list, file: file, usage: usage).get()
            lineGuard.beginAttempt()
            try lineGuard.check(list, found)
            return found
        }
        if words.count > 2 && !words[2].isEmpty {
            let term = words[2]
            let (old, new) = try storage.update(file) { list -> ([UInt8], [UInt8]) in
                let index = try index(in: list)
                let old = Array(list[index].content)
                let new = try Session.removing(term: term, from: old)
                if new != old { list.replaceLine(at: index, with: new) }
                return (old, new)
            }
            let number = words[1]
            if old == new {
                if verbose { echo(number, old) }
                throw die("TODO: '\(term)' not found; no removal done.")
            }
            if verbose {
                echo(number, old)
                console.line("TODO: Removed '\(term)' from task.")
                echo(number, new)
            }
            return 0
        }
        if !settings.force {
            // The question shows the task, so it is read (and checked) before asking.
            let current = try storage.read(file)
            let text = current[try index(in: current)].text
            if !confirm("Delete '\(text)'? (y/n) ") { throw die("TODO: No tasks were deleted.") }
        }
        let removed = try storage.update(file) { list -> [UInt8] in
            let index = try index(in: list)
            let line = Array(list[index].content)
            self.blankOrRemove(index, in: &list)
            return line
        }
        if verbose {
            echo(words[1], removed)
            console.line("TODO: \(words[1]) deleted.")
        }
        return 0
    }

    /// Empties line `index` (preserving line numbers), or with `-n` removes it together with
    /// every other empty line. An emptied last line without a terminator is removed, as sed
    /// leaves it (`a` / `b` without a final newline becomes `a\n`, not `a\n\n`).
    func blankOrRemove(_ index: Int, in list: inout TodoList) {
        if index == list.count - 1 && list[index].terminator == .none {
            list.removeLine(at: index)
        } else {
            list.replaceLine(at: index, with: [])
        }
        if !settings.preserveLineNumbers {
            list.removeLines(at: list.indices.filter { list[$0].content.isEmpty })
        }
    }

    /// `del NR TERM`: removes every match of the case-sensitive BRE `TERM`, with the spaces
    /// around it, as todo.sh's five sed substitutions do.
    static func removing(term: String, from line: [UInt8]) throws -> [UInt8] {
        let steps: [(String, String)] = [
            ("^\\(\\(.\\) \\)\\{0,1\\} *\(term) *", "\\1"),
            (" *\(term) *$", ""),
            ("  *\(term) *", " "),
            (" *\(term)  *", " "),
            (term, ""),
        ]
        var result = line
        for (pattern, replacement) in steps {
            guard let regex = try? BasicRegex(pattern) else { return line }
            result = regex.replacingAll(in: result, with: Array(replacement.utf8))
        }
        return result
    }

    /// `deduplicate` (TodoShCompatibility.md §5.19): later copies of a line are emptied (or removed
    /// with `-n`).
    func deduplicate(_ words: [String]) throws -> Int32 {
        let removed = try storage.update(settings.todoFile) { list -> Int in
            var seen = Set<ArraySlice<UInt8>>()
            var duplicates: [Int] = []
            for (index, line) in list.enumerated() where !line.content.isEmpty {
                if !seen.insert(line.content).inserted { duplicates.append(index) }
            }
            if self.settings.preserveLineNumbers {
                for index in duplicates { list.replaceLine(at: index, with: []) }
            } else {
                list.removeLines(at: duplicates)
            }
            return duplicates.count
        }
        guard removed > 0 else { throw die("TODO: No duplicate tasks found") }
        console.line("TODO: \(removed) duplicate task(s) removed")
        return 0
    }

    /// `report` (TodoShCompatibility.md §5.20): archive, then append `TIMESTAMP OPEN DONE` to the
    /// report file unless its last line already says the same counts.
    func report(_ words: [String]) throws -> Int32 {
        let archived = try runArchiveAction()
        let total = try storage.read(settings.todoFile).count
        let done = try storage.read(settings.doneFile).count
        let counts = "\(total) \(done)"
        let report = try storage.read(settings.reportFile)
        let last = report.last?.text ?? ""
        let lastCounts = last.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init)
        if lastCounts == counts {
            console.line(last)
            if verbose { console.line("TODO: Report file is up-to-date.") }
        } else {
            let line = "\(now) \(counts)"
            try storage.append(settings.reportFile, lines: [Array(line.utf8)])
            console.line(line)
            if verbose { console.line("TODO: Report file updated.") }
        }
        return archived
    }
}
