/// `git setup|check`: wires `todo merge` into the current repository as git's merge driver.
struct GitAction: Action {
    static let names = ["git"]
    static let synopses = ["git setup|check"]
    static let help = [
        "setup: in the current git repository, makes git merge todo.txt and done.txt",
        "with 'todo merge' (.gitattributes, .gitignore, .git/config). check: says",
        "whether this clone has the driver configured and reachable.",
    ]
    static let writesFiles = false

    /// `setup` (true) or `check` (false).
    let setup: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        switch arguments.next() {
        case "setup": setup = true
        case "check": setup = false
        default: throw .synopsis("git setup|check")
        }
        _ = arguments.rest()  // further words are ignored, as before
    }

    func run(in context: Context) throws -> Int32 {
        try context.operations.gitCommand(setup: setup)
    }
}
