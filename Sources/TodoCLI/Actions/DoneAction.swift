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

    func run(in context: Context) throws -> Int32 { try context.operations.markDone(words) }
}
