import TodoKit
import TodoStore
import TodoTxt

/// Moves the `due:` date of tasks by an amount (`3d`, `1w`, `2m`, `1y`, `5b`), counted from the
/// due date, or from today when it has passed; `t:` moves along.
struct PostponeAction: Action {
    static let names = ["postpone"]
    static let synopses = ["postpone NR [NR ...] AMOUNT"]
    static let help = [
        "Moves the due: date of each task by AMOUNT: 3d, 1w, 2m, 1y or 5b (business days),",
        "counted from the due date, or from today when it has passed; t: moves as many days.",
        "A task without due: gets one, AMOUNT from today.",
    ]
    static let completion = CompletionKind.tasks
    static let writesFiles = true

    /// The task numbers as typed.
    let numbers: [String]
    /// The amount as typed.
    let amount: String

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let words = arguments.rest()
        guard words.count >= 2, let last = words.last else { throw .synopsis(Self.synopses[0]) }
        numbers = Array(words.dropLast())
        amount = last
    }

    /// Every task is checked before any changes; a bad amount or task number changes nothing.
    func run(in context: Context) throws -> Int32 {
        let program = context.program
        guard let (offset, sign) = DateOffset.parse(Array(amount.utf8)[...]), sign != 0x2D,
            offset.count > 0
        else {
            throw CommandFailure.die(
                "\(program): postpone: invalid amount '\(amount)'; expected a number and a unit d, w, m, y or b, as in 3d or 1w"
            )
        }
        let session = context.operations
        let today = context.now.date
        let file = context.settings.todoFile
        let usage = ["usage: \(program) postpone NR [NR ...] AMOUNT"]
        let lineGuard = LineGuard()
        let changed = try context.storage.update(file, lines: Session.lineIndices(numbers)) {
            list -> [(String, String, LocalDate?)] in
            var changed: [(String, String, LocalDate?)] = []
            for word in numbers {
                let index = try session.taskIndex(word, in: list, file: file, usage: usage).get()
                try lineGuard.check(list, index)
                let task = TODOItem(parsingBytes: try list.content(at: index))
                // A due: that is no date is the person's to mend: moving past it would leave
                // the task with two due dates that disagree.
                if task.dateTag("due") == nil, let value = task.tagValue("due") {
                    throw CommandFailure.die(
                        "\(program): postpone: task \(word) has due:\(value), which is not a date")
                }
                guard let item = TaskLine.postponed(task, by: offset, today: today)
                else {
                    throw CommandFailure.die(
                        "\(program): postpone: task \(word) would move past the year 9999")
                }
                try list.replaceLine(at: index, with: item.line)
                changed.append((word, item.text, item.dateTag("due")))
            }
            return changed
        }
        if context.settings.verbosity > 0 {
            for (word, text, due) in changed {
                context.console.line("\(word) \(text)")
                context.console.line(
                    "TODO: \(word) postponed to \(due.map(\.description) ?? "?").")
            }
        }
        return 0
    }
}
