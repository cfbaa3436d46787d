/// Lists another file of the todo directory (todo.sh `listfile`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct ListFileAction: Action {
    static let names = [
        "listfile",
        "lf",
    ]
    static let synopses = [
        "listfile [SRC [TERM...]]",
        "lf [SRC [TERM...]]",
    ]
    static let help = [
        "Lists the tasks of the file SRC, or the .txt files of the todo directory."
    ]
    static let writesFiles = false

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.listFile(words) }
}
