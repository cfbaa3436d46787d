/// Adds a line to another file of the todo directory (todo.sh `addto`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct AddToAction: Action {
    static let names = ["addto"]
    static let synopses = ["addto DEST \"TEXT TO ADD\""]
    static let help = ["Adds a line to the file DEST in the todo directory, which must exist."]
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.addTo(words) }
}
