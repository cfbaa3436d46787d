package import TodoTxt

/// What `todo check` gathers from one stretch of a file (the whole file, or one of its two
/// halves) read piece by piece: the per-line findings, and what the file-level rules need
/// (each line's hash, the first line of each terminator, the lines without one). It keeps no
/// bytes of the file, so that a file is checked in the memory of its findings.
///
/// Feed it the pieces in order with ``take(_:)``; ``CheckReport`` puts the stretches together.
package struct CheckScan: Sendable {
    /// A completed task created after it was completed, and nothing else wrong on its line:
    /// the most common finding, kept without a message.
    struct LaterCreation: Sendable {
        /// The 0-based line in the stretch.
        var line: Int
        var creation: DateBytes
        var completion: DateBytes
    }

    private let today: LocalDate?
    /// Whether the next piece starts the file (where a byte order mark may be).
    private var atFileStart: Bool
    /// The lines taken so far.
    private(set) var lineCount = 0
    /// The findings of the lines ``LineScreen`` could not clear, in line and column order,
    /// numbered from 1 in the stretch.
    private(set) var lineFindings: [Diagnostic] = []
    /// The ``LineScreen/Verdict/laterCreation(creation:completion:)`` lines, in order.
    private(set) var laterCreations: [LaterCreation] = []
    /// The non-blank lines' hashes.
    let hashes = HashPartitions()
    /// The first line ending with LF, and with CRLF (0-based in the stretch).
    private(set) var firstLineFeed: Int?
    private(set) var firstCarriageReturn: Int?
    /// The lines without a terminator (the file's last line, if any) and their lengths.
    private(set) var unterminated: [(line: Int, count: Int)] = []

    /// A scan of a stretch that starts at the start of the file (`atFileStart`), or at the
    /// start of a line further on; relative dates are resolved against `today` for their fix.
    package init(today: LocalDate?, atFileStart: Bool) {
        self.today = today
        self.atFileStart = atFileStart
    }

    /// Checks the lines of the next piece of the stretch (whole lines, in file order).
    package mutating func take(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let base = piece.baseAddress else { return }
        var start = 0
        if atFileStart {
            atFileStart = false
            if piece.count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
                start = 3
            }
        }
        while start < piece.count {
            let screen = LineScreen(base + start, readable: piece.count - start)
            take(base + start, screen)
            start +=
                screen.count + (screen.terminator == .crlf ? 2 : screen.terminator == .lf ? 1 : 0)
        }
    }

    @inline(__always)
    private mutating func take(_ content: UnsafePointer<UInt8>, _ screen: LineScreen) {
        let index = lineCount
        lineCount += 1
        let count = screen.count
        var hash = screen.hash
        switch screen.verdict {
        case .clean:
            break
        case .laterCreation(let creation, let completion):
            laterCreations.append(
                LaterCreation(line: index, creation: creation, completion: completion))
        case .suspect:
            let line = Array(UnsafeBufferPointer(start: content, count: count))[...]
            let found = LineCheck.findings(in: line, number: index + 1, today: today)
            if !found.isEmpty { lineFindings += Checker.sorted(found) }
            hash = DuplicateHash.hash(content, count: count)
        }
        if hash != 0 { hashes.append(hash, line: index) }
        switch screen.terminator {
        case .none: unterminated.append((index, count))
        case .lf: if firstLineFeed == nil { firstLineFeed = index }
        case .crlf: if firstCarriageReturn == nil { firstCarriageReturn = index }
        }
    }
}
