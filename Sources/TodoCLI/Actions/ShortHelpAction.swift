/// The actions with their arguments, one line each (todo.sh `shorthelp`, also `-h`).
struct ShortHelpAction: Action {
    static let names = ["shorthelp"]
    static let synopses = ["shorthelp"]
    static let help = ["Lists the actions with their arguments."]
    static let writesFiles = false

    /// The action; it takes no arguments (`-h` runs it too).
    init() {}

    init(_ arguments: inout ArgumentCursor) { _ = arguments.rest() }

    /// One synopsis line per action, then the add-ons' synopses, through the pager.
    func run(in context: Context) throws -> Int32 {
        Help.page(
            Help.shortHelp(
                program: context.program,
                addons: Help.addonUsages(synopsisOnly: true, in: context)),
            in: context)
        return 0
    }
}
