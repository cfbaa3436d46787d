import TodoTxt

/// The findings of `todo check` for a whole file, put together from the scans of its stretches
/// (``CheckScan``), ordered by line, then column: what ``Checker/check(_:today:together:)``
/// returns, kept compact so that a large file's report can be written out as it is read off.
package struct CheckReport: Sendable {
    /// One finding as it is kept.
    private enum Finding {
        case diagnostic(Diagnostic)
        case laterCreation(line: Int, creation: DateBytes, completion: DateBytes)

        var place: (line: Int, column: Int) {
            switch self {
            case .diagnostic(let diagnostic): (diagnostic.line, diagnostic.column)
            case .laterCreation(let line, _, _): (line, LineCheck.laterCreationRange.lowerBound + 1)
            }
        }
    }

    private let scans: [CheckScan]
    /// The lines of the file before each scan's stretch.
    private let offsets: [Int]
    /// The file-level diagnostics (``Rule/isPerLine`` false), in line order.
    private let fileFindings: [Diagnostic]

    /// The report of a file whose stretches, in file order, are `scans`. When lines may repeat
    /// earlier ones or the file mixes line ends, the file is read once more through
    /// `readAgain` (which hands its body the file's pieces in order, as the scans got them) to
    /// settle those byte for byte. `together` runs two pieces of work at once, when given.
    package init(
        _ scans: [CheckScan], together: ((() -> Void, () -> Void) -> Void)? = nil,
        readAgain: (_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void
    ) rethrows {
        var offsets: [Int] = []
        var total = 0
        for scan in scans {
            offsets.append(total)
            total += scan.lineCount
        }
        // The first line with a terminator, whose terminator is the file's.
        var reference: (line: Int, terminator: LineTerminator)?
        var kinds = Set<LineTerminator>()
        for (scan, offset) in zip(scans, offsets) {
            let firsts = [
                (scan.firstLineFeed, LineTerminator.lf), (scan.firstCarriageReturn, .crlf),
            ]
            for case (let line?, let terminator) in firsts {
                kinds.insert(terminator)
                if reference.map({ line + offset < $0.line }) ?? true {
                    reference = (line + offset, terminator)
                }
            }
        }
        let candidates = RepeatedLines.candidates(scans, offsets: offsets, together: together)
        if candidates.isEmpty && kinds.count < 2 {
            var found: [Diagnostic] = []
            for (scan, offset) in zip(scans, offsets) {
                for (line, count) in scan.unterminated {
                    found.append(Self.missingNewline(line: line + offset, count: count, reference))
                }
            }
            fileFindings = found
        } else {
            fileFindings = try Self.settle(candidates, reference: reference, readAgain: readAgain)
        }
        self.scans = scans
        self.offsets = offsets
    }

    /// Whether the file is clean.
    package var isEmpty: Bool {
        fileFindings.isEmpty
            && scans.allSatisfy { $0.lineFindings.isEmpty && $0.laterCreations.isEmpty }
    }

    /// Every finding as a diagnostic.
    package var diagnostics: [Diagnostic] {
        var all: [Diagnostic] = []
        forEach { finding in
            switch finding {
            case .diagnostic(let diagnostic):
                all.append(diagnostic)
            case .laterCreation(let line, let creation, let completion):
                var message: [UInt8] = []
                LineCheck.appendLaterCreationMessage(
                    creation: creation, completion: completion, to: &message)
                let range = LineCheck.laterCreationRange
                all.append(
                    Diagnostic(
                        line: line, column: range.lowerBound + 1, endColumn: range.upperBound + 1,
                        rule: .creationAfterCompletion,
                        message: String(decoding: message, as: UTF8.self)))
            }
        }
        return all
    }

    /// Hands `write` the text form of every finding (``Diagnostic/appendText(file:kind:to:)``
    /// with KIND `warning`), a block of lines at a time. With `together`, the findings of the
    /// second stretch are written out on another thread meanwhile, to be handed on after the
    /// first's.
    package func writeText(
        file: String, together: ((() -> Void, () -> Void) -> Void)? = nil,
        _ write: ([UInt8]) -> Void
    ) {
        let name = Array(file.utf8)
        // A later creation's line is the file's name and a colon, its number, then `tail`
        // with its two dates stored in their places.
        let column = LineCheck.laterCreationRange.lowerBound + 1
        let head = Array(":\(column): warning: ".utf8) + LineCheck.laterCreationWords.before
        let dates = (creation: head.count, completion: head.count + 10 + Self.middle.count)
        let tail = head + Self.date + Self.middle + Self.date + [0x0A]
        // Both copied a word at a time: eight bytes more to read in each, and to write.
        let words = (name + [0x3A] + Self.padding, tail + Self.padding)
        let counts = (prefix: name.count + 1, tail: tail.count)
        let most = counts.prefix + 20 + counts.tail + Self.padding.count
        func format(_ stretches: Range<Int>, _ write: @escaping ([UInt8]) -> Void) {
            // Blocks of more than 64 KiB, which a console writes out without a further copy.
            var output = TextBuffer(capacity: 1 << 17, write: write)
            words.0.withUnsafeBytes { prefixWords in
                words.1.withUnsafeBytes { tailWords in
                    guard let prefix = prefixWords.baseAddress, let tail = tailWords.baseAddress
                    else { return }
                    forEach(in: stretches) { finding in
                        switch finding {
                        case .diagnostic(let diagnostic):
                            var text: [UInt8] = []
                            diagnostic.appendText(file: name, kind: "warning", to: &text)
                            output.append(text)
                        case .laterCreation(let line, let creation, let completion):
                            output.append(reserving: most) { start in
                                var at = start
                                Self.copyWords(prefix, count: counts.prefix, to: at)
                                at += counts.prefix
                                at += Self.storeDecimal(line, at: at)
                                Self.copyWords(tail, count: counts.tail, to: at)
                                creation.store(to: at + dates.creation)
                                completion.store(to: at + dates.completion)
                                return at + counts.tail - start
                            }
                        }
                    }
                }
            }
            output.flush()
        }
        withoutActuallyEscaping(write) { write in
            let findings = scans.reduce(0) { $0 + $1.lineFindings.count + $1.laterCreations.count }
            guard let together, scans.count == 2, findings >= 1 << 15 else {
                format(scans.indices, write)
                return
            }
            var later: [UInt8] = []
            // Room for the second stretch's lines (about a hundred bytes each), so that they
            // are not copied as they come.
            let second = scans[1].lineFindings.count + scans[1].laterCreations.count
            later.reserveCapacity(second * (name.count + 96))
            together({ format(1..<2) { later += $0 } }, { format(0..<1, write) })
            write(later)
        }
    }

    /// Calls `body` with every finding of the stretches `stretches` (and the file-level ones
    /// on their lines, all of them when the last stretch is among them), numbered in the
    /// file, ordered by line, then column; on the same place a per-line finding comes before
    /// a file-level one.
    private func forEach(in stretches: Range<Int> = 0..<Int.max, _ body: (Finding) -> Void) {
        let stretches = stretches.clamped(to: scans.indices)
        guard !stretches.isEmpty else { return }
        // The file-level findings on the lines of the stretches.
        let firstLine = offsets[stretches.lowerBound]
        var next = fileFindings.partitionPoint { $0.line > firstLine }
        let end =
            stretches.upperBound < scans.count
            ? fileFindings.partitionPoint { $0.line > offsets[stretches.upperBound] }
            : fileFindings.count
        func file(before place: (line: Int, column: Int)?) {
            while next < end {
                let finding = fileFindings[next]
                if let place, (place.line, place.column) <= (finding.line, finding.column) {
                    return
                }
                body(.diagnostic(finding))
                next += 1
            }
        }
        func emit(_ finding: Finding) {
            file(before: finding.place)
            body(finding)
        }
        for index in stretches {
            let offset = offsets[index]
            var later = 0
            let creations = scans[index].laterCreations
            for var diagnostic in scans[index].lineFindings {
                diagnostic.line += offset
                while later < creations.count && creations[later].line + offset < diagnostic.line {
                    emit(Self.finding(creations[later], offset: offset))
                    later += 1
                }
                emit(.diagnostic(diagnostic))
            }
            while later < creations.count {
                emit(Self.finding(creations[later], offset: offset))
                later += 1
            }
        }
        file(before: nil)
    }

    /// Stores the line number `number` (not negative) in decimal at `pointer`, in up to 20
    /// bytes; returns how many it stored.
    private static func storeDecimal(_ number: Int, at pointer: UnsafeMutablePointer<UInt8>) -> Int
    {
        let magnitude = number.magnitude
        var digits = 1
        var limit: UInt = 10
        while digits < 20 && magnitude >= limit {
            digits += 1
            limit &*= 10
        }
        var rest = magnitude
        var index = digits
        while index > 0 {
            index -= 1
            pointer[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
        }
        return digits
    }

    /// The words of a later creation's message between its dates, a date's place, and the
    /// bytes a copy by ``copyWords(_:count:to:)`` may read past its source and write past its
    /// target.
    private static let middle = LineCheck.laterCreationWords.between
    private static let date = [UInt8](repeating: 0x30, count: 10)
    private static let padding = [UInt8](repeating: 0, count: 8)

    /// Copies `count` bytes from `source` to `target` eight at a time (no call for a short
    /// copy): up to seven bytes more are read from `source` and written at `target`.
    @inline(__always)
    private static func copyWords(
        _ source: UnsafeRawPointer, count: Int, to target: UnsafeMutablePointer<UInt8>
    ) {
        let target = UnsafeMutableRawPointer(target)
        var offset = 0
        while offset < count {
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
    }

    private static func finding(_ creation: CheckScan.LaterCreation, offset: Int) -> Finding {
        .laterCreation(
            line: creation.line + offset + 1, creation: creation.creation,
            completion: creation.completion)
    }

    /// The missing final newline of 0-based `line`, `count` bytes long; its fix adds the
    /// file's line end (LF when no line has one).
    private static func missingNewline(
        line: Int, count: Int, _ reference: (line: Int, terminator: LineTerminator)?
    ) -> Diagnostic {
        let end = count + 1
        return Diagnostic(
            line: line + 1, column: end, endColumn: end, rule: .missingFinalNewline,
            message: "no newline at end of file",
            fix: Fix(
                column: end, endColumn: end, replacement: reference?.terminator.bytes ?? [0x0A]))
    }

    /// The file-level findings from one more read of the file: each candidate is a duplicate
    /// of the first earlier line with the same bytes, if there is one (lines with equal hashes
    /// are compared byte for byte); each line whose end differs from `reference` mixes line
    /// ends; a line without an end misses the final newline.
    private static func settle(
        _ candidates: [RepeatedLines.Candidate],
        reference: (line: Int, terminator: LineTerminator)?,
        readAgain: (_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void
    ) rethrows -> [Diagnostic] {
        // The lines to compare, in order: an identical earlier line has the same hash, so it
        // is among them.
        var involved = candidates.flatMap { [$0.first, $0.line] }
        involved.sort()
        // The first of them with each content.
        var firsts: [[UInt8]: Int] = [:]
        var found: [Diagnostic] = []
        var cursor = LineCursor(atFileStart: true)
        var index = 0
        var next = 0
        try readAgain { piece in
            cursor.forEachLine(in: piece) { content, count, _, terminator in
                let number = index + 1
                let end = count + 1
                while next < involved.count && involved[next] < index { next += 1 }
                if next < involved.count && involved[next] == index {
                    let bytes = Array(UnsafeBufferPointer(start: content, count: count))
                    if let first = firsts[bytes] {
                        found.append(
                            Diagnostic(
                                line: number, column: 1, endColumn: end, rule: .duplicateTask,
                                message: "duplicate of line \(first + 1)"))
                    } else {
                        firsts[bytes] = index
                    }
                }
                switch terminator {
                case .none:
                    found.append(missingNewline(line: index, count: count, reference))
                case .lf, .crlf:
                    if let reference, reference.terminator != terminator {
                        found.append(
                            Diagnostic(
                                line: number, column: end, endColumn: end,
                                rule: .mixedLineEndings,
                                message:
                                    "mixed line endings: this line ends with \(name(terminator)) but line \(reference.line + 1) ends with \(name(reference.terminator))"
                            ))
                    }
                }
                index += 1
            }
        }
        return found
    }

    private static func name(_ terminator: LineTerminator) -> String {
        terminator == .crlf ? "CRLF" : "LF"
    }
}
