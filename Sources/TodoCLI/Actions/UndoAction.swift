import TodoHistory

/// Takes back the most recent change `todo` made to the todo file (and done.txt), through the
/// three-way merge, so that edits made by hand since are kept; `--list` shows the history.
struct UndoAction: Action {
    static let names = ["undo"]
    static let synopses = ["undo [--list|--skip]"]
    static let help = [
        "Takes back the most recent change todo made to the todo file (and done.txt), keeping",
        "edits made by hand since; again to go further back. An undo can itself be undone",
        "once another command has written. --list shows the recorded changes, newest first.",
        "--skip passes over the most recent change without touching the files, so that the",
        "next undo reaches the one before (for a change that can no longer be taken back).",
        "The history is kept in $XDG_STATE_HOME/todo (TODOTXT_HISTORY=0 turns it off).",
    ]
    static let writesFiles = true

    /// Whether to list the history instead.
    let listing: Bool
    /// Whether to pass over the most recent change instead of taking it back.
    let skipping: Bool

    /// An undo takes back changes to files that exist (or recreates one from its record), and
    /// `--list` only reads: neither creates empty files.
    var createsDataFiles: Bool { false }

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let word = arguments.next()
        guard word == nil || word == "--list" || word == "--skip", arguments.isAtEnd else {
            throw .invalid(
                action: "undo", message: "unexpected argument '\(word ?? "")'",
                synopsis: Self.synopses[0])
        }
        listing = word == "--list"
        skipping = word == "--skip"
    }

    /// Lists the history, or takes back its most recent change through the context's storage.
    func run(in context: Context) throws -> Int32 {
        let program = context.program
        guard context.settings.history else {
            throw CommandFailure.die("\(program): undo: the history is off (TODOTXT_HISTORY=0)")
        }
        let file: HistoryFile
        do {
            guard
                let found = try HistoryFile.locate(
                    todoFile: context.settings.todoFile, variables: context.environment.variables)
            else { throw CommandFailure.die("\(program): undo: nothing to undo") }
            file = found
        } catch let error as HistoryFile.Unusable {
            throw CommandFailure.die("\(program): undo: \(error)")
        }
        if listing {
            for entry in file.listing().reversed() {
                context.console.line(
                    "\(Session.historyMoment(entry.time))  \(entry.command)  \(entry.summary)")
            }
            return 0
        }
        let undone: (command: String, summary: String)
        do {
            undone = try file.undoLast(
                through: context.storage, time: Session.historyTime(of: context.now),
                skipping: skipping)
        } catch let refusal as HistoryFile.Refusal {
            // A change that cannot be taken back would stop every later undo: say the way on.
            let hint = refusal.skippable ? "; 'undo --skip' passes over it" : ""
            throw CommandFailure.die("\(program): undo: \(refusal)\(hint)")
        }
        if context.operations.verbose {
            context.console.line(
                "TODO: \(skipping ? "Skipped" : "Undid") '\(undone.command)' (\(undone.summary)).")
        }
        return 0
    }
}
