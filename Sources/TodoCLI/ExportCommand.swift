import TodoQuery
import TodoStore
import TodoTxt

extension Session {
    /// `export [--format jsonl|json|todotxt] [FILE|-]`: every physical line of the file as a
    /// JSON record (blank lines included), or the file written back from the model.
    func export(_ words: [String]) throws -> Int32 {
        guard
            let arguments = FileArguments.parse(
                words.dropFirst(), action: "export", formats: ["jsonl", "json", "todotxt"],
                session: self)
        else { return 2 }
        let file = arguments.file
        let format = arguments.format
        let list: TodoList
        if file == "-" {
            list = TodoList(bytes: environment.readAllInput())
        } else {
            let path =
                file.map { Path.absolute($0, from: environment.currentDirectory) }
                ?? settings.todoFile
            list = try storage.read(path)
        }
        var output: [UInt8] = []
        switch format {
        case "todotxt":
            var rebuilt = TodoList()
            rebuilt.hasByteOrderMark = list.hasByteOrderMark
            for line in list {
                // Written back from the parsed model, not copied: this is the round-trip check.
                rebuilt.appendLine(line.item.line)
            }
            output = Session.withTerminators(rebuilt, like: list)
        case "json":
            output.append(0x5B)
            for (index, line) in list.enumerated() {
                output.append(contentsOf: index == 0 ? [0x0A] : [0x2C, 0x0A])
                JSONRecord.append(line, number: index + 1, to: &output)
            }
            output.append(contentsOf: list.isEmpty ? [0x5D, 0x0A] : [0x0A, 0x5D, 0x0A])
        default:
            for (index, line) in list.enumerated() {
                JSONRecord.append(line, number: index + 1, to: &output)
                output.append(0x0A)
            }
        }
        console.write(output)
        return 0
    }

    /// The bytes of `list` with the line terminators of `original` (same line count).
    static func withTerminators(_ list: TodoList, like original: TodoList) -> [UInt8] {
        var output: [UInt8] = list.hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        for (line, source) in zip(list, original) {
            output += line.content
            output += source.terminator.bytes
        }
        return output
    }
}
