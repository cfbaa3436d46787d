import TodoPlatform

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
    static let completionWords = CompletionWords(first: ["setup", "check", "sync"])

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
        case .setup: try GitSetup(context: context).run()
        case .check: try Self.check(in: context)
        case .sync: try GitSync(context: context).run()
        }
    }

    /// `git check`: is the driver configured and reachable for this clone? Exit 0 when it is.
    private static func check(in context: Context) throws -> Int32 {
        let program = context.program
        let console = context.console
        let setup = GitSetup(context: context)
        let top = setup.git(["rev-parse", "--show-toplevel"])
        guard top.status == 0 else {
            throw CommandFailure.die(
                "\(program): git check: \(context.environment.currentDirectory) is not in a git repository"
            )
        }
        var problems = 0
        for name in setup.trackedNames {
            let attribute = setup.git(["check-attr", "merge", "--", name]).output
            if attribute.hasSuffix(": merge: todotxt") {
                console.line("ok: \(name) uses the todotxt merge driver (.gitattributes)")
            } else {
                console.line(
                    "problem: \(name) has no 'merge=todotxt' attribute; run '\(program) git setup'")
                problems += 1
            }
        }
        let driver = setup.git(["config", "--get", "merge.todotxt.driver"])
        if driver.status != 0 || driver.output.isEmpty {
            console.line(
                "problem: merge.todotxt.driver is not set in this clone, so git silently falls back to a text merge; run '\(program) git setup'"
            )
            problems += 1
        } else {
            let command = (try? ShellWords.split(driver.output))?.first ?? ""
            if ProcessState.isExecutable(command) {
                console.line("ok: merge.todotxt.driver runs \(command)")
            } else {
                console.line(
                    "problem: merge.todotxt.driver runs '\(command)', which is not an executable; run '\(program) git setup' again"
                )
                problems += 1
            }
        }
        return problems == 0 ? 0 : 1
    }
}
