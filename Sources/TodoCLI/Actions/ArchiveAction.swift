/// Moves done tasks to the done file (todo.sh `archive`).
struct ArchiveAction: TodoShAction {
    static let names = ["archive"]
    static let synopses = ["archive"]
    static let help = ["Moves every done task to the done file and removes empty lines."]
    static let writesFiles = true

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.archive(words) }
}
