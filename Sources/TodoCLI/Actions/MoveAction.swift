/// Moves a task to another file (todo.sh `move`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct MoveAction: Action {
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

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.move(words) }
}
