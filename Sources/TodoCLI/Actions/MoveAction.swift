/// Moves a task to another file (todo.sh `move`).
struct MoveAction: TodoShAction {
    static let names = [
        "move",
        "mv",
    ]
    static let synopses = [
        "move NR DEST [SRC]",
        "mv NR DEST [SRC]",
    ]
    static let help = [
        "Moves task NR from SRC (the todo file by default) to the end of DEST, both in",
        "the todo directory. The task is written to DEST before it leaves SRC.",
    ]
    static let completion = CompletionKind.task
    static let writesFiles = true

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.move(words) }
}
