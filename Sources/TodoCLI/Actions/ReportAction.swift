/// Records the numbers of open and done tasks (todo.sh `report`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct ReportAction: Action {
    static let names = ["report"]
    static let synopses = ["report"]
    static let help = [
        "Archives, then records the numbers of open and done tasks in the report file."
    ]
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.report(words) }
}
