/// Removes priorities (todo.sh `depri`).
struct DeprioritizeAction: TodoShAction {
    static let names = [
        "depri",
        "dp",
    ]
    static let synopses = [
        "depri NR [NR ...]",
        "dp NR [NR ...]",
    ]
    static let help = [
        "Removes the priority of the tasks. Numbers may be separated by commas."
    ]
    static let completion = CompletionKind.tasks
    static let writesFiles = true

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.deprioritize(words) }
}
