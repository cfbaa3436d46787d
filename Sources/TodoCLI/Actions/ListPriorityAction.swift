/// Lists tasks by priority (todo.sh `listpri`).
struct ListPriorityAction: TodoShAction {
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

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.listPriority(words) }
}
