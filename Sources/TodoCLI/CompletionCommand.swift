import TodoStore
import TodoTxt

extension Session {
    /// `completion --list actions|tasks|projects|contexts`: prints what the completion scripts
    /// complete from, one entry per line (tasks as `NUMBER<TAB>TEXT`); a missing todo file gives
    /// an empty list.
    func completionList(_ kind: String) -> Int32 {
        if kind == "actions" {
            var seen = Set<String>()
            for name in ActionRegistry.all.flatMap({ $0.names }) + addons().map(\.name)
            where seen.insert(name).inserted {
                console.line(name)
            }
            return 0
        }
        guard let list = try? storage.read(settings.todoFile) else { return 0 }
        if kind == "tasks" {
            for (index, line) in list.enumerated() where !line.isBlank {
                console.line("\(index + 1)\t" + line.text.replacing("\t", with: " "))
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
