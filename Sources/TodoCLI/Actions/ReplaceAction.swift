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
            let new = Array(input.utf8)
            let oldPriority = Session.priorityLength(old)
            let oldDate = Session.dateLength(old, at: oldPriority)
            let newPriority = Session.priorityLength(new)
            let newDate = Session.dateLength(new, at: newPriority)
            let priority =
                newPriority > 0 ? Array(new[0..<newPriority]) : Array(old[0..<oldPriority])
            let date =
                newDate > 0
                ? Array(new[newPriority..<(newPriority + newDate)])
                : Array(old[oldPriority..<(oldPriority + oldDate)])
            return priority + date + Array(new[(newPriority + newDate)...])
        } report: { number, old, new, messages in
            messages.echo(number, old)
            messages.out("TODO: Replaced task with:")
            messages.echo(number, new)
        }
        return 0
    }
}
