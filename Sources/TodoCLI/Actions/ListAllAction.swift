/// Lists the todo and done files together (todo.sh `listall`).
struct ListAllAction: TodoShAction {
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

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.listAll(words) }
}
