import TodoCheck
import TodoMerge
import TodoPlatform
import TodoStore
import TodoTxt

extension Session {
    /// What applying an edited copy did.
    private enum EditOutcome {
        /// The file had not changed since the copy was made; the copy replaced it.
        case replaced
        /// The file had changed; the edit was merged into it.
        case merged
        /// The edit and the changes made meanwhile conflict; nothing was written.
        case conflict([MergeConflict])
    }

    /// `edit [NR]`: edits a copy of the todo file in `$VISUAL`, `$EDITOR` or `vi` (at line NR),
    /// checks it, and applies it under the store's lock, merging it three ways with whatever
    /// changed the file meanwhile. A conflict keeps the copy and changes nothing.
    func edit(line: Int?) throws -> Int32 {
        var line = line
        let path = settings.todoFile
        let base = try storage.readBytes(path)
        let copy = try storage.writeTemporaryFile(named: Path.basename(path), bytes: base)
        var keepCopy = false
        defer { if !keepCopy { storage.removeFile(copy) } }

        var edited: [UInt8] = []
        while true {
            let status = runEditor(on: copy, line: line)
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
            guard environment.inputIsTerminal else { break }
            switch askAfterDiagnostics() {
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
        let outcome = try storage.update(path) { list -> EditOutcome in
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

    /// What the user wants after seeing the diagnostics of an edit.
    private enum EditChoice {
        case apply, reedit, quit
    }

    /// Asks whether to apply an edit that has diagnostics, edit it again, or give up.
    private func askAfterDiagnostics() -> EditChoice {
        while true {
            console.error(
                "Apply anyway (y), edit again (e), or quit without saving (q)? ", newline: false)
            guard let answer = environment.readLine() else { return .quit }
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
    func runEditor(on file: String, line: Int?) -> Int32 {
        let variables = environment.variables
        let editor =
            [variables["VISUAL"], variables["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
            ?? "vi"
        var arguments = ["/bin/sh", "-c", editor + " \"$@\"", editor]
        if let line { arguments.append("+\(line)") }
        arguments.append(file)
        console.flush()
        return ProcessState.ignoringInterrupts {
            Subprocess.run(arguments, environment: variables).status
        }
    }
}
