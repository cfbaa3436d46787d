import TodoKit
import TodoStore

/// Removes priorities (todo.sh `depri`).
struct DeprioritizeAction: TodoShAction {
    static let names = [
        "depri",
        "dp",
    ]
    static let synopses = [
        "depri NR [NR ...]",
        "dp NR [NR ...]",
    ]
    static let help = [
        "Removes the priority of the tasks. Numbers may be separated by commas."
    ]
    static let completion = CompletionKind.tasks
    static let writesFiles = true

    let words: [String]

    /// `depri NR [NR ...]` (TodoShCompatibility.md §5.14), the numbers taken in order.
    func run(in context: Context) throws -> Int32 {
        let session = context.operations
        let verbose = context.settings.verbosity > 0
        return try session.eachTask(words, usage: "usage: \(context.program) depri NR [NR ...]") {
            index, word, list, messages in
            if let new = TaskLine.prioritized(Array(try list.content(at: index)), nil) {
                try list.replaceLine(at: index, with: new)
                // A task that was only its priority is left empty, and todo.sh then stops.
                if new.isEmpty {
                    messages.stop = ["TODO: No updated task \(word)."]
                    return
                }
                if verbose {
                    messages.echo(word, try list.content(at: index))
                    messages.out("TODO: \(word) deprioritized.")
                }
            } else {
                messages.err("TODO: \(word) is not prioritized.")
            }
        }
    }
}
