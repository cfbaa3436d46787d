/// Sets priorities (todo.sh `pri`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct PrioritizeAction: Action {
    static let names = [
        "pri",
        "p",
    ]
    static let synopses = [
        "pri NR PRIORITY [NR PRIORITY ...]",
        "p NR PRIORITY [NR PRIORITY ...]",
    ]
    static let help = ["Gives task NR the priority PRIORITY, a letter from A to Z."]
    static let completion = CompletionKind.task
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.prioritize(words) }
}
