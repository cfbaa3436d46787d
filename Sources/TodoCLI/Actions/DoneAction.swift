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
        let session = context.operations
        let verbose = context.settings.verbosity > 0
        var status = try session.eachTask(words, usage: "usage: \(context.program) do NR [NR ...]")
        {
            index, word, list, messages in
            let old = Array(list[index].content)
            guard !old.starts(with: [0x78, 0x20]) else {
                messages.err("TODO: \(word) is already marked done.")
                return
            }
            let length = Session.priorityLength(old)
            var rest = Array(old[length...])
            if context.settings.keepPriority, length == 4, (0x41...0x5A).contains(old[1]) {
                rest += Array(" pri:".utf8) + [old[1]]
            }
            list.replaceLine(at: index, with: [0x78, 0x20] + context.now.date.utf8 + [0x20] + rest)
            if verbose {
                messages.echo(word, list[index].content)
                messages.out("TODO: \(word) marked as done.")
            }
        }
        if context.settings.autoArchive {
            let archived = try session.runArchiveAction()
            if archived != 0 { status = archived }
        }
        return status
    }
}
