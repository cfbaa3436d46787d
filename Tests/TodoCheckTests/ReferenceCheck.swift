import TodoTxt

@testable import TodoCheck

/// `todo check` the plain way, as it was before the file was read in pieces: the file split by
/// ``TodoList``, every line through ``Checker/checkLine(_:number:today:)``, and the file-level
/// rules over the lines with a dictionary. The tests hold the fast path to it, finding for
/// finding.
enum ReferenceCheck {
    static func check(_ bytes: [UInt8], today: LocalDate? = nil) -> [Diagnostic] {
        let list = TodoList(bytes: bytes)
        var perLine: [Diagnostic] = []
        var fileLevel: [Diagnostic] = []
        var firsts: [ArraySlice<UInt8>: Int] = [:]
        var reference: (line: Int, terminator: LineTerminator)?
        for (index, line) in list.enumerated() {
            let number = index + 1
            let end = line.content.count + 1
            perLine += Checker.checkLine(line.content, number: number, today: today)
            if !line.isBlank {
                if let first = firsts[line.content] {
                    fileLevel.append(
                        Diagnostic(
                            line: number, column: 1, endColumn: end, rule: .duplicateTask,
                            message: "duplicate of line \(first)"))
                } else {
                    firsts[line.content] = number
                }
            }
            switch line.terminator {
            case .none:
                fileLevel.append(
                    Diagnostic(
                        line: number, column: end, endColumn: end, rule: .missingFinalNewline,
                        message: "no newline at end of file",
                        fix: Fix(
                            column: end, endColumn: end,
                            replacement: reference?.terminator.bytes ?? [0x0A])))
            case .lf, .crlf:
                guard let reference else {
                    reference = (number, line.terminator)
                    continue
                }
                if reference.terminator != line.terminator {
                    let names = [line.terminator, reference.terminator].map {
                        $0 == .crlf ? "CRLF" : "LF"
                    }
                    fileLevel.append(
                        Diagnostic(
                            line: number, column: end, endColumn: end, rule: .mixedLineEndings,
                            message:
                                "mixed line endings: this line ends with \(names[0]) but line \(reference.line) ends with \(names[1])"
                        ))
                }
            }
        }
        return Checker.merged(perLine, fileLevel)
    }
}
