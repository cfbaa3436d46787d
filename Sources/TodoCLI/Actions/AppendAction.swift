import TodoKit

/// Adds text at the end of a task (todo.sh `append`).
struct AppendAction: TodoShAction {
    static let names = [
        "append",
        "app",
    ]
    static let synopses = [
        "append NR \"TEXT TO APPEND\"",
        "app NR \"TEXT TO APPEND\"",
    ]
    static let help = ["Adds text at the end of task NR, after a space (none before , . : ;)."]
    static let completion = CompletionKind.task
    static let writesFiles = true

    let words: [String]

    /// `append NR TEXT` (TodoShCompatibility.md §5.10): a space goes between the task and the
    /// text unless the text starts with one of SENTENCE_DELIMITERS.
    func run(in context: Context) throws -> Int32 {
        let usage = ["usage: \(context.program) append NR \"TEXT TO APPEND\""]
        let delimiters = context.settings.sentenceDelimiters
        try context.operations.editText(words, usage: usage, prompt: "Append: ") { old, input in
            TaskLine.appended(old, input, delimiters: delimiters)
        } report: { number, old, new, messages in
            messages.echo(number, new)
        }
        return 0
    }
}
