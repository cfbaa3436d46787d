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
            // Straight from the formatter's buffer to standard output, with no copy.
            var failed = false
            Self.writeRecords(of: bytes, asArray: arguments.format == "json") { output in
                if console.isCapturing {
                    console.write(Array(output))
                    return true
                }
                console.flush()
                do {
                    try FileDescriptor.writeAll(1, UnsafeRawBufferPointer(output))
                } catch {
                    // A closed pipe or a full disk ends the output silently, as elsewhere.
                    failed = true
                }
                return !failed
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

    /// The input bytes a block holds at most (a line longer than that makes a longer one):
    /// small enough that the four output buffers stay a few megabytes.
    static let blockSize = 1 << 19

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

    /// Writes the records of every line, as a JSON array or as JSON lines, handing each
    /// formatted block to `write` (which returns `false` to stop: the reader has gone). With
    /// two processors the blocks are formatted two at a time on a second thread, or one there
    /// and one here after the two before them are written (whichever the last pair's timings
    /// favour); the four output buffers are reused throughout.
    static func writeRecords(
        of bytes: [UInt8], asArray: Bool, to write: (UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        bytes.withUnsafeBufferPointer { buffer in
            let blocks = Self.blocks(of: buffer)
            if asArray && ![UInt8]([0x5B]).withUnsafeBufferPointer({ write($0) }) { return }
            let parallel = blocks.count >= 2 && Concurrently.processorCount >= 2
            // JSON records are about four and a half times as long as their lines.
            let capacity = min(blockSize, buffer.count) * 5 + 4096
            let writers = (0..<(parallel ? 4 : 1)).map { _ in
                JSONRecordWriter(capacity: capacity)
            }
            func format(_ index: Int, into writer: JSONRecordWriter) {
                let block = blocks[index]
                writer.removeAll()
                writer.appendRecords(
                    of: buffer, from: block.start, to: block.end, first: block.first,
                    asArray: asArray)
            }
            if !parallel {
                for index in blocks.indices {
                    format(index, into: writers[0])
                    guard write(writers[0].bytes) else { return }
                }
            } else {
                var pair = 0
                var pending = 0
                var index = 0
                var open = true
                // Whether this thread formats the second block of each pair after writing the
                // pair before. When writing takes longer than half a block's formatting (a
                // slow reader), the other thread formats both blocks instead, so that writing
                // never waits for formatting it could have left to the other thread.
                var writerFormats = true
                let clock = ContinuousClock()
                while index < blocks.count && open {
                    let next = index
                    let done = 1 - pair
                    let waiting = pending
                    let first = writers[2 * pair]
                    let second = writers[2 * pair + 1]
                    let hasSecond = next + 1 < blocks.count
                    let split = writerFormats
                    var formatting = Duration.zero
                    var writing = Duration.zero
                    Concurrently.run(
                        {
                            let start = clock.now
                            format(next, into: first)
                            formatting = clock.now - start
                            if !split && hasSecond { format(next + 1, into: second) }
                        },
                        {
                            let start = clock.now
                            for slot in 0..<waiting where open {
                                open = write(writers[2 * done + slot].bytes)
                            }
                            writing = clock.now - start
                            if open && split && hasSecond { format(next + 1, into: second) }
                        })
                    if waiting == 2 { writerFormats = writing < formatting }
                    pending = hasSecond ? 2 : 1
                    pair = 1 - pair
                    index += 2
                }
                for slot in 0..<pending where open {
                    open = write(writers[2 * (1 - pair) + slot].bytes)
                }
                guard open else { return }
            }
            if asArray {
                let closing: [UInt8] = blocks.isEmpty ? [0x5D, 0x0A] : [0x0A, 0x5D, 0x0A]
                _ = closing.withUnsafeBufferPointer { write($0) }
            }
        }
    }
}
