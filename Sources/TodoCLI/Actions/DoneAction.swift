/// Marks tasks done (todo.sh `do`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct DoneAction: Action {
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

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.markDone(words) }
}
