/// Inserts text at the start of a task (todo.sh `prepend`).
struct PrependAction: TodoShAction {
    static let names = [
        "prepend",
        "prep",
    ]
    static let synopses = [
        "prepend NR \"TEXT TO PREPEND\"",
        "prep NR \"TEXT TO PREPEND\"",
    ]
    static let help = ["Inserts text at the start of task NR, after its priority and date."]
    static let completion = CompletionKind.task
    static let writesFiles = true

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.prepend(words) }
}
