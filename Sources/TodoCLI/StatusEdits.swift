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
    private func eachTask(
        _ words: [String], usage: String,
        _ body: (Int, String, inout TodoList, inout Messages) throws -> Void
    ) throws -> Int32 {
        let numbers = Session.numberWords(words.dropFirst())
        guard !numbers.isEmpty else { throw die(usage) }
        let file = settings.todoFile
        let lineGuard = LineGuard()
        let messages = try storage.update(file) { list -> Messages in
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

    /// `pri NR PRI [NR PRI ...]` (TodoShCompatibility.md §5.13).
    func prioritize(_ words: [String]) throws -> Int32 {
        let usage = [
            "usage: \(program) pri NR PRIORITY [NR PRIORITY ...]",
            "note: PRIORITY must be anywhere from A to Z.",
        ]
        let pairs = Array(words.dropFirst())
        guard !pairs.isEmpty else { throw die(usage.joined(separator: "\n")) }
        let file = settings.todoFile
        let lineGuard = LineGuard()
        let messages = try storage.update(file) { list -> Messages in
            var messages = Messages()
            var position = 0
            while position < pairs.count {
                guard position + 1 < pairs.count,
                    let priority = Priority(pairs[position + 1], caseInsensitive: true)
                else {
                    messages.stop = usage
                    return messages
                }
                let word = pairs[position]
                switch self.taskIndex(word, in: list, file: file, usage: usage) {
                case .failure(let error):
                    messages.stop = error.lines
                    return messages
                case .success(let index):
                    try lineGuard.check(list, index)
                    let old = Array(list[index].content)
                    let oldLength = Session.priorityLength(old)
                    let oldPriority =
                        oldLength > 0
                        ? String(decoding: old[1..<(oldLength - 2)], as: UTF8.self) : nil
                    let newText = priority.description
                    if oldPriority != newText {
                        let new = [0x28, priority.ascii, 0x29, 0x20] + old[oldLength...]
                        list.replaceLine(at: index, with: new)
                    }
                    if self.verbose {
                        messages.out("\(word) \(list[index].text)")
                        if let oldPriority, oldPriority != newText {
                            messages.out(
                                "TODO: \(word) re-prioritized from (\(oldPriority)) to (\(newText))."
                            )
                        } else if oldPriority == nil {
                            messages.out("TODO: \(word) prioritized (\(newText)).")
                        }
                    }
                    if oldPriority == newText {
                        messages.err("TODO: \(word) already prioritized (\(newText)).")
                    }
                }
                position += 2
            }
            return messages
        }
        try emit(messages)
        return messages.status
    }

    /// `depri NR [NR ...]` (TodoShCompatibility.md §5.14).
    func deprioritize(_ words: [String]) throws -> Int32 {
        return try eachTask(words, usage: "usage: \(program) depri NR [NR ...]") {
            index, word, list, messages in
            let old = Array(list[index].content)
            let length = Session.priorityLength(old)
            if length > 0 {
                list.replaceLine(at: index, with: old[length...])
                if verbose {
                    messages.out("\(word) \(list[index].text)")
                    messages.out("TODO: \(word) deprioritized.")
                }
            } else {
                messages.err("TODO: \(word) is not prioritized.")
            }
        }
    }

    /// `do NR [NR ...]` (TodoShCompatibility.md §5.15), then `archive` unless auto-archive is off.
    func markDone(_ words: [String]) throws -> Int32 {
        var status = try eachTask(words, usage: "usage: \(program) do NR [NR ...]") {
            index, word, list, messages in
            let old = Array(list[index].content)
            guard !old.starts(with: [0x78, 0x20]) else {
                messages.err("TODO: \(word) is already marked done.")
                return
            }
            let length = Session.priorityLength(old)
            var rest = Array(old[length...])
            if settings.keepPriority, length == 4, (0x41...0x5A).contains(old[1]) {
                rest += Array(" pri:".utf8) + [old[1]]
            }
            list.replaceLine(at: index, with: [0x78, 0x20] + today.utf8 + [0x20] + rest)
            if verbose {
                messages.out("\(word) \(list[index].text)")
                messages.out("TODO: \(word) marked as done.")
            }
        }
        if settings.autoArchive {
            let archived = try runArchiveAction()
            if archived != 0 { status = archived }
        }
        return status
    }

    /// `del NR [TERM]` (TodoShCompatibility.md §5.16).
    func delete(_ words: [String]) throws -> Int32 {
        let usage = ["usage: \(program) del NR [TERM]"]
        let file = settings.todoFile
        let word = words.count > 1 ? words[1] : nil
        let lineGuard = LineGuard()
        func index(in list: TodoList) throws -> Int {
            let found = try taskIndex(word, in: list, file: file, usage: usage).get()
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
            let oldText = String(decoding: old, as: UTF8.self)
            let number = words[1]
            if old == new {
                if verbose { console.line("\(number) \(oldText)") }
                throw die("TODO: '\(term)' not found; no removal done.")
            }
            if verbose {
                console.line("\(number) \(oldText)")
                console.line("TODO: Removed '\(term)' from task.")
                console.line("\(number) \(String(decoding: new, as: UTF8.self))")
            }
            return 0
        }
        if !settings.force {
            // The question shows the task, so it is read (and checked) before asking.
            let current = try storage.read(file)
            let text = current[try index(in: current)].text
            if !confirm("Delete '\(text)'? (y/n) ") { throw die("TODO: No tasks were deleted.") }
        }
        let removed = try storage.update(file) { list -> String in
            let index = try index(in: list)
            let text = list[index].text
            self.blankOrRemove(index, in: &list)
            return text
        }
        if verbose {
            console.line("\(words[1]) \(removed)")
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

    /// `mv NR DEST [SRC]` (TodoShCompatibility.md §5.17): the task is appended to DEST before it
    /// leaves SRC.
    func move(_ words: [String]) throws -> Int32 {
        let usage = ["usage: \(program) mv NR DEST [SRC]"]
        let directory = settings.todoDirectory
        let destination = directory + "/" + (words.count > 2 ? words[2] : "")
        let source =
            words.count > 3 && !words[3].isEmpty ? directory + "/" + words[3] : settings.todoFile
        guard storage.fileExists(source) else {
            throw die("TODO: Source file \(source) does not exist.")
        }
        guard words.count > 2, storage.fileExists(destination) else {
            throw die("TODO: Destination file \(destination) does not exist.")
        }
        let word = words.count > 1 ? words[1] : nil
        let lineGuard = LineGuard()
        func index(in list: TodoList) throws -> Int {
            let found = try taskIndex(word, in: list, file: source, usage: usage).get()
            try lineGuard.check(list, found)
            return found
        }
        let sourcePrefix = Session.prefix(of: source)
        if !settings.force {
            // The question shows the task, so it is read (and checked) before asking.
            let current = try storage.read(source)
            let text = current[try index(in: current)].text
            if !confirm("Move '\(text)' from \(source) to \(destination)? (y/n) ") {
                throw die("\(sourcePrefix): No tasks moved.")
            }
        }
        let moved = try storage.move(from: source, to: destination) {
            list -> (moved: [[UInt8]], result: String) in
            let index = try index(in: list)
            let line = Array(list[index].content)
            self.blankOrRemove(index, in: &list)
            return ([line], String(decoding: line, as: UTF8.self))
        }
        let number = words[1]
        let target = try storage.read(destination)
        if verbose {
            console.line("\(number) \(moved)")
            console.line(
                "\(sourcePrefix): \(number) moved to \(target.count) in \(Session.prefix(of: destination))."
            )
        }
        return 0
    }

    /// `archive` (TodoShCompatibility.md §5.18): removes empty lines, moves done tasks to the done
    /// file.
    func archive(_ words: [String]) throws -> Int32 {
        let moved = try storage.move(from: settings.todoFile, to: settings.doneFile) {
            list -> (moved: [[UInt8]], result: [[UInt8]]) in
            var done: [[UInt8]] = []
            var doomed: [Int] = []
            for (index, line) in list.enumerated() {
                if line.content.isEmpty {
                    doomed.append(index)
                } else if line.content.starts(with: [0x78, 0x20]) {
                    done.append(Array(line.content))
                    doomed.append(index)
                }
            }
            list.removeLines(at: doomed)
            return (done, done)
        }
        guard !moved.isEmpty else {
            console.line("TODO: \(settings.todoFile) does not contain any done tasks.")
            return 0
        }
        if verbose {
            for line in moved {
                console.write(line)
                console.write([0x0A])
            }
            console.line("TODO: \(settings.todoFile) archived.")
        }
        return 0
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
