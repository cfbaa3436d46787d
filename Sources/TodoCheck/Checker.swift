import TodoQuery
package import TodoTxt

/// The checks of `todo check` and `todo edit`: lines that parse, but probably do not mean what
/// their author meant (format.md H1-H9), and file-level slips (mixed line endings, a missing final
/// newline, invalid UTF-8, trailing whitespace, duplicate tasks).
///
/// A pure function of the file's bytes, so that every diagnostic can be tested on its own.
package enum Checker {

    /// One line of a file as the file-level rules see it.
    package struct FileLine: Sendable {
        /// The line's bytes without its terminator.
        package var content: ArraySlice<UInt8>
        /// How the line ends.
        package var terminator: LineTerminator

        /// A line and its end.
        package init(content: ArraySlice<UInt8>, terminator: LineTerminator) {
            self.content = content
            self.terminator = terminator
        }
    }

    /// The diagnostics of a whole file, ordered by line, then column.
    ///
    /// - Parameters:
    ///   - bytes: The file.
    ///   - today: The date relative dates are resolved against for their fix; without it, a
    ///     relative date is reported without a fix.
    package static func check(_ bytes: [UInt8], today: LocalDate? = nil) -> [Diagnostic] {
        let list = TodoList(bytes: bytes)
        var found: [Diagnostic] = []
        var lines: [FileLine] = []
        lines.reserveCapacity(list.count)
        for (index, line) in list.enumerated() {
            found += checkLine(line.content, number: index + 1, today: today)
            lines.append(FileLine(content: line.content, terminator: line.terminator))
        }
        found += checkFile(lines)
        return sorted(found)
    }

    /// Orders diagnostics by line, then column (stable for equal places).
    package static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted {
            ($0.element.line, $0.element.column, $0.offset)
                < ($1.element.line, $1.element.column, $1.offset)
        }.map(\.element)
    }

    /// The file-level diagnostics (``Rule/isPerLine`` false): duplicate tasks, mixed line ends
    /// and a missing final newline, in line order. `lines[0]` is line 1.
    package static func checkFile(_ lines: [FileLine]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        // Lines by a hash of their bytes (cheaper than hashing slices); equal hashes are
        // compared byte for byte, and the rare different line with the same hash goes to
        // `collided`.
        var firstLine: [Int: Int] = [:]
        firstLine.reserveCapacity(lines.count)
        var collided: [Int: [Int]] = [:]
        var reference: (line: Int, terminator: LineTerminator)?
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let end = line.content.count + 1
            if !line.content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                let hash = fingerprint(line.content)
                var earlier: Int?
                if let candidate = firstLine[hash] {
                    if lines[candidate].content == line.content {
                        earlier = candidate
                    } else if let other = collided[hash]?.first(where: {
                        lines[$0].content == line.content
                    }) {
                        earlier = other
                    } else {
                        collided[hash, default: []].append(index)
                    }
                } else {
                    firstLine[hash] = index
                }
                if let earlier {
                    found.append(
                        Diagnostic(
                            line: number, column: 1, endColumn: end, rule: .duplicateTask,
                            message: "duplicate of line \(earlier + 1)"))
                }
            }
            switch line.terminator {
            case .none:
                let newline = reference?.terminator.bytes ?? [0x0A]
                found.append(
                    Diagnostic(
                        line: number, column: end, endColumn: end, rule: .missingFinalNewline,
                        message: "no newline at end of file",
                        fix: Fix(column: end, endColumn: end, replacement: newline)))
            case .lf, .crlf:
                if let reference, reference.terminator != line.terminator {
                    found.append(
                        Diagnostic(
                            line: number, column: end, endColumn: end, rule: .mixedLineEndings,
                            message:
                                "mixed line endings: this line ends with \(name(line.terminator)) but line \(reference.line) ends with \(name(reference.terminator))"
                        ))
                } else if reference == nil {
                    reference = (number, line.terminator)
                }
            }
        }
        return found
    }

    /// The per-line diagnostics (``Rule/isPerLine``) of one line's content (without its
    /// terminator), in column order. They depend on nothing but the line and `today`, so a
    /// changed line can be re-checked alone.
    package static func checkLine(
        _ content: ArraySlice<UInt8>, number: Int, today: LocalDate? = nil
    ) -> [Diagnostic] {
        var lineCheck = LineCheck(bytes: Array(content), number: number, today: today)
        lineCheck.run()
        return sorted(lineCheck.found)
    }

    /// What is wrong with a word in a header date's place, or `nil` when it does not look like a
    /// date at all (then it is ordinary text).
    static func dateProblem(_ word: ArraySlice<UInt8>) -> String? {
        guard isDateShaped(word, strict: false) else { return nil }
        let text = String(decoding: word, as: UTF8.self)
        if Checker.date(word) != nil {
            return nil
        }
        if isDateShaped(word, strict: true) {
            return "invalid date '\(text)', there is no such day"
        }
        return "malformed date '\(text)'; write YYYY-MM-DD"
    }

    /// Whether `word` is four digits, `-`, one or two digits, `-`, one or two digits (`strict`:
    /// exactly two and two).
    static func isDateShaped(_ word: ArraySlice<UInt8>, strict: Bool) -> Bool {
        let groups = word.split(separator: 0x2D, omittingEmptySubsequences: false)
        guard groups.count == 3, groups[0].count == 4,
            groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } })
        else { return false }
        let sizes = strict ? 2...2 : 1...2
        return sizes.contains(groups[1].count) && sizes.contains(groups[2].count)
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or `nil`.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return index
            }
            for offset in 1..<length {
                guard index + offset < bytes.count else { return index }
                let byte = bytes[index + offset]
                let (lower, upper): (UInt8, UInt8) = offset == 1 ? (low, high) : (0x80, 0xBF)
                guard byte >= lower && byte <= upper else { return index }
            }
            index += length
        }
        return nil
    }

    /// The date the bytes spell, if they are exactly a valid `YYYY-MM-DD`.
    static func date(_ bytes: ArraySlice<UInt8>) -> LocalDate? {
        bytes.count == 10 ? LocalDate(String(decoding: bytes, as: UTF8.self)) : nil
    }

    /// A 64-bit FNV-1a hash of a line's bytes.
    private static func fingerprint(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in buffer {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
            }
            return Int(truncatingIfNeeded: hash)
        }
    }

    private static func name(_ terminator: LineTerminator) -> String {
        terminator == .crlf ? "CRLF" : "LF"
    }

    static func character(_ byte: UInt8) -> String {
        String(decoding: [byte], as: UTF8.self)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }
}
