import TodoKit
import TodoStore
import TodoTxt

/// Marks tasks done (todo.sh `do`).
struct DoneAction: TodoShAction {
    static let names = [
        "do",
        "done",
    ]
    static let synopses = [
        "do NR [NR ...]",
        "done NR [NR ...]",
    ]
    static let help = [
        "Marks the tasks done today (the priority is dropped, or kept as pri:X with",
        "TODOTXT_KEEP_PRIORITY=1), then archives them unless auto-archive is off (-a).",
    ]
    static let completion = CompletionKind.tasks
    static let writesFiles = true

    let words: [String]

    /// `do NR [NR ...]` (TodoShCompatibility.md §5.15), the numbers taken in order (`do 1 1`
    /// marks task 1, then warns that it is done), then `archive` unless auto-archive is off.
    func run(in context: Context) throws -> Int32 {
        if let status = try markAndArchive(in: context) { return status }
        let session = context.operations
        let verbose = context.settings.verbosity > 0
        let today = context.now.date
        // The next occurrence of each completed recurring task and the warnings for invalid
        // `rec:` values, by task word (a retried update redoes and overwrites them).
        var recurring: [String: (index: Int, line: [UInt8])] = [:]
        var warnings: [String: String] = [:]
        var status = try session.eachTask(words, usage: "usage: \(context.program) do NR [NR ...]")
        {
            index, word, list, messages in
            guard
                let done = TaskLine.completed(
                    Array(try list.content(at: index)), on: today,
                    keepingPriority: context.settings.keepPriority)
            else {
                messages.err("TODO: \(word) is already marked done.")
                return
            }
            try list.replaceLine(at: index, with: done.line)
            if verbose {
                messages.echo(word, try list.content(at: index))
                messages.out("TODO: \(word) marked as done.")
            }
            // A recurring task comes back in the same write as its completion.
            if let next = done.next {
                recurring[word] = (try list.appendLine(next.line), next.line)
            } else if let error = done.recurrenceError {
                warnings[word] = "\(context.program): warning: task \(word): \(error)"
            }
        }
        let done = Session.numberWords(words.dropFirst())
        for word in done { if let warning = warnings[word] { context.console.error(warning) } }
        if context.settings.autoArchive {
            let archived = try session.runArchiveAction()
            if archived != 0 { status = archived }
        }
        guard verbose, !recurring.isEmpty else { return status }
        // Archiving moves lines up: number the new tasks as the file holds them now.
        let todoFile = context.settings.todoFile
        let list = context.settings.autoArchive ? try? session.readList(todoFile) : nil
        for word in done {
            guard let (index, line) = recurring[word] else { continue }
            let number =
                list.flatMap { list in list.lastIndex { $0.content.elementsEqual(line) } }
                .map { $0 + 1 } ?? index + 1
            context.console.line("\(number) \(String(decoding: line, as: UTF8.self))")
            context.console.line("\(Session.prefix(of: todoFile)): \(number) added.")
        }
        return status
    }
}
