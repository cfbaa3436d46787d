import Testing
import TodoTxt

@testable import TodoQuery

/// ``QueryPieceSelector`` fed a file in pieces (and in two halves) selects, orders and prints
/// exactly what ``QueryRequest`` does over the whole file.
struct QueryPieceSelectorTests {
    static let today = day(2026, 11, 23)

    /// Tasks of every kind: priorities, done tasks, dates, hidden and threshold tags, empty
    /// lines, CRLF, a CR that is content, invalid UTF-8, a byte order mark and a line that
    /// starts with one, and no final line feed.
    static let file: [UInt8] = {
        var state: UInt64 = 0x9E1EC7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let heads = ["(A) ", "(B) ", "(C) ", "(D) ", "x 2026-01-02 ", "", "2026-03-04 ", "(a) "]
        let words = [
            "call", "Mom", "@phone", "@PHONE", "@home", "+work", "café", "due:2026-11-20",
            "due:2026-12-01", "h:1", "t:2027-01-01", "aaaa", "aaab", "Zürich", "ÉTÉ", "été",
        ]
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        for index in 0..<3_000 {
            var line: [UInt8]
            switch next(60) {
            case 0: line = []
            case 1: line = [0xEF, 0xBB, 0xBF] + Array("(A) starts with a mark".utf8)
            case 2: line = Array("call about \u{1}".utf8) + [0xFF, 0x0D]
            default:
                var text = heads[next(heads.count)]
                for _ in 0..<(1 + next(8)) { text += words[next(words.count)] + " " }
                line = Array((text + "n\(index)").utf8)
            }
            bytes += line
            if index < 2_999 { bytes += next(8) == 0 ? [0x0D, 0x0A] : [0x0A] }
        }
        return bytes
    }()

    static let expressions: [[String]] = [
        [], ["--all"], ["done"], ["/call.*@phone/"], ["--all", "/(a+)+b /"], ["/été/i"],
        ["pri:A-C", "due:any", "-@phone", "--sort", "due,pri"], ["+work", "--sort", "-line"],
        ["line>1000", "line<2000", "--format", "json"], ["/phone/", "or", "+work", "--limit", "7"],
        ["--format", "text", "@phone"], ["--format", "{line} {raw}", "/\u{1}/"],
        ["--format", "csv", "--all", "/\\r/"], ["--format", "jsonl", "--all", "h:1"],
        ["pri:any"], ["pri:none"], ["-pri:A", "@phone"], ["pri<C", "or", "+work"], ["pri>=b"],
        ["--all", "pri:A"],
    ]

    /// The pieces of `bytes` cut at line feeds, roughly every `size` bytes.
    static func pieces(_ bytes: [UInt8], size: Int) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            var end = min(start + size, bytes.count)
            while end < bytes.count && bytes[end - 1] != 0x0A { end += 1 }
            result.append(Array(bytes[start..<end]))
            start = end
        }
        return result
    }

    /// What the selector prints for the pieces, as `todo query` prints it.
    static func output(
        _ request: QueryRequest, low: [[UInt8]], high: [[UInt8]]?
    ) throws -> [UInt8] {
        var selector = try QueryPieceSelector(request, today: today)
        for piece in low { piece.withUnsafeBufferPointer { selector.take($0) } }
        if let high {
            var later = try QueryPieceSelector(request, today: today, atFileStart: false)
            for piece in high { piece.withUnsafeBufferPointer { later.take($0) } }
            selector.append(later)
        }
        let list = selector.keptLines
        let lines = request.ordered(Array(list.indices), in: list, numbers: selector.numbers)
        var output: [UInt8] = []
        request.format.write(
            lines: lines, of: list, numbers: selector.numbers, lineCount: selector.lineCount,
            into: &output)
        return output
    }

    @Test(arguments: expressions)
    func piecesSelectWhatTheWholeFileSelects(words: [String]) throws {
        let request = try QueryRequest.parseArguments(words)
        var expected: [UInt8] = []
        try request.run(on: TodoList(bytes: Self.file), today: Self.today, into: &expected)
        #expect(!expected.isEmpty)
        for size in [1, 100, 5_000, Self.file.count] {
            let pieces = Self.pieces(Self.file, size: size)
            #expect(try Self.output(request, low: pieces, high: nil) == expected, "\(size)")
        }
        // Two halves: the second starts at a line near the middle.
        guard !words.contains(where: { $0.hasPrefix("line") }) else { return }
        let pieces = Self.pieces(Self.file, size: 997)
        let middle = pieces.count / 2
        let output = try Self.output(
            request, low: Array(pieces[..<middle]), high: Array(pieces[middle...]))
        #expect(output == expected)
    }

    @Test func lineComparisonsAskForOnePass() throws {
        let plain = try QueryPieceSelector(
            try QueryRequest.parseArguments(["+work"]), today: Self.today)
        #expect(plain.worksInHalves)
        let numbered = try QueryPieceSelector(
            try QueryRequest.parseArguments(["+work", "or", "line:3"]), today: Self.today)
        #expect(!numbered.worksInHalves)
    }

    @Test func anEmptyFileSelectsNothing() throws {
        let request = try QueryRequest.parseArguments(["--format", "text"])
        #expect(try Self.output(request, low: [], high: []) == [])
        #expect(try Self.output(request, low: [[0xEF, 0xBB, 0xBF]], high: nil) == [])
    }
}
