/// Adds text at the end of a task (todo.sh `append`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct AppendAction: Action {
    static let names = [
        "append",
        "app",
    ]
    static let synopses = [
        "append NR \"TEXT TO APPEND\"",
        "app NR \"TEXT TO APPEND\"",
    ]
    static let help = ["Adds text at the end of task NR, after a space (none before , . : ;)."]
    static let completion = CompletionKind.task
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.append(words) }
}
