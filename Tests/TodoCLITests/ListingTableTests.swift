import Testing
import TodoTxt

@testable import TodoCLI

/// The compact table of a listing (offsets into the file's bytes, runs sorted apart and merged
/// as they are written) writes what the list of rows writes.
struct ListingTableTests {
    /// Bytes from a small alphabet that has every byte the walk, the sort and the writer treat
    /// apart (line feeds, CRs, blanks, digits, a byte order mark's bytes, NUL, controls, case),
    /// with now and then a line longer than a block of line-feed counts.
    static func file(lines: Int, seed: UInt64, byteOrderMark: Bool = false) -> [UInt8] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet: [UInt8] = [
            0x20, 0x20, 0x09, 0x0D, 0x31, 0x32, 0x61, 0x41, 0x62, 0x42, 0x7A, 0x5F, 0x00, 0x1B,
            0xC2, 0x85, 0xEF, 0xBB, 0xBF, 0x28, 0x29,
        ]
        let prefixes: [[UInt8]] = [
            Array("(A) 2024-05-06 call mom ".utf8), Array("x 2024-01-02 2023-12-30 ".utf8), [],
        ]
        var bytes: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        for _ in 0..<lines {
            bytes += prefixes[next(prefixes.count)]
            let length = next(50) == 0 ? 600 + next(700) : next(12)
            for _ in 0..<length { bytes.append(alphabet[next(alphabet.count)]) }
            if next(6) == 0 { bytes.append(0x0D) }
            bytes.append(0x0A)
        }
        if next(2) == 0 { bytes += Array("last\r".utf8) }
        return bytes
    }

    /// The rows of `bytes` as the list path makes them: numbered from `first`, hidden lines
    /// left out.
    static func rows(_ bytes: [UInt8], first: Int = 1) -> [Listing.Row] {
        var rows: [Listing.Row] = []
        var number = first - 1
        bytes.withUnsafeBufferPointer { buffer in
            Listing.Scan.forEachLine(buffer) { start, end in
                number += 1
                let content = bytes[start..<end]
                if !Listing.isHidden(content) {
                    rows.append(Listing.Row(number: number, content: content))
                }
            }
        }
        return rows
    }

    /// What the list path writes for `rows`.
    static func written(_ rows: [Listing.Row], width: Int, visibleControls: Bool) -> [UInt8] {
        var output: [UInt8] = []
        var writer = Listing.RowWriter(
            width: width, visibleControls: visibleControls, finish: nil, body: { output += $0 })
        Listing.write(rows, in: Listing.sortOrder(rows), to: &writer)
        return output
    }

    /// What `table` writes, its runs sorted first.
    static func written<Offset: FixedWidthInteger & UnsignedInteger>(
        _ table: Listing.Table<Offset>, width: Int, visibleControls: Bool
    ) -> [UInt8] {
        var output: [UInt8] = []
        var writer = Listing.RowWriter(
            width: width, visibleControls: visibleControls, finish: nil, body: { output += $0 })
        table.write(runs: table.sortRuns(), to: &writer)
        return output
    }

    @Test(arguments: [(0, false), (40, true), (3_000, false), (75_000, true)])
    func tableWritesWhatTheRowsWrite(lines: Int, byteOrderMark: Bool) {
        let bytes = Self.file(lines: lines, seed: UInt64(lines) + 7, byteOrderMark: byteOrderMark)
        let width = Listing.width(for: Listing.Scan.lineCount(bytes))
        let table = Listing.Table<UInt32>()
        let (total, passed) = table.select(
            bytes, numberedFrom: 1, width: width, filters: [], test: nil)
        let rows = Self.rows(bytes)
        #expect(total == rows.count)
        #expect(passed == rows.count)
        #expect(table.rows().map(\.number) == rows.map(\.number))
        #expect(table.rows().map { Array($0.content) } == rows.map { Array($0.content) })
        for visible in [false, true] {
            #expect(
                Self.written(table, width: width, visibleControls: visible)
                    == Self.written(rows, width: width, visibleControls: visible))
        }
        // The table a file too large for 32-bit offsets gets writes the same.
        let wide = Listing.Table<UInt64>()
        wide.select(bytes, numberedFrom: 1, width: width, filters: [], test: nil)
        #expect(
            Self.written(wide, width: width, visibleControls: false)
                == Self.written(rows, width: width, visibleControls: false))
    }

    /// Numbers where line feeds are dense (stretches of blank lines, more than a block's
    /// counts within it can hold) and sparse (lines longer than a block), rows starting at
    /// every offset within the counts' blocks.
    @Test func numbersSurviveDenseAndSparseLineFeeds() {
        var state: UInt64 = 5
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var bytes: [UInt8] = []
        for _ in 0..<3_000 {
            switch next(4) {
            case 0: bytes += [UInt8](repeating: 0x0A, count: next(700))
            case 1: bytes += [UInt8](repeating: 0x61, count: 500 + next(1_200)) + [0x0A]
            default: bytes += [UInt8](repeating: 0x62, count: 1 + next(90)) + [0x0A]
            }
        }
        let rows = Self.rows(bytes)
        #expect(rows.count > 2_000)
        let width = Listing.width(for: Listing.Scan.lineCount(bytes))
        let table = Listing.Table<UInt32>()
        table.select(bytes, numberedFrom: 1, width: width, filters: [], test: nil)
        #expect(table.rows().map(\.number) == rows.map(\.number))
        let wide = Listing.Table<UInt64>()
        wide.select(bytes, numberedFrom: 1, width: width, filters: [], test: nil)
        #expect(wide.rows().map(\.number) == rows.map(\.number))
        #expect(
            Self.written(table, width: width, visibleControls: false)
                == Self.written(rows, width: width, visibleControls: false))
    }

    /// A filtering walk over more bytes than one thread walks: the rows that pass the term,
    /// tested on the numbered line, in both halves.
    @Test func filteredTableOfALargeFileKeepsWhatPasses() throws {
        let bytes = Self.file(lines: 60_000, seed: 99)
        #expect(bytes.count >= Listing.parallelScanBytes)
        let width = Listing.width(for: Listing.Scan.lineCount(bytes))
        let filters = try Listing.filters(for: ["-a.b", "1"])
        let table = Listing.Table<UInt32>()
        let counted = Listing.Table<UInt32>()
        let (total, passed) = table.select(
            bytes, numberedFrom: 1, width: width, filters: filters, test: nil)
        let countedOnly = counted.select(
            bytes, numberedFrom: 1, width: width, filters: filters, test: nil, keeping: false)
        var scratch: [UInt8] = []
        let rows = Self.rows(bytes).filter {
            Listing.passes($0, width: width, filters: filters, buffer: &scratch)
        }
        #expect(total == Self.rows(bytes).count)
        #expect(passed == rows.count && countedOnly.passed == rows.count)
        #expect(counted.starts.isEmpty)
        #expect(
            Self.written(table, width: width, visibleControls: false)
                == Self.written(rows, width: width, visibleControls: false))
    }

    /// `lsa`'s table: the todo file's rows with their numbers, the done file's numbered 0, and
    /// every text rebuilt from its fields, as the list path rebuilt them.
    @Test func listAllTableMatchesTheRowsRebuilt() {
        let todo = Self.file(lines: 40_000, seed: 3)
        let done = Self.file(lines: 30_000, seed: 4, byteOrderMark: true)
        let todoCount = Listing.Scan.lineCount(todo)
        let width = Listing.width(for: todoCount)
        let table = Listing.Table<UInt32>()
        table.select(
            todo, numberedFrom: 1, width: width, filters: [], test: nil, joiningFields: true)
        table.select(
            done, numberedFrom: todoCount + 1, shownAsZero: true, width: width, filters: [],
            test: nil, joiningFields: true)
        table.joinFields()
        let rows = (Self.rows(todo) + Self.rows(done, first: todoCount + 1)).map { row in
            Listing.Row(
                number: row.number > todoCount ? 0 : row.number,
                content: Listing.fieldsJoined(row.content))
        }
        #expect(rows.contains { $0.content.contains(0x09) } == false)
        // Some texts were rebuilt, and are written from the table's own records.
        #expect(table.segments.count == 3)
        #expect(table.rows().map(\.number) == rows.map(\.number))
        #expect(
            Self.written(table, width: width, visibleControls: false)
                == Self.written(rows, width: width, visibleControls: false))
    }

    /// The eight-at-a-time test agrees with rebuilding the text from its fields.
    @Test func fieldsJoinedTestAgreesWithRebuilding() {
        var state: UInt64 = 11
        let alphabet: [UInt8] = [0x20, 0x20, 0x20, 0x09, 0x61, 0x62, 0xA0, 0x00]
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int((state >> 40) % 30)
            var text: [UInt8] = []
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
            }
            let fields = text.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
            let rebuilt = Array(fields.joined(separator: [0x20]))
            #expect(text.withUnsafeBufferPointer(Listing.isFieldsJoined) == (rebuilt == text))
            #expect(Array(Listing.fieldsJoined(text[...])) == rebuilt)
        }
    }
}
