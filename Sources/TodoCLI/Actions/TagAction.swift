import TodoKit
import TodoStore
import TodoTxt

/// Sets, adds or removes one `key:value` tag of a task.
struct TagAction: Action {
    static let names = ["tag"]
    static let synopses = ["tag NR KEY [VALUE]"]
    static let help = [
        "Sets the first KEY: tag of task NR to VALUE, or adds KEY:VALUE at the end; without",
        "VALUE, removes every KEY: tag. Dates typed as words (due friday) become dates.",
    ]
    static let completion = CompletionKind.task
    static let writesFiles = true

    /// The task number as typed.
    let number: String
    /// The tag's key.
    let key: String
    /// The new value, or `nil` to remove the tag.
    let value: String?

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let words = arguments.rest()
        guard words.count == 2 || words.count == 3 else { throw .synopsis(Self.synopses[0]) }
        number = words[0]
        key = words[1]
        value = words.count == 3 ? words[2] : nil
    }

    func run(in context: Context) throws -> Int32 {
        let program = context.program
        let file = context.settings.todoFile
        let usage = ["usage: \(program) tag NR KEY [VALUE]"]
        guard !key.isEmpty, !key.contains(where: { $0 == ":" || $0 == " " || $0 == "\t" }) else {
            throw CommandFailure.die(
                "\(program): tag: invalid key '\(key)'; a key has no ':', spaces or tabs")
        }
        let session = context.operations
        let newValue = value.map {
            TaskLine.tagValue(
                $0, key: key, today: context.now.date,
                resolvingDates: context.settings.relativeDates)
        }
        let lineGuard = LineGuard()
        let text = try context.storage.update(file, lines: Session.lineIndices([number])) {
            list -> String in
            let index = try session.taskIndex(number, in: list, file: file, usage: usage).get()
            try lineGuard.check(list, index)
            let item: TODOItem
            do {
                item = try TaskLine.tagged(
                    TODOItem(parsingBytes: try list.content(at: index)), key: key, value: newValue)
            } catch {
                let shown = newValue.map { key + ":" + $0 } ?? key
                throw CommandFailure.die("\(program): tag: cannot set '\(shown)': \(error)")
            }
            try list.replaceLine(at: index, with: item.line)
            return item.text
        }
        if context.settings.verbosity > 0 {
            context.console.line("\(number) \(text)")
            if let newValue {
                context.console.line("TODO: \(number) tagged \(key):\(newValue).")
            } else {
                context.console.line("TODO: \(number) untagged \(key).")
            }
        }
        return 0
    }
}
