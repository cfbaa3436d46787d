/// Removes priorities (todo.sh `depri`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct DeprioritizeAction: Action {
    static let names = [
        "depri",
        "dp",
    ]
    static let synopses = [
        "depri NR [NR ...]",
        "dp NR [NR ...]",
    ]
    static let help = [
        "Removes the priority of the tasks. Numbers may be separated by commas."
    ]
    static let completion = CompletionKind.tasks
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.deprioritize(words) }
}
