import TodoStore
import TodoTxt

extension Session {
    /// `completion bash|zsh|fish`: prints a completion script for the shell.
    /// `completion --list actions|tasks|projects|contexts`: prints what the scripts complete
    /// from, one entry per line (tasks as `NUMBER<TAB>TEXT`).
    func completion(_ words: [String]) throws -> Int32 {
        let arguments = Array(words.dropFirst())
        if arguments.first == "--list" {
            guard arguments.count == 2 else {
                console.error(
                    "\(program): completion: --list needs one of actions, tasks, projects, contexts"
                )
                return 2
            }
            return completionList(arguments[1])
        }
        guard arguments.count == 1 else {
            console.error("usage: \(program) completion bash|zsh|fish")
            return 2
        }
        switch arguments[0] {
        case "bash": console.write(CompletionScripts.bash)
        case "zsh": console.write(CompletionScripts.zsh)
        case "fish": console.write(CompletionScripts.fish)
        default:
            console.error(
                "\(program): completion: unknown shell '\(arguments[0])'; expected bash, zsh or fish"
            )
            return 2
        }
        return 0
    }

    /// Prints one kind of completion data; a missing todo file gives an empty list.
    private func completionList(_ kind: String) -> Int32 {
        switch kind {
        case "actions":
            var seen = Set<String>()
            for name in BuiltIn.all.flatMap(\.names) + ["command"] + addons().map(\.name)
            where seen.insert(name).inserted {
                console.line(name)
            }
            return 0
        case "tasks", "projects", "contexts":
            break
        default:
            console.error(
                "\(program): completion: unknown list '\(kind)'; expected actions, tasks, projects or contexts"
            )
            return 2
        }
        guard let list = try? storage.read(settings.todoFile) else { return 0 }
        if kind == "tasks" {
            for (index, line) in list.enumerated() where !line.isBlank {
                console.line("\(index + 1)\t" + line.text.replacingOccurrences(of: "\t", with: " "))
            }
            return 0
        }
        var names = Set<String>()
        for line in list where !line.isBlank {
            names.formUnion(kind == "projects" ? line.item.projects : line.item.contexts)
        }
        let sigil = kind == "projects" ? "+" : "@"
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            console.line(sigil + name)
        }
        return 0
    }
}
