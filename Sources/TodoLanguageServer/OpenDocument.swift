import TodoCheck
import TodoTxt

/// A document the client opened: its text, the `todo check` findings of each line (kept so that
/// an edit re-checks only the lines it touched), and what `done.txt` beside it holds.
struct OpenDocument {
    /// The client's text.
    private(set) var text: TextDocument
    /// The per-line findings of each line (their `line` is not kept up to date; the index is
    /// the line).
    private var lineFindings: [[Diagnostic]]
    /// The projects and contexts of `done.txt` beside the document, with their task counts.
    var doneCounts: [ArraySlice<UInt8>: Int] = [:]

    init(_ text: TextDocument, today: LocalDate) {
        self.text = text
        lineFindings = []
        lineFindings = (0..<text.lineCount).map { findings(ofLine: $0, today: today) }
    }

    /// The bytes of a byte order mark that starts line 0 (0 or 3).
    var byteOrderMarkLength: Int {
        let bytes = text.bytes
        return bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// The byte offset in line `line`'s content where the task starts (after a byte order mark).
    func taskStart(ofLine line: Int) -> Int { line == 0 ? byteOrderMarkLength : 0 }

    /// Line `line`'s content as a task: without a byte order mark.
    func task(ofLine line: Int) -> ArraySlice<UInt8> {
        text.content(ofLine: line).dropFirst(taskStart(ofLine: line))
    }

    /// The lines that are tasks: all but an empty last line (the one after a final line end).
    var taskLineCount: Int {
        let last = text.lineCount - 1
        return text.contentRange(ofLine: last).isEmpty ? last : text.lineCount
    }

    private func findings(ofLine line: Int, today: LocalDate) -> [Diagnostic] {
        Checker.checkLine(task(ofLine: line), number: line + 1, today: today)
    }

    /// Applies one change and re-checks the lines it touched.
    mutating func apply(
        _ range: TextRange?, text newText: [UInt8], encoding: PositionEncoding, today: LocalDate
    ) {
        let change = text.replace(range, with: newText, encoding: encoding)
        let fresh = (change.firstLine..<change.firstLine + change.newLines).map {
            findings(ofLine: $0, today: today)
        }
        lineFindings.replaceSubrange(
            change.firstLine..<change.firstLine + change.oldLines, with: fresh)
    }

    /// Sets the version the client gave the text.
    mutating func setVersion(_ version: Int) { text.version = version }

    /// All findings, per-line and file-level, with their lines numbered from 1.
    func diagnostics() -> [Diagnostic] {
        var found: [Diagnostic] = []
        var lines: [Checker.FileLine] = []
        let count = taskLineCount
        lines.reserveCapacity(count)
        for line in 0..<count {
            for var finding in lineFindings[line] {
                finding.line = line + 1
                found.append(finding)
            }
            let terminator: LineTerminator
            switch text.ending(ofLine: line) {
            case .none: terminator = .none
            case .lf, .cr: terminator = .lf
            case .crlf: terminator = .crlf
            }
            lines.append(Checker.FileLine(content: task(ofLine: line), terminator: terminator))
        }
        // Both lists are in line, then column order already: merging them is linear.
        return Checker.merged(found, Checker.checkFile(lines))
    }

    /// The per-line findings of line `line` (0-based).
    func findings(onLine line: Int) -> [Diagnostic] {
        line < lineFindings.count ? lineFindings[line] : []
    }
}
