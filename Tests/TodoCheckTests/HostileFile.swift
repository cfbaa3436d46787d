/// Random todo files built to trip the quick path of `todo check`: headers that almost parse,
/// date tags with good and bad values, valid and invalid UTF-8 (truncated, overlong,
/// surrogates, past U+10FFFF), NUL, tabs, trailing blanks, CR alone, CRLF and LF mixed, a byte
/// order mark, a missing final newline, very long lines, and lines repeated far apart.
struct HostileFile {
    static let headers: [[UInt8]] = [
        "", "", "", "x ", "X ", "x\t", "X", "x", "(A) ", "(a) ", "(A)", "(Z)x", "(b)", "(B)\t",
        "x (B) ", "x (B)", "x 2024-05-02 ", "x 2024-05-02 2024-05-01 ", "x 2024-05-01 2024-05-02 ",
        "x 2024-05-01 2024-05-01 ", "x 2024-02-30 ", "x 2024-05-02 2024-02-30 ", "2024-01-01 ",
        "2024-1-5 ", "(A) 2024-13-01 ", " 2024-01-01 ", "(A)  2024-01-01 ", "x  2024-01-01 ",
        "x 2024-05-02  2024-05-01 ", "2023-02-29 ", "x 2024-05-02 2024-05-01 (C) ",
        "x 2024-05-02 2024-05-01  ", "x 2025-01-01 2024-12-31 2024-01-01 ", "0001-01-01 ",
        "0000-01-01 ", "9999-12-31 ", "2024-02-29 ", "2100-02-29 ", "2000-02-29 ", "2024-04-31 ",
        "x 2024-05-02 2025-05-01", "2024-01-01", "(A) 2024-01-01", "x 2024-05-02",
        "2024-01-01\t", "x 2024-05-02\t2024-05-01 ", "12-05-2024 ", "2024-01-011 ",
    ].map { Array($0.utf8) }

    static let words: [[UInt8]] =
        [
            "call", "mom", "2nd", "Q3", "due:2024-05-01", "due:2024-02-30", "due:2024-5-1",
            "due:tomorrow", "t:3d", "t:2024-01-01", "t:2024-1-1", "est:5", "xdue:foo", "a:due:x",
            "due:2024-01-01x", "due:", "t:", ":", "due:2024-01-01:", "+due:x", "@t:1",
            "http://x", "due:t:2024-01-01", "t:due:x", "due::", "café", "日本", "📞", "Ω",
            "(A)", "x", "X", "due:2024-13-01", "due:0000-01-01", "t:2024-02-29", "t:2023-02-29",
            "due:friday", "due:+3d", "rec:1w", "h:1",
        ].map { Array($0.utf8) } + [
            [0xE9], [0xC3], [0xC3, 0xA9], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xC0, 0x80],
            [0xC1, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80], [0xEF, 0xBF, 0xBF],
            [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xE6, 0x97], [0x00], [0x0D], [0x09],
            [0x01, 0x1F, 0x7F], [0xEF, 0xBB, 0xBF], Array(repeating: 0x61, count: 300),
            Array(repeating: 0x3A, count: 17),
        ]

    static let separators: [[UInt8]] = [[0x20], [0x20], [0x20], [0x20, 0x20], [0x09]]
    static let trailers: [[UInt8]] = [[], [], [], [], [], [0x20], [0x09], [0x20, 0x09], [0x0D]]

    /// The lines, without terminators.
    var lines: [[UInt8]] = []
    /// The file's bytes.
    var bytes: [UInt8] = []

    /// A file of up to `maximum` lines.
    init(_ random: inout SplitMix, maximum: Int) {
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        if random.next() % 8 == 0 { bytes = [0xEF, 0xBB, 0xBF] }
        let count = Int(random.next() % UInt64(maximum + 1))
        let crlf = random.next() % 4 == 0
        for index in 0..<count {
            var line: [UInt8]
            if !lines.isEmpty && random.next() % 6 == 0 {
                line = pick(lines)
            } else {
                line = pick(Self.headers)
                for word in 0..<Int(random.next() % 7) {
                    if word > 0 { line += pick(Self.separators) }
                    line += pick(Self.words)
                }
                line += pick(Self.trailers)
            }
            lines.append(line)
            bytes += line
            if index < count - 1 || random.next() % 3 != 0 {
                let flip = random.next() % 10 == 0
                bytes += crlf != flip ? [0x0D, 0x0A] : [0x0A]
            }
        }
    }
}
