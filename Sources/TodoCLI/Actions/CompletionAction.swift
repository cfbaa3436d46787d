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
            return context.operations.completionList(kind)
        case .script(let shell):
            switch shell {
            case "bash": context.console.write(CompletionScripts.bash)
            case "zsh": context.console.write(CompletionScripts.zsh)
            default: context.console.write(CompletionScripts.fish)
            }
            return 0
        }
    }
}
