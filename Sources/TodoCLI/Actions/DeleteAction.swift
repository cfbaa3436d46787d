/// Deletes a task or a part of it (todo.sh `del`).
struct DeleteAction: TodoShAction {
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

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.delete(words) }
}
