import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// The chunked scan an `add` makes gives the same new bytes and line count as appending to the
/// whole parsed list (FormatRules.md F3-F5), whatever the file and however it is chunked.
struct AppendScanTests {
    static let fragments: [[UInt8]] = [
        [0xEF, 0xBB, 0xBF], [0x0A], [0x0D, 0x0A], [0x0D], Array("task".utf8), Array("x done".utf8),
        [0x20], [0xEF, 0xBB],
    ]

    static func scan(_ bytes: [UInt8], chunk: Int) -> AppendScan {
        var scan = AppendScan()
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let end = min(offset + chunk, raw.count)
                scan.take(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
                offset = end
            }
        }
        return scan
    }

    @Test func matchesTheListForRandomFilesAndChunks() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let lineChoices: [[UInt8]] = [Array("new".utf8), [], Array("ends in cr\r".utf8), [0x0D]]
        for round in 0..<3000 {
            var file: [UInt8] = []
            for _ in 0..<next(7) { file += Self.fragments[next(Self.fragments.count)] }
            let lines = (0..<(1 + next(3))).map { _ in lineChoices[next(lineChoices.count)] }
            let (tail, list) = FileStorage().appended(lines, to: file)
            let scan = Self.scan(file, chunk: 1 + next(5))
            #expect(scan.tail(appending: lines) == tail, "round \(round): \(file) + \(lines)")
            #expect(scan.lineCount + lines.count == list.count, "round \(round): \(file)")
            #expect(scan.length == file.count)
            #expect(scan.end == AppendReport.lastTwoLines(of: file), "round \(round): \(file)")
        }
    }

    /// What `add` reports of the file's end is its last two lines and the bytes written, the same
    /// as the whole file tells.
    @Test func lastTwoLinesAreTheBytesAfterTheThirdLineFeedFromTheEnd() {
        #expect(AppendReport.lastTwoLines(of: Array("a\nb\nc\n".utf8)) == Array("b\nc\n".utf8))
        #expect(AppendReport.lastTwoLines(of: Array("a\nb\nc".utf8)) == Array("a\nb\nc".utf8))
        #expect(AppendReport.lastTwoLines(of: Array("w\nx\ny\nz".utf8)) == Array("x\ny\nz".utf8))
        #expect(AppendReport.lastTwoLines(of: [UInt8]()) == [])
    }

    @Test func countsLineFeedsExactly() {
        var bytes: [UInt8] = []
        for value in 0..<5000 { bytes.append(UInt8(truncatingIfNeeded: value * 7)) }
        let expected = bytes.filter { $0 == 0x0A }.count
        let counted = bytes.withUnsafeBufferPointer {
            LineFeeds.count(in: $0.baseAddress!, count: $0.count)
        }
        #expect(counted == expected)
    }
}

/// `add`'s report from the chunked scan is what the whole file tells, across chunk boundaries.
struct AppendReportTests {
    @Test(arguments: ["\n", "\r\n", ""])
    func fileStorageReportsWhatTheWholeFileTells(_ ending: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        // Longer than one 1 MiB read, with lines of varied length.
        var text = "\u{FEFF}first"
        var number = 0
        while text.utf8.count < 2_300_000 {
            number += 1
            text += "\n" + String(repeating: "task \(number) ", count: 1 + number % 9)
        }
        let bytes = Array(text.utf8) + Array(ending.utf8)
        try writeFile(path, bytes)
        let lines = ["new one".bytes, "new two".bytes]
        let report = try FileStorage().appendReportingEnd(path, lines: lines)
        let after = try readFile(path)
        #expect(after.starts(with: bytes))
        #expect(report.written == Array(after[bytes.count...]))
        #expect(report.endBefore == AppendReport.lastTwoLines(of: bytes))
        #expect(report.lineCount == TodoList(bytes: after).count)
    }
}
