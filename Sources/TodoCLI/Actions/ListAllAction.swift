/// Lists the todo and done files together (todo.sh `listall`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct ListAllAction: Action {
    static let names = [
        "listall",
        "lsa",
    ]
    static let synopses = [
        "listall [TERM...]",
        "lsa [TERM...]",
    ]
    static let help = [
        "Lists the todo file and the done file together (done lines are numbered 0)."
    ]
    static let writesFiles = false

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.listAll(words) }
}
