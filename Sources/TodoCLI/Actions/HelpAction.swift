/// The full help, or the help of some actions (todo.sh `help`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct HelpAction: Action {
    static let names = ["help"]
    static let synopses = ["help [ACTION...]"]
    static let help = ["Shows the full help, or the help of the named actions."]
    static let writesFiles = false

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.help(words) }
}
