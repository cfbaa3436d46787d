/// Adds one task (todo.sh `add`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct AddAction: Action {
    static let names = [
        "add",
        "a",
    ]
    static let synopses = [
        "add \"THING I NEED TO DO +project @context\"",
        "a \"THING I NEED TO DO +project @context\"",
    ]
    static let help = [
        "Adds a task as a new line at the end of the todo file. Run without text, it asks",
        "for the text (or reads a line of standard input).",
    ]
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.add(words) }
}
