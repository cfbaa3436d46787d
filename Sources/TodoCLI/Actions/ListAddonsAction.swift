/// Lists the add-ons (todo.sh `listaddons`). Its words are checked in todo.sh's order by the
/// shared operations, so it keeps todo.sh's messages and exit statuses.
struct ListAddonsAction: Action {
    static let names = ["listaddons"]
    static let synopses = ["listaddons"]
    static let help = ["Lists the add-ons found in the actions directory."]
    static let writesFiles = false

    /// The whole command line, the action's name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) { words = arguments.all() }

    func run(in context: Context) throws -> Int32 { try context.operations.listAddons(words) }
}
