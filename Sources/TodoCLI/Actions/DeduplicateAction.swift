/// Removes repeated lines (todo.sh `deduplicate`).
struct DeduplicateAction: TodoShAction {
    static let names = ["deduplicate"]
    static let synopses = ["deduplicate"]
    static let help = ["Removes lines that repeat an earlier line exactly."]
    static let writesFiles = true

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.deduplicate(words) }
}
