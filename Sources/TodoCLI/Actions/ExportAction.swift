/// `export [--format jsonl|json|todotxt] [FILE|-]`: every line as a JSON record, or the file
/// written back from the model.
struct ExportAction: Action {
    static let names = ["export"]
    static let synopses = ["export [--format jsonl|json|todotxt] [FILE|-]"]
    static let help = [
        "Prints every line of the todo file (or FILE, or standard input) as JSON records,",
        "or writes the file back from the parsed model (byte for byte the same).",
    ]
    static let writesFiles = false
    static let completionWords = CompletionWords(
        flags: ["--format"],
        options: [.init(name: "--format", values: ["jsonl", "json", "todotxt"])], files: true)

    /// The file and the format.
    let arguments: FileArguments

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        self.arguments = try FileArguments(
            &arguments, action: "export", formats: ["jsonl", "json", "todotxt"])
    }

    func run(in context: Context) throws -> Int32 {
        try context.operations.export(file: arguments.file, format: arguments.format)
    }
}
