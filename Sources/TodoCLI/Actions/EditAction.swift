import TodoCheck
import TodoMerge
import TodoPlatform
import TodoStore
import TodoTxt

/// `edit [NR]`: edits a copy of the todo file and applies it safely.
struct EditAction: Action {
    static let names = ["edit"]
    static let synopses = ["edit [NR]"]
    static let help = [
        "Opens a copy of the todo file in $VISUAL, $EDITOR or vi (at line NR), checks",
        "what you wrote, and saves it, merging changes made meanwhile by other commands.",
        "A conflict or a failed editor changes nothing.",
    ]
    static let completion = CompletionKind.task
    static let writesFiles = true

    /// The line to open the editor at.
    let line: Int?

    /// The action opening the editor at `line` (`todo ui` runs it this way).
    init(line: Int?) { self.line = line }

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let words = arguments.rest()
        guard words.count <= 1 else { throw .synopsis("edit [NR]") }
        guard let word = words.first else {
            line = nil
            return
        }
        guard !word.isEmpty, word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let number = Int(word), number >= 1
        else { throw .invalid(action: "edit", message: "'\(word)' is not a line number") }
        line = number
    }

    /// What applying an edited copy did.
    private enum Outcome {
        /// The file had not changed since the copy was made; the copy replaced it.
        case replaced
        /// The file had changed; the edit was merged into it.
        case merged
        /// The edit and the changes made meanwhile conflict; nothing was written.
        case conflict([MergeConflict])
    }

    /// What the user wants after seeing the diagnostics of an edit.
    private enum Choice {
        case apply, reedit, quit
    }

    /// Edits a copy of the todo file in `$VISUAL`, `$EDITOR` or `vi` (at line NR), checks it,
    /// and applies it under the store's lock, merging it three ways with whatever changed the
    /// file meanwhile. A conflict keeps the copy and changes nothing.
    func run(in context: Context) throws -> Int32 {
        let program = context.program
        let console = context.console
        let storage = context.storage
        let verbose = context.settings.verbosity > 0
        var line = line
        let path = context.settings.todoFile
        let base = try storage.readBytes(path)
        let copy = try storage.writeTemporaryFile(named: Path.basename(path), bytes: base)
        var keepCopy = false
        defer { if !keepCopy { storage.removeFile(copy) } }

        var edited: [UInt8] = []
        while true {
            let status = Self.runEditor(on: copy, line: line, in: context)
            guard status == 0 else {
                throw CommandFailure.die(
                    "\(program): edit: the editor exited with status \(status); nothing was written"
                )
            }
            edited = try storage.readBytes(copy)
            if edited == base {
                if verbose { console.line("TODO: No changes.") }
                return 0
            }
            let diagnostics = Checker.check(edited)
            if diagnostics.isEmpty { break }
            for diagnostic in diagnostics {
                console.error(Session.text(diagnostic, file: path))
            }
            guard context.environment.inputIsTerminal else { break }
            switch Self.askAfterDiagnostics(in: context) {
            case .apply: break
            case .reedit:
                line = diagnostics.first?.line
                continue
            case .quit:
                throw CommandFailure.die("\(program): edit: nothing was written")
            }
            break
        }

        let edit = edited
        let outcome = try storage.update(path) { list -> Outcome in
            let current = list.serialized()
            if current == base {
                list = TodoList(bytes: edit)
                return .replaced
            }
            let result = merge(
                base: TodoList(bytes: base), ours: TodoList(bytes: edit), theirs: list,
                options: MergeOptions(oursLabel: "your edit", theirsLabel: "the file"))
            guard result.isClean else { return .conflict(result.conflicts) }
            list = TodoList(bytes: result.merged)
            return .merged
        }
        switch outcome {
        case .replaced:
            if verbose { console.line("TODO: Saved \(path).") }
        case .merged:
            if verbose {
                console.line("TODO: Saved \(path), merged with the changes made to it meanwhile.")
            }
        case .conflict(let conflicts):
            keepCopy = true
            throw CommandFailure.message(
                [
                    "\(program): edit: \(path) changed while you edited it, and your edit conflicts with that:"
                ] + conflicts.map { "  " + $0.summary }
                    + ["\(program): edit: nothing was written; your edited copy is kept in \(copy)"]
            )
        }
        return 0
    }

    /// Asks whether to apply an edit that has diagnostics, edit it again, or give up.
    private static func askAfterDiagnostics(in context: Context) -> Choice {
        while true {
            context.console.error(
                "Apply anyway (y), edit again (e), or quit without saving (q)? ", newline: false)
            guard let answer = context.environment.readLine() else { return .quit }
            switch answer.lowercased() {
            case "y", "yes": return .apply
            case "e", "edit", "": return .reedit
            case "q", "quit", "n", "no": return .quit
            default: continue
            }
        }
    }

    /// Runs the user's editor on `file` (at `line`) with the terminal, through `/bin/sh -c` so
    /// that an editor command with arguments works; returns its exit status.
    ///
    /// The editor is spawned with `posix_spawn` in our process group, so that it owns the
    /// terminal; Ctrl-C and Ctrl-\ go to it while we ignore them, as `system(3)` does.
    private static func runEditor(on file: String, line: Int?, in context: Context) -> Int32 {
        let variables = context.environment.variables
        let editor =
            [variables["VISUAL"], variables["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
            ?? "vi"
        var arguments = ["/bin/sh", "-c", editor + " \"$@\"", editor]
        if let line { arguments.append("+\(line)") }
        arguments.append(file)
        context.console.flush()
        return ProcessState.ignoringInterrupts {
            Subprocess.run(arguments, environment: variables).status
        }
    }
}
