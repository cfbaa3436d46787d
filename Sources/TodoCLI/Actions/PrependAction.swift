import TodoKit

/// Inserts text at the start of a task (todo.sh `prepend`).
struct PrependAction: TodoShAction {
    static let names = [
        "prepend",
        "prep",
    ]
    static let synopses = [
        "prepend NR \"TEXT TO PREPEND\"",
        "prep NR \"TEXT TO PREPEND\"",
    ]
    static let help = ["Inserts text at the start of task NR, after its priority and date."]
    static let completion = CompletionKind.task
    static let writesFiles = true

    let words: [String]

    /// `prepend NR TEXT` (TodoShCompatibility.md §5.11): after the priority and the creation date.
    func run(in context: Context) throws -> Int32 {
        let usage = ["usage: \(context.program) prepend NR \"TEXT TO PREPEND\""]
        try context.operations.editText(words, usage: usage, prompt: "Prepend: ") { old, input in
            TaskLine.prepended(old, input)
        } report: { number, old, new, messages in
            messages.echo(number, new)
        }
        return 0
    }
}
