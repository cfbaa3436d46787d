/// Adds one task per line (todo.sh `addm`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct AddMultipleAction: Action {
    static let names = ["addm"]
    static let synopses = ["addm \"FIRST THING\nSECOND THING\""]
    static let help = ["Adds one task per line of the text."]
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.addMultiple(words) }
}
