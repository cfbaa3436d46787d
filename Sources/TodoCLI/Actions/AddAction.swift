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

    func run(in context: Context) throws -> Int32 { try context.operations.add(words) }
}
