/// Lists tasks by priority (todo.sh `listpri`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct ListPriorityAction: Action {
    static let names = [
        "listpri",
        "lsp",
    ]
    static let synopses = [
        "listpri [PRIORITIES] [TERM...]",
        "lsp [PRIORITIES] [TERM...]",
    ]
    static let help = [
        "Lists the tasks with a priority: all of them, one (A), a range (A-C) or a",
        "mix (ABR-Y).",
    ]
    static let writesFiles = false

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.listPriority(words) }
}
