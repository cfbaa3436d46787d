/// Lists another file of the todo directory (todo.sh `listfile`).
struct ListFileAction: TodoShAction {
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

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.listFile(words) }
}
