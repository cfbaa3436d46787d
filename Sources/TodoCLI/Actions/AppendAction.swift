/// Adds text at the end of a task (todo.sh `append`).
struct AppendAction: TodoShAction {
    static let names = [
        "append",
        "app",
    ]
    static let synopses = [
        "append NR \"TEXT TO APPEND\"",
        "app NR \"TEXT TO APPEND\"",
    ]
    static let help = ["Adds text at the end of task NR, after a space (none before , . : ;)."]
    static let completion = CompletionKind.task
    static let writesFiles = true

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.append(words) }
}
