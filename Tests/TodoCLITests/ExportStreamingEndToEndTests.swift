import Foundation
import Testing

/// `todo export` on files large enough to be read in several pieces and formatted on two
/// threads: the records must be those of the file read whole, numbered on across pieces.
@Suite struct ExportStreamingEndToEndTests {
    /// More than 2 MiB of lines with every ending and awkward byte: a byte order mark, CRLF
    /// and LF, blank lines, invalid UTF-8, NUL, a 300 KB line, lines of every length (so some
    /// straddle the store's 128 KiB pieces), and no final line feed.
    static let bigFile: [UInt8] = {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        var number = 0
        while bytes.count < 5 << 20 {
            number += 1
            switch number % 9 {
            case 0: bytes += Array("\r\n".utf8)
            case 1: bytes += Array("(B) 2026-01-02 call +p\(number) @c due:2026-02-03\r\n".utf8)
            case 2: bytes += Array("x 2026-01-02 2026-01-01 \"q\" \\ \(number)\n".utf8)
            case 3: bytes += Array("bad".utf8) + [0xFF, 0xC3, 0x28] + Array(" +p \(number)\n".utf8)
            case 4: bytes += Array("nul".utf8) + [0] + Array(" \(number) t:2026-05-06\n".utf8)
            case 5: bytes += [UInt8](repeating: 0x61, count: number % 3_000) + [0x0A]
            default: bytes += Array("task \(number) k:v @home\n".utf8)
            }
            if number == 5_000 {
                bytes += [UInt8](repeating: 0x7A, count: 300_000) + Array(" +long\n".utf8)
            }
        }
        bytes += Array("last line without a line feed".utf8)
        return bytes
    }()

    /// The lines of `file` as the whole-file way counts them: the byte order mark dropped, one
    /// per line feed, plus a last one without it.
    static func lineCount(_ file: [UInt8]) -> Int {
        let body = file.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(file.dropFirst(3)) : file
        let feeds = body.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return feeds + (body.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
    }

    @Test func jsonLinesAreNumberedOnAcrossPiecesAndMatchTheArray() throws {
        let file = Self.bigFile
        let jsonl = try ExportEndToEndTests.run("export --format jsonl", file: file)
        let json = try ExportEndToEndTests.run("export --format json", file: file)
        #expect(jsonl.status == 0)
        #expect(json.status == 0)
        let records = Array(jsonl.output).split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(records.last == [])
        #expect(records.count - 1 == Self.lineCount(file))
        for (index, record) in records.dropLast().enumerated() {
            #expect(record.starts(with: Array("{\"line\":\(index + 1),".utf8)))
        }
        // The array holds the same records, one per line, between `[` and `]`.
        let joined = records.dropLast().joined(separator: Array(",\n".utf8))
        #expect(Array(json.output) == Array("[\n".utf8) + joined + Array("\n]\n".utf8))
        let long = try #require(
            try JSONSerialization.jsonObject(with: json.output) as? [[String: Any]])
        #expect(long.count == Self.lineCount(file))
        #expect(long.contains { ($0["projects"] as? [String]) == ["long"] })
    }

    @Test func standardInputGivesTheSameBytesAsTheFile() throws {
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data(Self.bigFile).write(to: home.appendingPathComponent("big.txt"))
        for format in ["json", "jsonl", "todotxt"] {
            let result = try TodoBinary.shell(
                "todo export --format \(format) big.txt > a.out && todo export --format \(format)"
                    + " - < big.txt > b.out && cmp a.out b.out && wc -c < a.out",
                in: home, environment: TodoBinary.environment(home: home))
            #expect(result.status == 0, "\(format): \(result.output)")
            #expect((Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0)
        }
        let back = try Data(contentsOf: home.appendingPathComponent("b.out"))
        #expect(Array(back) == Self.bigFile)
    }

    @Test func aClosedPipeEndsTheOutputQuietly() throws {
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data(Self.bigFile).write(to: home.appendingPathComponent("big.txt"))
        // With SIGPIPE ignored, the write fails with EPIPE and export must stop by itself.
        let result = try TodoBinary.shell(
            "(trap '' PIPE; todo export --format json big.txt 2> err.txt; echo $? > status.txt)"
                + " | head -c 100 | wc -c; cat err.txt status.txt",
            in: home, environment: TodoBinary.environment(home: home))
        #expect(
            result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                == ["100", "0"])
    }
}
