import Dispatch
import Testing
import TodoKit
import TodoUI

/// The rows are sorted from the lines' bytes (a few integers a line, the whole values read
/// again only on a tie), not from parsed tasks: their order must be the order
/// `todo query FILTER --all --sort KEYS` gives the same tasks, for every key, both
/// directions, and files full of ties, non-ASCII text, invalid UTF-8 and CRLF.
@Suite struct TaskRowsTests {
    /// A small deterministic generator (SplitMix64), so a failure can be reproduced.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func pick<T>(_ choices: [T]) -> T {
            choices[Int(next() % UInt64(choices.count))]
        }

        mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
    }

    /// Words with long shared starts (ties past the integers' 23 bytes), case, non-ASCII
    /// letters whose lower case differs in length, and invalid UTF-8.
    static let words: [[UInt8]] =
        [
            "call", "Call", "CALL", "call the plumber about the leaking kitchen tap",
            "call the plumber about the leaking kitchen sink", "café", "CAFÉ", "İstanbul",
            "ıstanbul", "Straße", "STRASSE", "日本", "écrire", "Écrire", "zebra", "a", "A", "",
            "+work", "+Work", "+w", "@home", "@Home", "@phone", "est:3", "est:-0", "est:0",
            "est:2.50", "est:10", "est:abc", "est:ABC", "est:", "due:2026-11-30", "due:2026-11-30",
            "due:2025-01-01", "due:2026-13-01", "due:tomorrow", "t:2026-12-01", "t:2020-01-01",
            "pri:B", "pri:c", "pri:Z", "h:1", "rec:1w",
            "K-Kelvin", "İİİİİİİİİİİİİİİİİİİİ", "aaaaaaaaaaaaaaaaaaaaaaİ", "ŉ", "ǅ",
            // Names and tag values longer than the bytes a sort keeps of them, alike far in.
            "+averyveryverylongprojectname", "+averyveryverylongprojectnamf",
            "+averyveryverylongproject", "+averyveryverylongprojectname2",
            "@averyveryverylongcontextname", "@averyveryverylongcontextnamf",
            "@averyveryverylongcontext", "est:averyveryverylongvaluename",
            "est:averyveryverylongvaluenamf", "est:averyveryverylongvalue", "est:1e3", "est:-2",
            "ÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉ", "éééééééééééééééx", "due:2026-02-29", "due:2024-02-29",
            "t:0001-01-01", "t:9999-12-31",
        ].map { Array($0.utf8) } + [
            [0xFF, 0x61], [0xC3], [0x63, 0x61, 0x66, 0xC3, 0x28], [0xE2, 0x84], [0xF0, 0x9F, 0x98],
            [0xED, 0xA0, 0x80, 0x61], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x28, 0xA1],
            // NUL bytes, where a value ends or goes on with zeros.
            [0x61, 0x00], [0x61, 0x00, 0x00], [0x2B, 0x61, 0x00], [0x2B, 0x61],
            [0x65, 0x73, 0x74, 0x3A, 0x61, 0x00],
        ]

    /// A file of `count` lines: priorities, dates, done marks, blank lines, duplicates.
    static func file(_ generator: inout Generator, lines count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var previous: [UInt8] = []
        for index in 0..<count {
            var line: [UInt8] = []
            if generator.chance(5) {
                line = generator.pick([[], [0x20], [0x09, 0x20]])
            } else if generator.chance(8) && !previous.isEmpty {
                line = previous
            } else {
                if generator.chance(30) {
                    line += Array("x ".utf8)
                    if generator.chance(70) {
                        line += Array(generator.pick(["2026-11-20 ", "2025-02-01 "]).utf8)
                    }
                } else if generator.chance(40) {
                    line += Array("(\(generator.pick(["A", "B", "C", "Z", "a"]))) ".utf8)
                }
                if generator.chance(30) {
                    line += Array(generator.pick(["2024-01-01 ", "2026-11-23 "]).utf8)
                }
                for word in 0..<Int(1 + generator.next() % 6) {
                    if word > 0 { line.append(0x20) }
                    line += generator.pick(words)
                }
            }
            previous = line
            bytes += line
            if index < count - 1 || generator.chance(50) {
                bytes += generator.chance(10) ? [0x0D, 0x0A] : [0x0A]
            }
        }
        return bytes
    }

    static let sorts: [String] = [
        "pri,text", "text,pri", "due,pri", "line", "-line", "text", "-text", "pri", "-pri",
        "due", "-due", "t", "-t", "created", "-created", "completed", "-completed", "done",
        "-done", "project", "-project", "context", "-context", "tag:est", "-tag:est",
        "tag:pri,text", "done,-project,context", "-tag:est,-text,line", "t,-created",
        "-completed,-done", "tag:est,line", "-project,-context", "context,-tag:est", "-due,pri",
        "-pri,-text", "-text,-pri", "project,text", "text,project", "tag:due,tag:est",
    ]

    /// The lines `todo query FILTER --all --sort KEYS` lists, cut to the view.
    static func expected(
        _ snapshot: TaskSnapshot, view: TaskListView, filter: String, sort: Sorting
    ) throws -> [Int] {
        try snapshot.tasks(matching: filter, sortedBy: sort.keys, includingAll: true)
            .filter { view.shows($0.item) }.map(\.line)
    }

    @Test(arguments: 0..<12)
    func rowsAreInTheQuerysOrder(seed: UInt64) throws {
        var generator = Generator(state: seed)
        let store = InMemoryTaskStore(todo: Self.file(&generator, lines: 300))
        let snapshot = try store.snapshot()
        // One set of buffers for every sort, as the list keeps them: reused whatever the
        // number of rows and the width of the keys.
        var buffers = LineSortBuffers()
        for text in Self.sorts {
            let sort = try Sorting(parsing: text)
            for view in TaskListView.allCases {
                for filter in ["", "call", "+work or est>2", "not café"] {
                    let rows = try TaskRows(
                        snapshot, view: view, filter: Query(parsing: filter), sorting: sort,
                        inPairs: nil, buffers: &buffers)
                    let expected = try Self.expected(
                        snapshot, view: view, filter: filter, sort: sort)
                    #expect(
                        rows.map(\.line) == expected,
                        "seed \(seed), sort \(text), view \(view), filter '\(filter)'")
                }
            }
        }
    }

    /// A large selection's keys are read in two halves at once, and its rows sorted in two
    /// groups at once, when the caller can run two pieces of work together: the rows are the
    /// order `todo query` gives.
    @Test func rowsReadInTwoHalvesAreTheSame() throws {
        var generator = Generator(state: 99)
        let store = InMemoryTaskStore(todo: Self.file(&generator, lines: 24_000))
        let snapshot = try store.snapshot()
        var pairs = 0
        let inPairs: (() -> Void, () -> Void) -> Void = { first, second in
            pairs += 1
            // A second thread, as `todo ui` runs it.
            withoutActuallyEscaping(first) { first in
                let group = DispatchGroup()
                nonisolated(unsafe) let work = first
                DispatchQueue.global().async(group: group) { work() }
                second()
                group.wait()
            }
        }
        for text in ["text,pri", "-project,due", "tag:est,-text"] {
            let sort = try Sorting(parsing: text)
            let rows = try TaskRows(
                snapshot, view: .all, filter: Query(), sorting: sort, inPairs: inPairs)
            let expected = try Self.expected(snapshot, view: .all, filter: "", sort: sort)
            #expect(rows.map(\.line) == expected, "\(text)")
        }
        // Twice a sort: the keys in two halves, then the buckets of the first split.
        #expect(pairs == 6)
    }

    /// A word of the filter matches through Unicode lower case: the Kelvin sign and the dotted
    /// capital I lower-case to ASCII letters, so their lines are not searched by ASCII folding.
    @Test func wordsMatchThroughUnicodeLowerCase() throws {
        let store = memoryStore(
            "\u{212A}ELVIN scale\nKelvin\nİstanbul trip\ncafé Kiosk\nistanbul\nplain\n")
        let snapshot = try store.snapshot()
        func lines(_ filter: String) throws -> [Int] {
            try TaskRows(
                snapshot, view: .open, filter: Query(parsing: filter), sorting: Sorting.byLine
            ).map(\.line)
        }
        #expect(try lines("kelvin") == [1, 2])
        #expect(try lines("i\u{307}stanbul") == [3])
        #expect(try lines("istanbul") == [5])
        #expect(try lines("kiosk") == [4])
        #expect(try lines("café") == [4])
    }

    @Test func rowsParseTheirTasksFromTheSnapshot() throws {
        let store = memoryStore("b task\n\n(A) a task\r\nx 2026-11-20 done\n")
        let rows = try TaskRows(
            store.snapshot(), view: .open, filter: Query(),
            sorting: Sorting(keys: [.priority, .text]))
        #expect(rows.map(\.description) == ["3 (A) a task", "1 b task"])
        #expect(rows.row(ofLine: 1, bytes: Array("b task".utf8)) == 1)
        #expect(rows.row(ofLine: 4) == nil)
    }
}
