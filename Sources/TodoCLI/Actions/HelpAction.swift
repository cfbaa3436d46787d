/// The full help, or the help of some actions (todo.sh `help`).
struct HelpAction: TodoShAction {
    static let names = ["help"]
    static let synopses = ["help [ACTION...]"]
    static let help = ["Shows the full help, or the help of the named actions."]
    static let writesFiles = false

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.help(words) }
}
