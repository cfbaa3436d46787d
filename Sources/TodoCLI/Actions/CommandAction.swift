/// `command ACTION [ARGS...]`: runs a built-in action even when an add-on has its name.
struct CommandAction: Action {
    static let names = ["command"]
    static let synopses = ["command [ACTION] [ARGS...]"]
    static let help = ["Runs the built-in ACTION even when an add-on of that name exists."]
    static let writesFiles = false

    /// The built-in action's command line, its name first.
    let words: [String]

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        words = arguments.rest()
        guard !words.isEmpty else { throw .todoSh }
    }

    func run(in context: Context) throws -> Int32 {
        try context.operations.runBuiltIn(words)
    }
}
