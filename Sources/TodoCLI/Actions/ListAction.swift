/// Lists the tasks (todo.sh `list`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct ListAction: Action {
    static let names = [
        "list",
        "ls",
    ]
    static let synopses = [
        "list [TERM...]",
        "ls [TERM...]",
    ]
    static let help = [
        "Lists the tasks, sorted, with their numbers. Only tasks matching every TERM are",
        "shown; -TERM hides the matches. Terms are case-insensitive basic regular",
        "expressions matched against the numbered line.",
    ]
    static let writesFiles = false

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.list(words) }
}
