/// Records the numbers of open and done tasks (todo.sh `report`).
struct ReportAction: TodoShAction {
    static let names = ["report"]
    static let synopses = ["report"]
    static let help = [
        "Archives, then records the numbers of open and done tasks in the report file."
    ]
    static let writesFiles = true

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.report(words) }
}
