import TodoKit

/// Replaces the text of a task (todo.sh `replace`).
struct ReplaceAction: TodoShAction {
    static let names = ["replace"]
    static let synopses = ["replace NR \"UPDATED ITEM\""]
    static let help = [
        "Replaces the text of task NR, keeping its priority and date unless given."
    ]
    static let completion = CompletionKind.task
    static let writesFiles = true

    let words: [String]

    /// `replace NR TEXT` (TodoShCompatibility.md §5.12): the old priority and creation date stay
    /// unless the new text brings its own.
    func run(in context: Context) throws -> Int32 {
        let usage = ["usage: \(context.program) replace NR \"UPDATED ITEM\""]
        try context.operations.editText(words, usage: usage, prompt: "Replacement: ") {
            old, input in
            TaskLine.replaced(old, with: input)
        } report: { number, old, new, messages in
            messages.echo(number, old)
            messages.out("TODO: Replaced task with:")
            messages.echo(number, new)
        }
        return 0
    }
}
