import TodoPlatform

/// The full help, or the help of some actions (todo.sh `help`).
struct HelpAction: TodoShAction {
    static let names = ["help"]
    static let synopses = ["help [ACTION...]"]
    static let help = ["Shows the full help, or the help of the named actions."]
    static let writesFiles = false
    static let completion = CompletionKind.actions

    let words: [String]

    /// `help [ACTION...]` (TodoShCompatibility.md §5.22): the full help through the pager, or
    /// each named action's block (an add-on's own `usage` output).
    func run(in context: Context) throws -> Int32 {
        let names = words.dropFirst()
        guard !names.isEmpty else {
            Help.page(
                Help.fullHelp(
                    program: context.program, verbosity: context.settings.verbosity,
                    addons: Help.addonUsages(synopsisOnly: false, in: context)),
                in: context)
            return 0
        }
        for name in names {
            if let addon = try context.operations.addon(named: name) {
                let outcome = Subprocess.runCommand(
                    [addon, "usage"], environment: context.settings.exported, captureOutput: true)
                context.console.write(outcome.output)
            } else if let block = Help.block(for: name) {
                for line in block { context.console.line(line) }
            } else {
                throw CommandFailure.die("TODO: No action \"\(name)\" exists.")
            }
        }
        return 0
    }
}
