/// Removes repeated lines (todo.sh `deduplicate`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct DeduplicateAction: Action {
    static let names = ["deduplicate"]
    static let synopses = ["deduplicate"]
    static let help = ["Removes lines that repeat an earlier line exactly."]
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.deduplicate(words) }
}
