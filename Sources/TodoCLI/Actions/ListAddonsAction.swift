/// Lists the add-ons (todo.sh `listaddons`).
struct ListAddonsAction: TodoShAction {
    static let names = ["listaddons"]
    static let synopses = ["listaddons"]
    static let help = ["Lists the add-ons found in the actions directory."]
    static let writesFiles = false

    let words: [String]

    func run(in context: Context) throws -> Int32 { try context.operations.listAddons(words) }
}
