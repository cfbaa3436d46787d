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

    func run(in context: Context) throws -> Int32 {
        try context.operations.postpone(numbers, by: amount)
    }
}
