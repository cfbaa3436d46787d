package import TodoTxt

/// `todo check --fix`: applies the unambiguous repair of every finding that has one, and
/// leaves every other byte of the file as it was.
///
/// A line's repairs are applied from its end to its start, skipping one that overlaps a repair
/// already applied; the line is then checked again and its new repairs applied, a few rounds
/// at most (lower-casing `X ` can make `(A)` a priority on a done task, which has a repair of
/// its own). Repairs never add or remove a line, so line numbers stay.
package enum Fixer {
    /// How many times a line is repaired and checked again, at most.
    static let rounds = 4

    /// The file with the repairs applied, and the findings they repaired (each with the line
    /// and columns it had when it was repaired), in line order.
    package static func fix(
        _ bytes: [UInt8], today: LocalDate?
    ) -> (bytes: [UInt8], fixed: [Diagnostic]) {
        let found = Checker.check(bytes, today: today)
        guard found.contains(where: { $0.fix != nil }) else { return (bytes, []) }
        let list = TodoList(bytes: bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        if list.hasByteOrderMark { output += [0xEF, 0xBB, 0xBF] }
        var fixed: [Diagnostic] = []
        var next = 0
        for index in 0..<list.count {
            let line = list[index]
            var findings: [Diagnostic] = []
            while next < found.count && found[next].line == index + 1 {
                findings.append(found[next])
                next += 1
            }
            let perLine = findings.filter { $0.rule.isPerLine && $0.fix != nil }
            if perLine.isEmpty {
                output += line.content
            } else {
                let repaired = fixLine(line.content, perLine, number: index + 1, today: today)
                output += repaired.bytes
                fixed += repaired.fixed
            }
            if line.terminator == .none,
                let newline = findings.first(where: { $0.rule == .missingFinalNewline }),
                let fix = newline.fix
            {
                output += fix.replacement
                fixed.append(newline)
            } else {
                output += line.terminator.bytes
            }
        }
        return (output, fixed)
    }

    /// One line's content with its repairs applied, and the findings repaired.
    static func fixLine(
        _ content: ArraySlice<UInt8>, _ findings: [Diagnostic], number: Int, today: LocalDate?
    ) -> (bytes: [UInt8], fixed: [Diagnostic]) {
        var bytes = Array(content)
        var fixed: [Diagnostic] = []
        var pending = findings
        for _ in 0..<rounds {
            let repairs =
                pending
                .compactMap { finding in finding.fix.map { (finding, $0) } }
                .sorted { $0.1.column > $1.1.column }
            guard !repairs.isEmpty else { break }
            var limit = Int.max
            for (finding, repair) in repairs where repair.endColumn <= limit {
                bytes = repair.applied(to: bytes)
                limit = repair.column
                fixed.append(finding)
            }
            pending = Checker.checkLine(bytes[...], number: number, today: today)
        }
        return (bytes, fixed.sorted { $0.column < $1.column })
    }
}
