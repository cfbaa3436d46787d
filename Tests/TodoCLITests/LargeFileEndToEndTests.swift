import Foundation
import Testing

/// Listings and exports of a file large enough for their two-thread paths (a listing walks a
/// file of 2 MiB or more in two halves; `export` formats blocks of 1 MiB two at a time),
/// through the built binary, against references computed here from the file's lines.
@Suite struct LargeFileEndToEndTests {
    /// About 3 MiB: a byte order mark, then tasks with and without priorities, contexts in
    /// both cases, done tasks, empty lines, lines of digits, CRLF lines, non-ASCII text, and a
    /// last line without its line feed.
    static let file: [UInt8] = {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let heads = ["(A) ", "(B) ", "(a) ", "x 2026-01-02 ", "", "", "2026-03-04 ", "(A)"]
        let words = [
            "call", "Mom", "@phone", "@PHONE", "@home", "+proj", "café", "due:2026-05-06", "and",
            "the", "Zürich", "report", "(A)", "phone",
        ]
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        for index in 0..<40_000 {
            var line: String
            switch next(100) {
            case 0: line = ""
            case 1: line = String(next(1000))
            case 2: line = "  "
            default:
                line = heads[next(heads.count)]
                for _ in 0..<(2 + next(12)) { line += words[next(words.count)] + " " }
                line += String(index)
            }
            if index == 39_999 { line = "(A) the last line @phone, without a line feed" }
            bytes += Array(line.utf8)
            if index < 39_999 { bytes += next(10) == 0 ? [0x0D, 0x0A] : [0x0A] }
        }
        return bytes
    }()

    /// The file's lines as todo splits them: after the byte order mark, at LF, a CR before it
    /// dropped.
    static let lines: [[UInt8]] = {
        var parts = file.dropFirst(3).split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { Array($0) }
        for index in parts.indices where parts[index].last == 0x0D { parts[index].removeLast() }
        return parts
    }()

    /// Runs `todo -p ARGUMENTS` on `file` (as todo.txt in a fresh directory), the clock set to
    /// `clock` (TODOTXT_NOW) when given.
    static func run(
        _ arguments: [String], file: [UInt8] = file, clock: String? = nil
    ) throws -> (output: [UInt8], status: Int32) {
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let path = home.appendingPathComponent("todo.txt")
        try Data(file).write(to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TodoBinary.path)
        process.arguments = ["--file", path.path, "-p"] + arguments
        var extra = ["TODOTXT_GLOBAL_CFG_FILE": "", "TODOTXT_HISTORY": "0"]
        if let clock { extra["TODOTXT_NOW"] = clock }
        process.environment = TodoBinary.environment(home: home, extra: extra)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (Array(data), process.terminationStatus)
    }

    /// What `ls` prints for the lines that pass `keep`, as todo.sh's pipeline makes it: hidden
    /// lines (empty, or digits and spaces only) left out, numbers zero-padded to the width of
    /// the line count, sorted by the text with ASCII case folded, then by number.
    static func reference(_ keep: ([UInt8]) -> Bool) -> [UInt8] {
        let width = String(lines.count).count
        func folded(_ text: [UInt8]) -> [UInt8] {
            text.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        }
        var total = 0
        var shown: [(number: Int, text: [UInt8], key: [UInt8])] = []
        for (index, line) in lines.enumerated() {
            if line.allSatisfy({ $0 == 0x20 || (0x30...0x39).contains($0) }) { continue }
            total += 1
            if keep(line) { shown.append((index + 1, line, folded(line))) }
        }
        shown.sort {
            $0.key != $1.key ? $0.key.lexicographicallyPrecedes($1.key) : $0.number < $1.number
        }
        var output: [UInt8] = []
        for row in shown {
            let digits = String(row.number)
            output += Array(
                (String(repeating: "0", count: width - digits.count) + digits + " ").utf8)
            output += row.text + [0x0A]
        }
        return output + Array("--\nTODO: \(shown.count) of \(total) tasks shown\n".utf8)
    }

    static func contains(_ text: [UInt8], _ needle: String) -> Bool {
        let folded = text.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        let target = Array(needle.uppercased().utf8)
        guard folded.count >= target.count else { return false }
        return (0...(folded.count - target.count)).contains {
            folded[$0..<($0 + target.count)].elementsEqual(target)
        }
    }

    @Test func listingWithATermMatchesTheReference() throws {
        let result = try Self.run(["ls", "@phone"])
        #expect(result.status == 0)
        #expect(result.output == Self.reference { Self.contains($0, "@phone") })
    }

    @Test func listingWithANegatedTermAndARegexMatchesTheReference() throws {
        let result = try Self.run(["ls", "-mom", "ph.ne"])
        #expect(result.status == 0)
        #expect(
            result.output
                == Self.reference { !Self.contains($0, "mom") && Self.contains($0, "phone") })
    }

    @Test func priorityListingMatchesTheReference() throws {
        let result = try Self.run(["lsp", "A"])
        #expect(result.status == 0)
        #expect(result.output == Self.reference { $0.starts(with: Array("(A) ".utf8)) })
    }

    @Test func exportedRecordsAreNumberedInOrderAcrossBlocks() throws {
        for format in ["jsonl", "json"] {
            let result = try Self.run(["export", "--format", format])
            #expect(result.status == 0)
            let records: [[String: Any]]
            if format == "json" {
                records =
                    try JSONSerialization.jsonObject(with: Data(result.output))
                    as? [[String: Any]] ?? []
            } else {
                records = try result.output.split(separator: 0x0A).map {
                    try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] ?? [:]
                }
            }
            #expect(records.count == Self.lines.count, "\(format)")
            for (index, record) in records.enumerated() {
                let raw = String(decoding: Self.lines[index], as: UTF8.self)
                guard record["line"] as? Int == index + 1, record["raw"] as? String == raw else {
                    Issue.record("\(format) record \(index + 1): \(record)")
                    break
                }
            }
        }
    }

    /// The distinct words `lsc` or `lsprj` print for the lines that pass `keep`, as todo.sh's
    /// `grep -o '[^ ]*@[^ ]\+' | grep '^@'` finds them: space-separated chunks that start with
    /// the sigil and go on after it.
    static func words(sigil: UInt8, _ keep: ([UInt8]) -> Bool = { _ in true }) -> Set<[UInt8]> {
        var found = Set<[UInt8]>()
        for line in lines where keep(line) {
            for chunk in line.split(separator: 0x20) where chunk.first == sigil && chunk.count > 1 {
                found.insert(Array(chunk))
            }
        }
        return found
    }

    /// The lines of a listing's output, checked to be distinct.
    static func distinctLines(_ output: [UInt8]) -> Set<[UInt8]> {
        let lines = output.split(separator: 0x0A).map { Array($0) }
        #expect(Set(lines).count == lines.count)
        return Set(lines)
    }

    @Test func contextsAndProjectsOfBothHalvesMatchTheReference() throws {
        for (action, sigil) in [("lsc", UInt8(0x40)), ("lsprj", UInt8(0x2B))] {
            let result = try Self.run([action])
            #expect(result.status == 0)
            let expected = Self.words(sigil: sigil)
            #expect(!expected.isEmpty)
            #expect(Self.distinctLines(result.output) == expected, "\(action)")
        }
    }

    @Test func contextsOfTheLinesWithATermMatchTheReference() throws {
        let result = try Self.run(["lsc", "-mom", "call"])
        #expect(result.status == 0)
        let expected = Self.words(sigil: 0x40) {
            !Self.contains($0, "mom") && Self.contains($0, "call")
        }
        #expect(Self.distinctLines(result.output) == expected)
    }

    @Test func contextWordsAtTheEdgesOfLinesAndChunks() throws {
        let file = Array(
            "\u{FEFF}@first x\ny @end@ z@ a@b @c\r\nsolo @\n@d".utf8)
        let result = try Self.run(["lsc"], file: file)
        #expect(result.status == 0)
        #expect(String(decoding: result.output, as: UTF8.self) == "@c\n@d\n@end@\n@first\n")
    }
}
