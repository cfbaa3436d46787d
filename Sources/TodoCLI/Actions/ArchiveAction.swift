/// Moves done tasks to the done file (todo.sh `archive`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct ArchiveAction: Action {
    static let names = ["archive"]
    static let synopses = ["archive"]
    static let help = ["Moves every done task to the done file and removes empty lines."]
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.archive(words) }
}
