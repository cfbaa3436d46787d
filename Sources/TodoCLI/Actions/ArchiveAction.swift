import TodoStore
import TodoTxt

/// Moves done tasks to the done file (todo.sh `archive`).
struct ArchiveAction: TodoShAction {
    static let names = ["archive"]
    static let synopses = ["archive"]
    static let help = ["Moves every done task to the done file and removes empty lines."]
    static let writesFiles = true

    let words: [String]

    /// `archive` (TodoShCompatibility.md §5.18): removes empty lines and moves the done tasks to
    /// the done file, echoing them; with TODOTXT_VERBOSE=0 it prints nothing at all.
    func run(in context: Context) throws -> Int32 {
        let settings = context.settings
        let console = context.console
        let verbose = settings.verbosity > 0
        // The done tasks are echoed once the move is complete; the files are read in one
        // pass, never held.
        let moved = try context.storage.moveLines(
            from: settings.todoFile, to: settings.doneFile,
            { content in
                if content.isEmpty { return .remove }
                return content.starts(with: [0x78, 0x20]) ? .move : .keep
            },
            moved: { content in
                guard verbose else { return }
                console.write(content)
                console.write(CollectionOfOne(UInt8(0x0A)))
            })
        guard verbose else { return 0 }
        guard moved > 0 else {
            console.line("TODO: \(settings.todoFile) does not contain any done tasks.")
            return 0
        }
        console.line("TODO: \(settings.todoFile) archived.")
        return 0
    }
}
