/// Sets priorities (todo.sh `pri`).
struct PrioritizeAction: TodoShAction {
    static let names = [
        "pri",
        "p",
    ]
    static let synopses = [
        "pri NR PRIORITY [NR PRIORITY ...]",
        "p NR PRIORITY [NR PRIORITY ...]",
    ]
    static let help = ["Gives task NR the priority PRIORITY, a letter from A to Z."]
    static let completion = CompletionKind.task
    static let writesFiles = true

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.prioritize(words) }
}
