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
    /// written back from the model. The output goes out in blocks, so memory stays near the
    /// file's size.
    func run(in context: Context) throws -> Int32 {
        let bytes: [UInt8]
        if arguments.file == "-" {
            bytes = context.environment.readAllInput()
        } else {
            let path =
                arguments.file.map {
                    Path.absolute($0, from: context.environment.currentDirectory)
                } ?? context.settings.todoFile
            bytes = try context.storage.readBytes(path)
        }
        let console = context.console
        switch arguments.format {
        case "todotxt":
            Self.writeBack(TodoList(bytes: bytes)) { console.write($0) }
        default:
            Self.writeRecords(of: bytes, asArray: arguments.format == "json") {
                console.write($0)
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

    /// One piece of the file: whole lines from `start` to `end`, the first numbered `first`.
    struct Block {
        var start: Int
        var end: Int
        var first: Int
    }

    /// The input bytes a block holds at most (a line longer than that makes a longer one).
    static let blockSize = 1 << 20

    /// The file's lines cut into blocks of about ``blockSize`` bytes, each ending after a line
    /// feed (the last at the end of the file), numbered on from block to block.
    static func blocks(of buffer: UnsafeBufferPointer<UInt8>) -> [Block] {
        guard let base = buffer.baseAddress else { return [] }
        let total = buffer.count
        var start = total >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
        var number = 1
        var result: [Block] = []
        while start < total {
            var end = min(start + blockSize, total)
            if end < total {
                let feed = LineFeeds.first(in: base + end - 1, count: total - end + 1)
                end = feed < 0 ? total : end + feed
            }
            result.append(Block(start: start, end: end, first: number))
            number += LineFeeds.count(in: base + start, count: end - start)
            if end == total && base[total - 1] != 0x0A { number += 1 }
            start = end
        }
        return result
    }

    /// The records of one block: each preceded by `,` LF (LF alone for the file's first) in a
    /// JSON array, or followed by LF as JSON lines. The block is copied first, so that the two
    /// threads never share a reference count.
    static func records(of bytes: [UInt8], _ block: Block, asArray: Bool) -> [UInt8] {
        let local = Array(bytes[block.start..<block.end])
        var output: [UInt8] = []
        output.reserveCapacity(local.count * 5 + 1024)
        var number = block.first
        local.withUnsafeBufferPointer { buffer in
            Listing.Scan.forEachLine(buffer, from: 0, to: buffer.count) { start, end in
                if asArray {
                    if number > 1 { output.append(0x2C) }
                    output.append(0x0A)
                }
                JSONRecord.append(raw: local[start..<end], number: number, to: &output)
                if !asArray { output.append(0x0A) }
                number += 1
            }
        }
        return output
    }

    /// Writes the records of every line, as a JSON array or as JSON lines. With two processors
    /// the blocks are formatted two at a time, each on its own thread, while the pair before
    /// them is written.
    static func writeRecords(of bytes: [UInt8], asArray: Bool, to write: ([UInt8]) -> Void) {
        let blocks = bytes.withUnsafeBufferPointer { Self.blocks(of: $0) }
        if asArray { write([0x5B]) }
        if blocks.count < 2 || Concurrently.processorCount < 2 {
            for block in blocks { write(records(of: bytes, block, asArray: asArray)) }
        } else {
            var pending: [[UInt8]] = []
            var index = 0
            while index < blocks.count {
                var first: [UInt8] = []
                var second: [UInt8] = []
                let next = index
                Concurrently.run(
                    { first = records(of: bytes, blocks[next], asArray: asArray) },
                    {
                        for output in pending { write(output) }
                        if next + 1 < blocks.count {
                            second = records(of: bytes, blocks[next + 1], asArray: asArray)
                        }
                    })
                pending = [first, second]
                index += 2
            }
            for output in pending { write(output) }
        }
        if asArray { write(blocks.isEmpty ? [0x5D, 0x0A] : [0x0A, 0x5D, 0x0A]) }
    }
}
