import TodoStore
import TodoTxt

/// `completion bash|zsh|fish` prints a completion script; `completion --list KIND` prints what
/// the scripts complete from.
struct CompletionAction: Action {
    static let names = ["completion"]
    static let synopses = ["completion bash|zsh|fish"]
    static let help = [
        "Prints a completion script for the shell: actions, options, task numbers with",
        "their text, +projects, @contexts, query fields and sort keys. For bash, add",
        "eval \"$(todo completion bash)\" to ~/.bashrc.",
    ]
    static let writesFiles = false
    static let completionWords = CompletionWords(
        first: ["bash", "zsh", "fish", "--list"], flags: ["--list"],
        options: [.init(name: "--list", values: ["actions", "tasks", "projects", "contexts"])])

    /// What to print.
    enum Request {
        /// The script for a shell.
        case script(String)
        /// One kind of completion data: actions, tasks, projects or contexts.
        case list(String)
    }

    /// What was asked for.
    let request: Request

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let words = arguments.rest()
        if words.first == "--list" {
            guard words.count == 2 else {
                throw .invalid(
                    action: "completion",
                    message: "--list needs one of actions, tasks, projects, contexts")
            }
            guard ["actions", "tasks", "projects", "contexts"].contains(words[1]) else {
                throw .invalid(
                    action: "completion",
                    message:
                        "unknown list '\(words[1])'; expected actions, tasks, projects or contexts")
            }
            request = .list(words[1])
            return
        }
        guard words.count == 1 else { throw .synopsis("completion bash|zsh|fish") }
        guard ["bash", "zsh", "fish"].contains(words[0]) else {
            throw .invalid(
                action: "completion",
                message: "unknown shell '\(words[0])'; expected bash, zsh or fish")
        }
        request = .script(words[0])
    }

    func run(in context: Context) throws -> Int32 {
        switch request {
        case .list(let kind):
            Self.list(kind, in: context)
            return 0
        case .script(let shell):
            switch shell {
            case "bash": context.console.write(CompletionScripts.bash)
            case "zsh": context.console.write(CompletionScripts.zsh)
            default: context.console.write(CompletionScripts.fish)
            }
            return 0
        }
    }

    /// `completion --list actions|tasks|projects|contexts`: prints what the completion scripts
    /// complete from, one entry per line (tasks as `NUMBER<TAB>TEXT`); a missing todo file gives
    /// an empty list.
    private static func list(_ kind: String, in context: Context) {
        let console = context.console
        if kind == "actions" {
            var seen = Set<String>()
            for name in ActionRegistry.all.flatMap({ $0.names })
                + context.operations.addons().map(\.name)
            where seen.insert(name).inserted {
                console.line(name)
            }
            return
        }
        guard let list = try? context.storage.read(context.settings.todoFile) else { return }
        if kind == "tasks" {
            for (index, line) in list.enumerated() where !line.isBlank {
                console.line("\(index + 1)\t" + line.text.replacing("\t", with: " "))
            }
            return
        }
        var names = Set<String>()
        for line in list where !line.isBlank {
            names.formUnion(kind == "projects" ? line.item.projects : line.item.contexts)
        }
        let sigil = kind == "projects" ? "+" : "@"
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            console.line(sigil + name)
        }
    }
}
