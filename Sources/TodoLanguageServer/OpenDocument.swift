import TodoCheck
import TodoJSON
import TodoTxt

/// A document the client opened: its text, and everything its diagnostics need, kept so that
/// an edit costs the lines it touches, not the document.
///
/// - The per-line findings of each line that has any, with their protocol JSON rendered once
///   (only the line number is filled in when they are published).
/// - For the file-level rules: a hash of every line, how many lines have each hash (a line is
///   a duplicate candidate when its hash is counted twice or more), the lines that are, and how
///   many lines end with LF and with CRLF.
/// - The ``NameIndex`` of the projects, contexts, tag keys and priorities, for completion.
struct OpenDocument {
    /// The per-line findings of one line.
    private struct LineFindings {
        /// The line (0-based).
        var line: Int
        /// The findings as protocol diagnostics, comma-separated, with the byte
        /// ``OpenDocument/linePlaceholder`` where the line number goes.
        var json: [UInt8]
    }

    /// Stands for the line number in rendered diagnostics: JSON text never holds it raw (a
    /// control character inside a string is always escaped).
    static let linePlaceholder: UInt8 = 0x01

    /// The client's text.
    private(set) var text: TextDocument
    /// How positions are counted.
    let encoding: PositionEncoding
    /// The projects and contexts of `done.txt` beside the document, with their task counts.
    var doneCounts: [ArraySlice<UInt8>: Int] = [:]
    /// The names of the document.
    private(set) var names = NameIndex()
    /// The lines with per-line findings, in line order.
    private var findings: [LineFindings] = []
    /// A hash of each line's task bytes; 0 for a blank line (which is never a duplicate).
    private var hashes: [UInt64] = []
    /// The (non-zero) hashes of the lines, counted.
    private var hashCounts: HashBuckets
    /// The date the findings were made for (relative dates are resolved against it).
    private var today: LocalDate
    /// The lines whose hash is counted more than once, in line order.
    private var repeated: [Int] = []
    /// How many lines end with LF (or a lone CR) and with CRLF.
    private var endings = (lf: 0, crlf: 0)

    /// Takes the text in and checks every line.
    init(_ text: TextDocument, encoding: PositionEncoding, today: LocalDate) {
        self.text = text
        self.encoding = encoding
        self.today = today
        let lineCount = text.lineCount
        hashCounts = HashBuckets(expecting: lineCount)
        // Written in place, at its size.
        hashes = [UInt64](unsafeUninitializedCapacity: lineCount) { buffer, initialized in
            for line in 0..<lineCount {
                buffer.initializeElement(at: line, to: OpenDocument.hash(task(ofLine: line)))
            }
            initialized = lineCount
        }
        // Counted in sorted order: the buckets are then filled one after the other, rather than
        // a million times at random places in memory.
        var sorted = hashes.filter { $0 != 0 }
        sorted.sort()
        for hash in sorted { hashCounts.insert(hash) }
        sorted = []
        var fresh: [LineFindings] = []
        for line in 0..<lineCount {
            if let entry = check(line, today: today) { fresh.append(entry) }
            count(line, sign: 1)
        }
        findings = fresh
        let twice = hashCounts.repeated()
        if !twice.isEmpty {
            repeated = (0..<lineCount).filter { hashes[$0] != 0 && twice.contains(hashes[$0]) }
        }
    }

    /// The hash of a line's task bytes, or 0 when it is blank.
    private static func hash(_ task: ArraySlice<UInt8>) -> UInt64 {
        guard let hash = Checker.fingerprint(task) else { return 0 }
        return hash == 0 ? 1 : hash
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

    /// The line end of `line` as the file-level rules see it (a lone CR counts as LF).
    private func terminator(ofLine line: Int) -> LineTerminator {
        switch text.ending(ofLine: line) {
        case .none: .none
        case .lf, .cr: .lf
        case .crlf: .crlf
        }
    }

    /// The per-line findings of a line, rendered; `nil` when it has none.
    private func check(_ line: Int, today: LocalDate) -> LineFindings? {
        let found = Checker.checkLine(task(ofLine: line), number: line + 1, today: today)
        guard !found.isEmpty else { return nil }
        var json: [UInt8] = []
        json.reserveCapacity(320 * found.count)
        for (index, finding) in found.enumerated() {
            if index > 0 { json.append(0x2C) }
            render(finding, line: line, to: &json, placeholder: true)
        }
        // Kept at its size, in a new buffer (a million-line document may keep a hundred
        // thousand of these).
        return LineFindings(line: line, json: json.withUnsafeBufferPointer { Array($0) })
    }

    /// Adds (`sign` 1) or takes away (-1) what line `line` contributes to the names and the
    /// line-end counts.
    private mutating func count(_ line: Int, sign: Int) {
        names.count(task(ofLine: line), sign: sign)
        switch terminator(ofLine: line) {
        case .lf: endings.lf += sign
        case .crlf: endings.crlf += sign
        case .none: break
        }
    }

    /// Applies one change and re-checks the lines it touched.
    mutating func apply(_ range: TextRange?, text newText: [UInt8], today: LocalDate) {
        self.today = today
        let old = text.span(of: range, encoding: encoding).lines
        for line in old { count(line, sign: -1) }
        let change = text.replace(range, with: newText, encoding: encoding)
        let replaced = change.firstLine..<change.firstLine + change.oldLines
        let added = change.firstLine..<change.firstLine + change.newLines
        let shift = change.newLines - change.oldLines

        // The hashes: the old lines' counts go, the new lines' come.
        var newHashes: [UInt64] = []
        newHashes.reserveCapacity(added.count)
        var counted: [UInt64: Int] = [:]  // the counts before this change, of the new hashes
        for line in added {
            let hash = OpenDocument.hash(task(ofLine: line))
            newHashes.append(hash)
            if hash != 0 && counted[hash] == nil { counted[hash] = hashCounts.count(hash) }
        }
        for hash in hashes[replaced] where hash != 0 { hashCounts.remove(hash) }
        for hash in newHashes where hash != 0 { hashCounts.insert(hash) }
        hashes.replaceSubrange(replaced, with: newHashes)

        // The lines that repeat a hash: those that still do, moved with the text, the new lines
        // that do, and an untouched line whose hash the new lines made repeated.
        var stillRepeated: [Int] = []
        for line in repeated where !replaced.contains(line) {
            let moved = line < replaced.lowerBound ? line : line + shift
            if hashCounts.count(hashes[moved]) > 1 { stillRepeated.append(moved) }
        }
        for line in added where newHashes[line - added.lowerBound] != 0 {
            if hashCounts.count(hashes[line]) > 1 { stillRepeated.append(line) }
        }
        let partnered = counted.filter { $0.value <= 1 && hashCounts.count($0.key) > 1 }.keys
        if !partnered.isEmpty {
            let wanted = Set(partnered)
            for (line, hash) in hashes.enumerated() where hash != 0 && !added.contains(line) {
                if wanted.contains(hash) { stillRepeated.append(line) }
            }
        }
        stillRepeated.sort()
        repeated = stillRepeated

        // The per-line findings: the new lines' replace the old lines', the rest move.
        let lower = firstFinding(atOrAfter: replaced.lowerBound)
        let upper = firstFinding(atOrAfter: replaced.upperBound)
        var fresh: [LineFindings] = []
        for line in added {
            if let entry = check(line, today: today) { fresh.append(entry) }
            count(line, sign: 1)
        }
        if shift != 0 {
            for index in upper..<findings.count { findings[index].line += shift }
        }
        findings.replaceSubrange(lower..<upper, with: fresh)
    }

    /// The index of the first entry of ``findings`` at or after `line`.
    private func firstFinding(atOrAfter line: Int) -> Int {
        findings.partitionPoint { $0.line >= line }
    }

    /// Sets the version the client gave the text.
    mutating func setVersion(_ version: Int) { text.version = version }

    /// The file-level findings (duplicates, mixed line ends, a missing final newline) in line
    /// order, from the counts: only the lines they name are looked at, except when LF and CRLF
    /// are mixed, which is rare.
    func fileFindings() -> [Diagnostic] {
        var found: [Diagnostic] = []
        // The first line with each content among the lines that repeat a hash.
        var firsts: [UInt64: [Int]] = [:]
        for line in repeated {
            let content = task(ofLine: line)
            let earlier = firsts[hashes[line], default: []]
            if let first = earlier.first(where: { task(ofLine: $0) == content }) {
                found.append(
                    Diagnostic(
                        line: line + 1, column: 1, endColumn: content.count + 1,
                        rule: .duplicateTask, message: "duplicate of line \(first + 1)"))
            } else {
                firsts[hashes[line], default: []].append(line)
            }
        }
        let lines = taskLineCount
        if endings.lf > 0 && endings.crlf > 0 {
            var reference: (line: Int, terminator: LineTerminator)?
            for line in 0..<lines {
                let ending = terminator(ofLine: line)
                guard ending != .none else { continue }
                guard let reference else {
                    reference = (line, ending)
                    continue
                }
                if ending != reference.terminator {
                    let end = task(ofLine: line).count + 1
                    found.append(
                        Diagnostic(
                            line: line + 1, column: end, endColumn: end, rule: .mixedLineEndings,
                            message:
                                "mixed line endings: this line ends with \(Self.name(ending)) but line \(reference.line + 1) ends with \(Self.name(reference.terminator))"
                        ))
                }
            }
        }
        if lines > 0 && terminator(ofLine: lines - 1) == .none {
            var newline: [UInt8] = [0x0A]
            for line in 0..<lines - 1 where terminator(ofLine: line) != .none {
                newline = terminator(ofLine: line).bytes
                break
            }
            let end = task(ofLine: lines - 1).count + 1
            found.append(
                Diagnostic(
                    line: lines, column: end, endColumn: end, rule: .missingFinalNewline,
                    message: "no newline at end of file",
                    fix: Fix(column: end, endColumn: end, replacement: newline)))
        }
        return Checker.sorted(found)
    }

    private static func name(_ terminator: LineTerminator) -> String {
        terminator == .crlf ? "CRLF" : "LF"
    }

    /// All findings, per-line and file-level, with their lines numbered from 1, ordered by
    /// line, then column.
    func diagnostics() -> [Diagnostic] {
        var perLine: [Diagnostic] = []
        for entry in findings {
            for var finding in findings(onLine: entry.line) {
                finding.line = entry.line + 1
                perLine.append(finding)
            }
        }
        return Checker.merged(perLine, fileFindings())
    }

    /// The per-line findings of line `line` (0-based), checked again (only their rendered
    /// form is kept).
    func findings(onLine line: Int) -> [Diagnostic] {
        let index = firstFinding(atOrAfter: line)
        guard index < findings.count, findings[index].line == line else { return [] }
        return Checker.checkLine(task(ofLine: line), number: line + 1, today: today)
    }

    /// The `diagnostics` array of `textDocument/publishDiagnostics`: the per-line findings as
    /// rendered when their line was checked, merged with the file-level ones.
    func diagnosticsJSON() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(diagnosticsSizeEstimate)
        appendDiagnosticsJSON(to: &output)
        return output
    }

    /// About the length of ``diagnosticsJSON()`` (a little more, unless file-level findings
    /// are many).
    var diagnosticsSizeEstimate: Int {
        findings.reduce(256) { $0 + $1.json.count + 16 }
    }

    /// Appends ``diagnosticsJSON()`` to `output`.
    func appendDiagnosticsJSON(to output: inout [UInt8]) {
        output.append(0x5B)
        let fileLevel = fileFindings()
        var next = 0
        var first = true
        func separate() {
            if !first { output.append(0x2C) }
            first = false
        }
        for entry in findings {
            while next < fileLevel.count && fileLevel[next].line - 1 < entry.line {
                separate()
                render(fileLevel[next], line: fileLevel[next].line - 1, to: &output)
                next += 1
            }
            separate()
            if next < fileLevel.count && fileLevel[next].line - 1 == entry.line {
                // Both kinds on one line: in column order, rendered now.
                var sameLine: [Diagnostic] = []
                while next < fileLevel.count && fileLevel[next].line - 1 == entry.line {
                    sameLine.append(fileLevel[next])
                    next += 1
                }
                let own = findings(onLine: entry.line)
                for (index, finding) in Checker.merged(own, sameLine).enumerated() {
                    if index > 0 { output.append(0x2C) }
                    render(finding, line: entry.line, to: &output)
                }
            } else {
                // The runs between placeholders are copied whole.
                let number = Array(String(entry.line).utf8)
                var run = 0
                for (index, byte) in entry.json.enumerated() where byte == Self.linePlaceholder {
                    output += entry.json[run..<index]
                    output += number
                    run = index + 1
                }
                output += entry.json[run...]
            }
        }
        while next < fileLevel.count {
            separate()
            render(fileLevel[next], line: fileLevel[next].line - 1, to: &output)
            next += 1
        }
        output.append(0x5D)
    }

    /// Appends a finding on line `line` (0-based) as a protocol diagnostic; the line number is
    /// written as ``linePlaceholder`` when `placeholder` is set (to be filled in on publishing).
    private func render(
        _ finding: Diagnostic, line: Int, to output: inout [UInt8], placeholder: Bool = false
    ) {
        let range = self.range(of: finding, line: line)
        let number = placeholder ? [Self.linePlaceholder] : Array(String(line).utf8)
        output += Array(#"{"range":{"start":{"line":"#.utf8)
        output += number
        output += Array(#","character":\#(range.start.character)},"end":{"line":"#.utf8)
        output += number
        output += Array(
            #","character":\#(range.end.character)}},"severity":2,"code":"\#(finding.rule.rawValue)","source":"todo","message":"#
                .utf8)
        JSONWriter.appendString(finding.message, to: &output)
        output.append(0x7D)
    }

    /// The range of a finding's columns on line `line`, in the document's encoding.
    func range(of finding: Diagnostic, line: Int) -> TextRange {
        let offset = taskStart(ofLine: line) - 1
        return text.range(
            line: line, bytes: (finding.column + offset)..<(finding.endColumn + offset),
            encoding: encoding)
    }
}
