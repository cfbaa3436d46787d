/// Lists the @contexts (todo.sh `listcon`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct ListContextsAction: Action {
    static let names = [
        "listcon",
        "lsc",
    ]
    static let synopses = [
        "listcon [TERM...]",
        "lsc [TERM...]",
    ]
    static let help = ["Lists the @contexts used in the tasks that match the terms."]
    static let writesFiles = false

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 {
        try context.operations.listWords(words, sigil: 0x40)
    }
}
