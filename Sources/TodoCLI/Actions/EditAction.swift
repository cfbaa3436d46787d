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

    func run(in context: Context) throws -> Int32 {
        try context.operations.edit(line: line)
    }
}
