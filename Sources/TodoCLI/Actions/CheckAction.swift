/// `check [FILE|-] [--format text|json]`: the findings of TodoCheck for the todo file.
struct CheckAction: Action {
    static let names = ["check"]
    static let synopses = ["check [FILE|-] [--format text|json]"]
    static let help = [
        "Reports lines that probably do not mean what was meant (X for x, (a) for (A),",
        "bad dates, mixed line endings, invalid UTF-8, trailing spaces, duplicates) as",
        "FILE:LINE:COLUMN: warning: MESSAGE. Exits 0 when clean, 1 when not, 2 on error.",
    ]
    static let writesFiles = false
    static let completionWords = CompletionWords(
        flags: ["--format"], options: [.init(name: "--format", values: ["text", "json"])],
        files: true)

    /// The file and the format.
    let arguments: FileArguments

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        self.arguments = try FileArguments(&arguments, action: "check", formats: ["text", "json"])
    }

    func run(in context: Context) throws -> Int32 {
        try context.operations.check(file: arguments.file, format: arguments.format)
    }
}
