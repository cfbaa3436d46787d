/// The actions with their arguments, one line each (todo.sh `shorthelp`, also `-h`).
struct ShortHelpAction: Action {
    static let names = ["shorthelp"]
    static let synopses = ["shorthelp"]
    static let help = ["Lists the actions with their arguments."]
    static let writesFiles = false

    init(_ arguments: inout ArgumentCursor) { _ = arguments.rest() }

    func run(in context: Context) throws -> Int32 {
        try context.operations.shortHelp()
        return 0
    }
}
