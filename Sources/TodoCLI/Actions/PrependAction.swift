/// Inserts text at the start of a task (todo.sh `prepend`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct PrependAction: Action {
    static let names = [
        "prepend",
        "prep",
    ]
    static let synopses = [
        "prepend NR \"TEXT TO PREPEND\"",
        "prep NR \"TEXT TO PREPEND\"",
    ]
    static let help = ["Inserts text at the start of task NR, after its priority and date."]
    static let completion = CompletionKind.task
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.prepend(words) }
}
