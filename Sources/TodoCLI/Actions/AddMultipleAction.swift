/// Adds one task per line (todo.sh `addm`).
struct AddMultipleAction: TodoShAction {
    static let names = ["addm"]
    static let synopses = ["addm \"FIRST THING\nSECOND THING\""]
    static let help = ["Adds one task per line of the text."]
    static let writesFiles = true

    let words: [String]

    /// `addm "LINE\nLINE"` (TodoShCompatibility.md §5.3): one task per non-empty line; an
    /// empty first word asks for the text, or with `-f` gets the usage.
    func run(in context: Context) throws -> Int32 {
        let session = context.operations
        guard let input = session.text(of: words.dropFirst(), prompt: "Add: ") else {
            throw CommandFailure.die("usage: \(context.program) addm \"TODO ITEM\"")
        }
        let lines = input.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        try session.addTasks(lines, to: context.settings.todoFile)
        return 0
    }
}
