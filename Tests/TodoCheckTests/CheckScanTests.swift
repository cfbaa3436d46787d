import Testing
import TodoTxt

@testable import TodoCheck

/// The quick path of `todo check` (``CheckScan``, ``LineScreen``, ``CheckReport``) against the
/// plain per-line check (``ReferenceCheck``) on random hostile files, however the file is cut
/// into stretches and pieces.
@Suite struct CheckScanTests {
    static let today = LocalDate(year: 2026, month: 11, day: 23)

    /// The offsets just after each LF of `bytes`: where a piece or a stretch may end.
    static func lineEnds(_ bytes: [UInt8]) -> [Int] {
        bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
    }

    /// The report of `bytes` cut at `cuts` (offsets after LFs, ascending) into stretches, each
    /// fed to its own scan in pieces cut at `pieceCuts`.
    static func report(
        _ bytes: [UInt8], stretches cuts: [Int], pieces pieceCuts: Set<Int>
    ) -> CheckReport {
        var scans: [CheckScan] = []
        let bounds = [0] + cuts + [bytes.count]
        bytes.withUnsafeBufferPointer { buffer in
            for (start, end) in zip(bounds, bounds.dropFirst()) {
                var scan = CheckScan(today: today, atFileStart: start == 0)
                var pieceStart = start
                for cut in pieceCuts.sorted() where cut > start && cut < end {
                    scan.take(UnsafeBufferPointer(rebasing: buffer[pieceStart..<cut]))
                    pieceStart = cut
                }
                if pieceStart < end {
                    scan.take(UnsafeBufferPointer(rebasing: buffer[pieceStart..<end]))
                }
                scans.append(scan)
            }
        }
        return CheckReport(scans) { body in bytes.withUnsafeBufferPointer { body($0) } }
    }

    @Test func quickPathFindsWhatThePlainCheckFinds() {
        var random = SplitMix(seed: 18)
        for _ in 0..<4000 {
            let file = HostileFile(&random, maximum: 30)
            let expected = ReferenceCheck.check(file.bytes, today: Self.today)
            let found = Checker.check(file.bytes, today: Self.today)
            #expect(found == expected, "\(file.bytes)")
            if found != expected { return }
        }
    }

    @Test func stretchesAndPiecesDoNotChangeTheReport() {
        var random = SplitMix(seed: 2026)
        for _ in 0..<1500 {
            let file = HostileFile(&random, maximum: 24)
            let ends = Self.lineEnds(file.bytes).filter { $0 < file.bytes.count }
            var stretches: [Int] = []
            for end in ends where random.next() % 5 == 0 { stretches.append(end) }
            let pieces = Set(ends.filter { _ in random.next() % 2 == 0 })
            let report = Self.report(file.bytes, stretches: stretches, pieces: pieces)
            let expected = ReferenceCheck.check(file.bytes, today: Self.today)
            #expect(report.diagnostics == expected, "\(file.bytes) cut at \(stretches)")
            #expect(report.isEmpty == expected.isEmpty)
            var text: [UInt8] = []
            report.writeText(file: "f.txt") { text += $0 }
            var expectedText: [UInt8] = []
            for diagnostic in expected {
                diagnostic.appendText(
                    file: Array("f.txt".utf8), kind: "warning", to: &expectedText)
            }
            #expect(text == expectedText)
            if report.diagnostics != expected { return }
        }
    }

    /// A file large enough to be checked in two halves, with lines repeated on both sides of
    /// the middle and line ends mixed.
    @Test func largeFileCheckedInHalvesFindsWhatThePlainCheckFinds() {
        var random = SplitMix(seed: 7)
        var bytes: [UInt8] = []
        while bytes.count < 300_000 {
            bytes += HostileFile(&random, maximum: 40).bytes
            bytes.append(0x0A)
        }
        // Repeat the first and last stretches of lines on the other side of the file.
        bytes = Array(bytes[150_000...]) + bytes + Array(bytes[..<20_000]) + [0x0A]
        var ranInHalves = false
        let found = Checker.check(bytes, today: Self.today) { first, second in
            ranInHalves = true
            first()
            second()
        }
        #expect(ranInHalves)
        let expected = ReferenceCheck.check(bytes, today: Self.today)
        #expect(found.count == expected.count)
        #expect(found == expected)
        #expect(expected.contains { $0.rule == .duplicateTask })
        #expect(expected.contains { $0.rule == .mixedLineEndings })
        // Many findings, though too few to be written on two threads (see
        // manyFindingsAreWrittenInFileOrderFromBothHalves).
        #expect(expected.count >= 1 << 12)
        let sequential: (() -> Void, () -> Void) -> Void = { first, second in
            first()
            second()
        }
        var text: [UInt8] = []
        Checker.report(bytes, today: Self.today, together: sequential)
            .writeText(file: "f.txt", together: sequential) { text += $0 }
        var expectedText: [UInt8] = []
        for diagnostic in expected {
            diagnostic.appendText(file: Array("f.txt".utf8), kind: "warning", to: &expectedText)
        }
        #expect(text == expectedText)
    }

    /// So many findings that the report is written on two threads: the second half's text
    /// follows the first's, and each later creation reads as its diagnostic does, whatever the
    /// number of digits of its line.
    @Test func manyFindingsAreWrittenInFileOrderFromBothHalves() {
        var bytes: [UInt8] = []
        for index in 0..<40_000 {
            let line =
                index % 997 == 0
                ? "trailing space \(index) "
                : "x 2026-01-0\(1 + index % 9) 2026-02-1\(index % 10) done \(index)"
            bytes += Array(line.utf8)
            bytes.append(0x0A)
        }
        let sequential: (() -> Void, () -> Void) -> Void = { first, second in
            first()
            second()
        }
        let expected = ReferenceCheck.check(bytes, today: Self.today)
        #expect(expected.count == 40_000)
        var ranTogether = false
        var text: [UInt8] = []
        Checker.report(bytes, today: Self.today, together: sequential)
            .writeText(
                file: "some/list.txt",
                together: { first, second in
                    ranTogether = true
                    sequential(first, second)
                }
            ) { text += $0 }
        #expect(ranTogether)
        var expectedText: [UInt8] = []
        for diagnostic in expected {
            diagnostic.appendText(
                file: Array("some/list.txt".utf8), kind: "warning", to: &expectedText)
        }
        #expect(text == expectedText)
    }

    /// Enough lines that every hash partition fills several chunks and the chunks come from
    /// several blocks: repeats far apart (across chunks, blocks and the halves) and near each
    /// other are all found, each naming its first line.
    @Test func repeatsAcrossManyChunksAreAllFound() {
        var bytes: [UInt8] = []
        var lines: [[UInt8]] = []
        for index in 0..<90_000 {
            // Every 97th line repeats one far back, every 89th the line before it.
            let line: [UInt8]
            if index >= 60_000 && index % 97 == 0 {
                line = lines[index - 59_000 - index % 1000]
            } else if index > 0 && index % 89 == 0 {
                line = lines[index - 1]
            } else {
                line = Array("task \(index) +p\(index % 7) @c".utf8)
            }
            lines.append(line)
            bytes += line
            bytes.append(0x0A)
        }
        let sequential: (() -> Void, () -> Void) -> Void = { first, second in
            first()
            second()
        }
        let found = Checker.check(bytes, today: Self.today, together: sequential)
        let expected = ReferenceCheck.check(bytes, today: Self.today)
        let duplicates = expected.filter { $0.rule == .duplicateTask }
        #expect(duplicates.count > 1000)
        #expect(found == expected)
        // The same without halves, and cut into many stretches and pieces.
        #expect(Checker.check(bytes, today: Self.today) == expected)
        let ends = Self.lineEnds(bytes)
        let stretches = stride(from: 7_000, to: ends.count - 1, by: 23_000).map { ends[$0] }
        let pieces = Set(stride(from: 500, to: ends.count - 1, by: 1_700).map { ends[$0] })
        #expect(Self.report(bytes, stretches: stretches, pieces: pieces).diagnostics == expected)
    }

    /// Lines of 15 to 17, 31 to 33 and 47 to 49 bytes (one byte short of, at, and past the
    /// ends of the screen's runs of sixteen bytes) with one rare piece at every place: a tab, a
    /// `due:` or `t:` tag with a bad or a good date, a colon of another tag, two- and
    /// three-byte characters across a run's end, a lead byte without its continuation, a
    /// lone continuation byte, a CR; each line ending with LF, with CRLF, or ending the file.
    @Test func rarePiecesAtTheEdgesOfSixteenByteRunsAreFound() {
        let pieces: [[UInt8]] = [
            [0x09], Array(" due:2024-02-30".utf8), Array(" due:2024-02-29".utf8),
            Array(" t:2024-1-1".utf8), Array(" t:2024-01-01".utf8), Array(" est:5".utf8),
            Array("é".utf8), Array("日".utf8), Array("📞".utf8), [0xC3], [0xE6, 0x97], [0x80],
            [0xED, 0xA0, 0x80], [0x0D],
        ]
        let lengths = [15, 16, 17, 31, 32, 33, 47, 48, 49]
        let endings: [[UInt8]] = [[0x0A], [0x0D, 0x0A], []]
        for length in lengths {
            for piece in pieces {
                for place in 0...(length - piece.count) {
                    var line = Array(repeating: UInt8(0x61), count: length)
                    line.replaceSubrange(place..<place + piece.count, with: piece)
                    for ending in endings {
                        // The line first, then after a line of its own length (another
                        // place in the piece), then before a clean line.
                        let files = [
                            line + ending, Array("call mom\n".utf8) + line + ending,
                            line + [0x0A] + Array("pay rent".utf8) + ending,
                        ]
                        for file in files {
                            let expected = ReferenceCheck.check(file, today: Self.today)
                            let found = Checker.check(file, today: Self.today)
                            #expect(found == expected, "\(file)")
                            if found != expected { return }
                        }
                    }
                }
            }
        }
    }

    /// A later creation's report line stores its dates digit by digit: every day of a leap
    /// year and of a common one, in both places, reads as its diagnostic does.
    @Test func laterCreationLinesSpellTheirDates() {
        var bytes: [UInt8] = []
        var day = LocalDate(year: 2023, month: 1, day: 1)
        while let date = day, date.year < 2025 {
            bytes += Array("x 2022-12-31 \(date) in order\n".utf8)
            bytes += Array("x \(date) 2026-01-01 later\n".utf8)
            day = date.adding(days: 1)
        }
        let expected = ReferenceCheck.check(bytes, today: Self.today)
        #expect(expected.count == 731 * 2)
        var text: [UInt8] = []
        Checker.report(bytes, today: Self.today).writeText(file: "todo.txt") { text += $0 }
        var expectedText: [UInt8] = []
        for diagnostic in expected {
            diagnostic.appendText(file: Array("todo.txt".utf8), kind: "warning", to: &expectedText)
        }
        #expect(text == expectedText)
    }

    @Test func dateBytesAcceptExactlyTheDatesLocalDateAccepts() {
        var random = SplitMix(seed: 10)
        let years = ["0000", "0001", "0004", "1900", "2000", "2023", "2024", "2100", "9999"]
        var candidates: [[UInt8]] = []
        for year in years {
            for month in 0...13 {
                for day in 0...32 {
                    let text =
                        year + "-" + (month < 10 ? "0" : "") + String(month) + "-"
                        + (day < 10 ? "0" : "") + String(day)
                    candidates.append(Array(text.utf8))
                }
            }
        }
        // Every byte of a valid date replaced by a neighbour of a digit or of the dash.
        let noise: [UInt8] = [0x2F, 0x3A, 0x2C, 0x2E, 0x20, 0x00, 0xB0, 0x39, 0x30, 0x2D]
        for _ in 0..<20_000 {
            var date = Array("2024-02-29".utf8)
            for _ in 0..<(1 + random.next() % 2) {
                date[Int(random.next() % 10)] = noise[Int(random.next() % UInt64(noise.count))]
            }
            candidates.append(date)
        }
        for candidate in candidates {
            let quick = candidate.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { DateBytes(at: $0) }
            }
            let plain = candidate.withUnsafeBufferPointer { LocalDate(utf8: $0) }
            #expect((quick != nil) == (plain != nil), "\(candidate)")
        }
    }
}
