import TodoQuery
import TodoStore
import TodoTxt

extension Session {
    /// `export [--format jsonl|json|todotxt] [FILE|-]`: every physical line of the file as a
    /// JSON record (blank lines included), or the file written back from the model.
    func export(file: String?, format: String) throws -> Int32 {
        let list: TodoList
        if file == "-" {
            list = TodoList(bytes: environment.readAllInput())
        } else {
            let path =
                file.map { Path.absolute($0, from: environment.currentDirectory) }
                ?? settings.todoFile
            list = try storage.read(path)
        }
        // Written in blocks of 64 KiB, so memory stays near the file's size.
        var output: [UInt8] = []
        output.reserveCapacity(1 << 17)
        func drain(force: Bool = false) {
            if force || output.count >= 1 << 16 {
                console.write(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        switch format {
        case "todotxt":
            if list.hasByteOrderMark { output += [0xEF, 0xBB, 0xBF] }
            for line in list {
                // Written back from the parsed model, not copied: this is the round-trip check.
                output += line.item.line
                output += line.terminator.bytes
                drain()
            }
        case "json":
            output.append(0x5B)
            for (index, line) in list.enumerated() {
                output.append(contentsOf: index == 0 ? [0x0A] : [0x2C, 0x0A])
                JSONRecord.append(line, number: index + 1, to: &output)
                drain()
            }
            output.append(contentsOf: list.isEmpty ? [0x5D, 0x0A] : [0x0A, 0x5D, 0x0A])
        default:
            for (index, line) in list.enumerated() {
                JSONRecord.append(line, number: index + 1, to: &output)
                output.append(0x0A)
                drain()
            }
        }
        drain(force: true)
        return 0
    }
}
