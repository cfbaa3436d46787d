import TodoKit
import TodoStore
import TodoTxt

extension DoneAction {
    /// `do` followed by the auto-archive in one pass over the todo file: each named task is
    /// marked done on its way to done.txt, with the other done tasks and the empty lines, and
    /// the file is written once. Prints what `do` and then `archive` print and returns the
    /// status; `nil` when nothing was done and the two steps must run as before (an `archive`
    /// add-on, a word that is not a task's number, an empty or missing task, a recurring task
    /// whose next occurrence is added, a store that reads whole files).
    func markAndArchive(in context: Context) throws -> Int32? {
        let session = context.operations
        let settings = context.settings
        guard settings.autoArchive, case .none = session.lookUpAddon("archive") else {
            return nil
        }
        let numbers = Session.numberWords(words.dropFirst())
        var indices: Set<Int> = []
        for word in numbers {
            guard word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(word),
                number >= 1
            else { return nil }
            indices.insert(number - 1)
        }
        guard !indices.isEmpty else { return nil }
        let verbose = settings.verbosity > 0
        let today = context.now.date
        let keepPriority = settings.keepPriority
        // The named tasks as read, and what `do` says of them (built once the file is read).
        var named: [Int: [UInt8]] = [:]
        var messages = Messages()
        var warnings: [String: String] = [:]
        let result = try context.storage.moveLinesInPieces(
            from: settings.todoFile, to: settings.doneFile, matchingEarliest: true,
            { index, content, _ in
                if indices.contains(index) {
                    named[index] = Array(content)
                    if content.isEmpty { return .keep }
                    let done = TaskLine.completed(
                        Array(content), on: today, keepingPriority: keepPriority)
                    return done.map { .moveAs($0.line) } ?? .move
                }
                if content.isEmpty { return .remove }
                return content.starts(with: [0x78, 0x20]) ? .move : .keep
            },
            accepting: {
                messages = Messages()
                warnings = [:]
                // What this attempt read; another one reads the file again.
                defer { named = [:] }
                guard named.count == indices.count else { return false }
                var current = named
                for word in numbers {
                    guard let number = Int(word), let line = current[number - 1], !line.isEmpty
                    else { return false }
                    guard
                        let done = TaskLine.completed(
                            line, on: today, keepingPriority: keepPriority)
                    else {
                        messages.err("TODO: \(word) is already marked done.")
                        continue
                    }
                    guard done.next == nil else { return false }
                    current[number - 1] = done.line
                    if verbose {
                        messages.echo(word, done.line)
                        messages.out("TODO: \(word) marked as done.")
                    }
                    if let error = done.recurrenceError {
                        warnings[word] = "\(context.program): warning: task \(word): \(error)"
                    }
                }
                return true
            })
        guard let result else { return nil }
        try session.emit(messages)
        for word in numbers { if let warning = warnings[word] { context.console.error(warning) } }
        guard verbose else { return messages.status }
        result.forEachMoved { content in
            context.console.write(content)
            context.console.write(CollectionOfOne(UInt8(0x0A)))
        }
        context.console.line("TODO: \(settings.todoFile) archived.")
        return messages.status
    }
}
