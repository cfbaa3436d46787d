/// Deletes a task or a part of it (todo.sh `del`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct DeleteAction: Action {
    static let names = [
        "del",
        "rm",
    ]
    static let synopses = [
        "del NR [TERM]",
        "rm NR [TERM]",
    ]
    static let help = [
        "Deletes task NR (asking first unless -f), leaving an empty line unless -n.",
        "With TERM, removes only the text matching TERM (a basic regular expression).",
    ]
    static let completion = CompletionKind.task
    static let writesFiles = true

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.delete(words) }
}
