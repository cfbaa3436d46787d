import TestSupport
import Testing
import TodoTxt

@testable import TodoQuery

/// `todo export`'s formatter against the record writer it stands in for, on generated files
/// full of what is easy to get wrong: headers that almost parse, dates that are not real,
/// escapes at every position of an eight-byte word, invalid UTF-8, CR and CRLF.
@Suite struct JSONRecordWriterTests {
    /// The records ``JSONRecord`` writes for the lines of `bytes` (split on LF, a CR before
    /// the LF dropped), numbered from `first`, as `todo export` joins them.
    static func reference(_ bytes: [UInt8], first: Int, asArray: Bool) -> [UInt8] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            let end = index > start && bytes[index - 1] == 0x0D ? index - 1 : index
            lines.append(bytes[start..<end])
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        var output: [UInt8] = []
        for (offset, line) in lines.enumerated() {
            let number = first + offset
            if asArray {
                if number > 1 { output.append(0x2C) }
                output.append(0x0A)
            }
            JSONRecord.append(raw: line, number: number, to: &output)
            if !asArray { output.append(0x0A) }
        }
        return output
    }

    static func formatted(_ bytes: [UInt8], first: Int, asArray: Bool) -> [UInt8] {
        let writer = JSONRecordWriter(capacity: 16)
        _ = bytes.withUnsafeBufferPointer {
            writer.appendRecords(of: $0, from: 0, to: $0.count, first: first, asArray: asArray)
        }
        return Array(writer.bytes)
    }

    static let pieces: [[UInt8]] =
        [
            "x ", "x", "(A) ", "(a) ", "(Z) ", "(A)", "2026-01-31 ", "2026-02-30 ", "2024-02-29 ",
            "0000-01-01 ", "9999-12-31 ", "2026-1-01 ", "2026-01-31", "+p", "+", "@c", "@", "+é",
            "due:2026-03-04", "due:2026-13-01", "due:soon", "t:2026-05-06", "t:2026-05-32", "a:b",
            ":b", "a:", "http://x.y", "a:/b", "k:v:w", "due:", " ", "  ", "\t", "word",
            "longerword",
            "\"", "\\", "\r", "\u{1}", "\u{1F}", "\u{7F}", "é", "日本", "\u{2028}", "😀",
            "12345678", "abcdefghijklmnop",
        ].map { Array($0.utf8) }
        + [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0x80], [0x00], [0x0A]]

    @Test(arguments: Array(UInt64(1)...UInt64(40)))
    func matchesTheRecordWriter(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var file: [UInt8] = []
        for _ in 0..<200 {
            for _ in 0..<Int(rng.next() % 12) {
                file += Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))]
            }
            switch rng.next() % 6 {
            case 0: file += [0x0D, 0x0A]
            case 1: file += [0x0D]
            default: file += [0x0A]
            }
        }
        if rng.next() % 2 == 0 { file.removeLast() }
        let first = Int(rng.next() % 3) * 9 + 1
        for asArray in [false, true] {
            let expected = Self.reference(file, first: first, asArray: asArray)
            let actual = Self.formatted(file, first: first, asArray: asArray)
            #expect(actual == expected, "seed \(seed), asArray \(asArray)")
        }
    }

    /// Each byte that needs an escape, at every offset of a line longer than two words.
    @Test func findsEscapesAtEveryOffset() {
        for byte: UInt8 in [0x00, 0x09, 0x0D, 0x1F, 0x22, 0x5C, 0x80, 0xE9] {
            for offset in 0..<24 {
                var line = [UInt8](repeating: 0x61, count: 24)
                line[offset] = byte
                let expected = Self.reference(line, first: 7, asArray: false)
                #expect(Self.formatted(line, first: 7, asArray: false) == expected)
            }
        }
    }

    /// Line numbers of every length, and records appended after earlier ones.
    @Test func numbersAndAppending() {
        let writer = JSONRecordWriter(capacity: 16)
        var expected: [UInt8] = []
        let line = Array("(B) 2026-01-02 call +mom @phone due:2026-01-03\n".utf8)
        for number in [1, 9, 10, 99, 100, 12345, 999_999_999, 1_000_000_000_000] {
            _ = line.withUnsafeBufferPointer {
                writer.appendRecords(of: $0, from: 0, to: $0.count, first: number, asArray: true)
            }
            expected += Self.reference(line, first: number, asArray: true)
        }
        #expect(Array(writer.bytes) == expected)
        writer.removeAll()
        #expect(writer.bytes.isEmpty)
    }

    /// A line much longer than the writer's first buffer makes it grow.
    @Test func growsForLongLines() {
        var line: [UInt8] = Array("(A) ".utf8)
        for index in 0..<20_000 { line += Array("+p\(index) \"q\" @c\(index) k:\(index) ".utf8) }
        line.append(0x0A)
        #expect(
            Self.formatted(line, first: 1, asArray: true)
                == Self.reference(line, first: 1, asArray: true))
    }
}
