/// Lists the tasks (todo.sh `list`).
struct ListAction: TodoShAction {
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

    let words: [String]

    /// The todo file through the listing pipeline (TodoShCompatibility.md §5.5).
    func run(in context: Context) throws -> Int32 {
        try context.operations.listFileInPieces(
            path: context.settings.todoFile, terms: Array(words.dropFirst()))
        return 0
    }
}
