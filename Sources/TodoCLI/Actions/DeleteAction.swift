import TodoStore
import TodoTxt

/// Deletes a task or a part of it (todo.sh `del`).
struct DeleteAction: TodoShAction {
    static let names = [
        "del",
        "rm",
    ]
    static let synopses = [
        "del NR [TERM]",
        "rm NR [TERM]",
    ]
    static let help = [
        "Deletes task NR (asking first unless -f), leaving an empty line unless -n.",
        "With TERM, removes only the text matching TERM (a basic regular expression).",
    ]
    static let completion = CompletionKind.task
    static let writesFiles = true

    let words: [String]

    /// `del NR [TERM]` (TodoShCompatibility.md §5.16).
    func run(in context: Context) throws -> Int32 {
        let session = context.operations
        let usage = ["usage: \(context.program) del NR [TERM]"]
        let file = context.settings.todoFile
        let word = words.count > 1 ? words[1] : nil
        let lineGuard = LineGuard()
        func index(in list: LineWindow) throws -> Int {
            try session.guardedTaskIndex(
                word, in: list, file: file, usage: usage, lineGuard: lineGuard)
        }
        if words.count > 2 && !words[2].isEmpty {
            return try deleteTerm(words[2], in: context, index: index)
        }
        var asked: [UInt8]?
        if !context.settings.force {
            // The question shows the task, so it is read (and checked) before asking.
            let current = LineWindow(try context.storage.read(file))
            let task = Array(try current.content(at: try index(in: current)))
            asked = task
            if !session.confirm("Delete '\(String(decoding: task, as: UTF8.self))'? (y/n) ") {
                throw CommandFailure.die("TODO: No tasks were deleted.")
            }
        }
        let lines = Session.lineIndices([word].compactMap { $0 })
        let removed: [UInt8]
        if let taken = try session.takeOut(lines, from: file, to: nil, asked: asked) {
            removed = taken.line
        } else {
            removed = try context.storage.update(file, lines: lines) { list -> [UInt8] in
                let index = try index(in: list)
                let line = Array(try list.content(at: index))
                try session.blankOrRemove(index, in: &list)
                return line
            }
        }
        if session.verbose {
            session.echo(words[1], removed)
            context.console.line("TODO: \(words[1]) deleted.")
        }
        return 0
    }

    /// `del NR TERM`: removes the text matching `term` from the task at `index(list)`.
    private func deleteTerm(
        _ term: String, in context: Context, index: (LineWindow) throws -> Int
    ) throws -> Int32 {
        let session = context.operations
        let lines = Session.lineIndices([words[1]])
        let (old, new) = try context.storage.update(context.settings.todoFile, lines: lines) {
            list -> ([UInt8], [UInt8]) in
            let index = try index(list)
            let old = Array(try list.content(at: index))
            let new = try Self.removing(term: term, from: old)
            if new != old { try list.replaceLine(at: index, with: new) }
            return (old, new)
        }
        let number = words[1]
        if old == new {
            if session.verbose { session.echo(number, old) }
            throw CommandFailure.die("TODO: '\(term)' not found; no removal done.")
        }
        if session.verbose {
            session.echo(number, old)
            context.console.line("TODO: Removed '\(term)' from task.")
            session.echo(number, new)
        }
        return 0
    }

    /// Removes every match of the case-sensitive BRE `term`, with the spaces around it, as
    /// todo.sh's five sed substitutions do.
    static func removing(term: String, from line: [UInt8]) throws -> [UInt8] {
        let steps: [(String, String)] = [
            ("^\\(\\(.\\) \\)\\{0,1\\} *\(term) *", "\\1"),
            (" *\(term) *$", ""),
            ("  *\(term) *", " "),
            (" *\(term)  *", " "),
            (term, ""),
        ]
        var result = line
        for (pattern, replacement) in steps {
            guard let regex = try? BasicRegex(pattern) else { return line }
            result = regex.replacingAll(in: result, with: Array(replacement.utf8))
        }
        return result
    }
}
