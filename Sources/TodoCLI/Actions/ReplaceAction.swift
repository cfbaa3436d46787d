/// Replaces the text of a task (todo.sh `replace`).
struct ReplaceAction: TodoShAction {
    static let names = ["replace"]
    static let synopses = ["replace NR \"UPDATED ITEM\""]
    static let help = [
        "Replaces the text of task NR, keeping its priority and date unless given."
    ]
    static let completion = CompletionKind.task
    static let writesFiles = true

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.replace(words) }
}
