/// Replaces the text of a task (todo.sh `replace`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct ReplaceAction: Action {
    static let names = ["replace"]
    static let synopses = ["replace NR \"UPDATED ITEM\""]
    static let help = [
        "Replaces the text of task NR, keeping its priority and date unless given."
    ]
    static let completion = CompletionKind.task
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.replace(words) }
}
