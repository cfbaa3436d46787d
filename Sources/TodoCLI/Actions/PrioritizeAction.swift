import TodoKit
import TodoStore
import TodoTxt

/// Sets priorities (todo.sh `pri`).
struct PrioritizeAction: TodoShAction {
    static let names = [
        "pri",
        "p",
    ]
    static let synopses = [
        "pri NR PRIORITY [NR PRIORITY ...]",
        "p NR PRIORITY [NR PRIORITY ...]",
    ]
    static let help = ["Gives task NR the priority PRIORITY, a letter from A to Z."]
    static let completion = CompletionKind.task
    static let writesFiles = true

    let words: [String]

    /// `pri NR PRI [NR PRI ...]` (TodoShCompatibility.md §5.13): the pairs are taken in order
    /// inside one update, so the same task may appear twice (`pri 1 B 1 C` ends with `(C)`).
    func run(in context: Context) throws -> Int32 {
        let session = context.operations
        let verbose = context.settings.verbosity > 0
        let usage = [
            "usage: \(context.program) pri NR PRIORITY [NR PRIORITY ...]",
            "note: PRIORITY must be anywhere from A to Z.",
        ]
        let pairs = Array(words.dropFirst())
        guard !pairs.isEmpty else { throw CommandFailure.die(usage.joined(separator: "\n")) }
        let file = context.settings.todoFile
        let lineGuard = LineGuard()
        let numbers = stride(from: 0, to: pairs.count, by: 2).map { pairs[$0] }
        let lines = Session.lineIndices(numbers)
        let messages = try context.storage.update(file, lines: lines) { list -> Messages in
            lineGuard.beginAttempt()
            var messages = Messages()
            var position = 0
            while position < pairs.count {
                guard position + 1 < pairs.count,
                    let priority = Priority(pairs[position + 1], caseInsensitive: true)
                else {
                    messages.stop = usage
                    return messages
                }
                let word = pairs[position]
                switch try session.taskIndex(word, in: list, file: file, usage: usage) {
                case .failure(let error):
                    messages.stop = error.lines
                    return messages
                case .success(let index):
                    try lineGuard.check(list, index)
                    let old = Array(try list.content(at: index))
                    let oldLength = TaskHeader.priorityLength(old)
                    let oldPriority =
                        oldLength > 0
                        ? String(decoding: old[1..<(oldLength - 2)], as: UTF8.self) : nil
                    let newText = priority.description
                    let new = TaskLine.prioritized(old, priority)
                    if let new { try list.replaceLine(at: index, with: new) }
                    if verbose {
                        messages.echo(word, try list.content(at: index))
                        if new != nil, let oldPriority {
                            messages.out(
                                "TODO: \(word) re-prioritized from (\(oldPriority)) to (\(newText))."
                            )
                        } else if new != nil {
                            messages.out("TODO: \(word) prioritized (\(newText)).")
                        }
                    }
                    if new == nil {
                        messages.err("TODO: \(word) already prioritized (\(newText)).")
                    }
                }
                position += 2
            }
            return messages
        }
        try session.emit(messages)
        return messages.status
    }
}
