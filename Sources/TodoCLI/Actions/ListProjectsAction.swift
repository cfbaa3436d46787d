/// Lists the +projects (todo.sh `listproj`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct ListProjectsAction: Action {
    static let names = [
        "listproj",
        "lsprj",
    ]
    static let synopses = [
        "listproj [TERM...]",
        "lsprj [TERM...]",
    ]
    static let help = ["Lists the +projects used in the tasks that match the terms."]
    static let writesFiles = false

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 {
        try context.operations.listWords(words, sigil: 0x2B)
    }
}
