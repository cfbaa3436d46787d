import TodoStore

/// Lists the add-ons (todo.sh `listaddons`).
struct ListAddonsAction: TodoShAction {
    static let names = ["listaddons"]
    static let synopses = ["listaddons"]
    static let help = ["Lists the add-ons found in the actions directory."]
    static let writesFiles = false

    let words: [String]

    /// `listaddons` (TodoShCompatibility.md §5.21): the add-ons' names, in glob order.
    func run(in context: Context) throws -> Int32 {
        let directory = context.settings.actionsDirectory
        guard context.storage.directoryExists(directory) else {
            throw CommandFailure.die("TODO: '\(directory)' does not exist.")
        }
        let found = context.operations.addons()
        guard !found.isEmpty else {
            throw CommandFailure.die("TODO: '\(directory)' does not contain valid actions.")
        }
        for addon in found { context.console.line(addon.name) }
        if context.operations.verbose {
            context.console.line("--")
            context.console.line("TODO: \(found.count) valid addon actions found.")
        }
        return 0
    }
}
