/// Takes back the most recent change `todo` made to the todo file (and done.txt), through the
/// three-way merge, so that edits made by hand since are kept; `--list` shows the history.
struct UndoAction: Action {
    static let names = ["undo"]
    static let synopses = ["undo [--list]"]
    static let help = [
        "Takes back the most recent change todo made to the todo file (and done.txt), keeping",
        "edits made by hand since; again to go further back. An undo can itself be undone",
        "once another command has written. --list shows the recorded changes, newest first.",
        "The history is kept in $XDG_STATE_HOME/todo (TODOTXT_HISTORY=0 turns it off).",
    ]
    static let writesFiles = true

    /// Whether to list the history instead.
    let listing: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let word = arguments.next()
        guard word == nil || word == "--list", arguments.isAtEnd else {
            throw .invalid(
                action: "undo", message: "unexpected argument '\(word ?? "")'",
                synopsis: Self.synopses[0])
        }
        listing = word == "--list"
    }

    func run(in context: Context) throws -> Int32 {
        try context.operations.undo(listing: listing)
    }
}
