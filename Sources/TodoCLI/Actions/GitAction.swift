/// `git setup|check|sync`: wires `todo merge` into the current repository as git's merge
/// driver, and syncs the todo files with the upstream branch.
struct GitAction: Action {
    static let names = ["git"]
    static let synopses = ["git setup|check|sync"]
    static let help = [
        "setup: in the current git repository, makes git merge todo.txt and done.txt",
        "with 'todo merge' (.gitattributes, .gitignore, .git/config). check: says",
        "whether this clone has the driver configured and reachable. sync: commits",
        "the todo files' changes, merges (or rebases onto) the upstream branch with",
        "the driver, and pushes; a conflict stops it in git's usual conflicted state.",
    ]
    static let writesFiles = false

    /// What to do.
    enum Subcommand {
        case setup, check, sync
    }

    /// The subcommand.
    let subcommand: Subcommand

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        switch arguments.next() {
        case "setup": subcommand = .setup
        case "check": subcommand = .check
        case "sync":
            subcommand = .sync
            if let extra = arguments.peek {
                throw .invalid(
                    action: "git", message: "sync takes no arguments ('\(extra)')",
                    synopsis: Self.synopses[0])
            }
        default: throw .synopsis(Self.synopses[0])
        }
        _ = arguments.rest()  // setup and check ignore further words, as before
    }

    func run(in context: Context) throws -> Int32 {
        switch subcommand {
        case .setup: try context.operations.gitCommand(setup: true)
        case .check: try context.operations.gitCommand(setup: false)
        case .sync: try GitSync(context: context).run()
        }
    }
}
