/// Adds one task (todo.sh `add`).
struct AddAction: TodoShAction {
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

    let words: [String]

    /// `add TEXT` (TodoShCompatibility.md §5.2): an empty first word asks for the text, or
    /// with `-f` gets the usage.
    func run(in context: Context) throws -> Int32 {
        let session = context.operations
        guard let input = session.text(of: words.dropFirst(), prompt: "Add: ") else {
            throw CommandFailure.die("usage: \(context.program) add \"TODO ITEM\"")
        }
        try session.addTasks([input], to: context.settings.todoFile)
        return 0
    }
}
