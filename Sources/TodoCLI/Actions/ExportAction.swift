import TodoPlatform
import TodoQuery
import TodoStore
import TodoTxt

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

    /// Every physical line of the file as a JSON record (blank lines included), or the file
    /// written back from the model. The records are made piece by piece as the file is read
    /// and written out from a second thread, so memory stays small whatever the file's size.
    func run(in context: Context) throws -> Int32 {
        let console = context.console
        let path =
            arguments.file == "-"
            ? nil
            : arguments.file.map {
                Path.absolute($0, from: context.environment.currentDirectory)
            } ?? context.settings.todoFile
        guard arguments.format != "todotxt" else {
            let bytes =
                try path.map { try context.storage.readBytes($0) }
                ?? context.environment.readAllInput()
            Self.writeBack(TodoList(bytes: bytes)) { console.write($0) }
            return 0
        }
        // Straight from the formatter's buffer to standard output, with no copy.
        let write = { (output: UnsafeBufferPointer<UInt8>) -> Bool in
            if console.isCapturing {
                console.write(Array(output))
                return true
            }
            console.flush()
            do {
                try FileDescriptor.writeAll(1, UnsafeRawBufferPointer(output))
                return true
            } catch {
                // A closed pipe or a full disk ends the output silently, as elsewhere.
                return false
            }
        }
        let asArray = arguments.format == "json"
        console.expectLargeOutput()
        if let path {
            try RecordStream.write(asArray: asArray, to: write) { piece in
                try context.storage.readPieces(path, piece)
            }
        } else {
            let bytes = context.environment.readAllInput()
            RecordStream.write(asArray: asArray, to: write) { piece in
                bytes.withUnsafeBufferPointer { RecordStream.cut($0, into: piece) }
            }
        }
        return 0
    }

    /// The file written back from the parsed model, not copied: this is the round-trip check.
    static func writeBack(_ list: TodoList, to write: ([UInt8]) -> Void) {
        var output: [UInt8] = []
        output.reserveCapacity(1 << 17)
        if list.hasByteOrderMark { output += [0xEF, 0xBB, 0xBF] }
        for line in list {
            output += line.item.line
            output += line.terminator.bytes
            if output.count >= 1 << 16 {
                write(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        if !output.isEmpty { write(output) }
    }
}
