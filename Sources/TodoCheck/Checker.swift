import TodoJSON
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
    ///   - together: Runs two pieces of work and returns when both are done: at once on two
    ///     threads when the caller can start one (the line rules on one, the file rules on the
    ///     other); without it, one after the other.
    package static func check(
        _ bytes: [UInt8], today: LocalDate? = nil,
        together: ((() -> Void, () -> Void) -> Void)? = nil
    ) -> [Diagnostic] {
        let list = TodoList(bytes: bytes)
        var perLine: [Diagnostic] = []
        var fileLevel: [Diagnostic] = []
        let lineRules = {
            for index in 0..<list.count {
                let found = LineCheck.findings(
                    in: list[index].content, number: index + 1, today: today)
                if !found.isEmpty { perLine += sorted(found) }
            }
        }
        let fileRules = {
            fileLevel = checkFile(
                count: list.count, content: { list[$0].content },
                terminator: { list[$0].terminator })
        }
        if let together, list.count >= 4096 {
            together(lineRules, fileRules)
        } else {
            lineRules()
            fileRules()
        }
        return merged(perLine, fileLevel)
    }

    /// Two lists, each ordered by line, then column, as one such list; on equal places the
    /// diagnostics of `first` come first (what ``sorted(_:)`` of `first + second` gives).
    package static func merged(_ first: [Diagnostic], _ second: [Diagnostic]) -> [Diagnostic] {
        if second.isEmpty { return first }
        if first.isEmpty { return second }
        var result: [Diagnostic] = []
        result.reserveCapacity(first.count + second.count)
        var left = 0
        var right = 0
        while left < first.count && right < second.count {
            let a = first[left]
            let b = second[right]
            if (b.line, b.column) < (a.line, a.column) {
                result.append(b)
                right += 1
            } else {
                result.append(a)
                left += 1
            }
        }
        result += first[left...]
        result += second[right...]
        return result
    }

    /// Orders diagnostics by line, then column (stable for equal places).
    package static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var ordered = true
        var index = 1
        while ordered && index < diagnostics.count {
            let a = diagnostics[index - 1]
            let b = diagnostics[index]
            ordered = (a.line, a.column) <= (b.line, b.column)
            index += 1
        }
        if ordered { return diagnostics }
        return diagnostics.enumerated().sorted {
            ($0.element.line, $0.element.column, $0.offset)
                < ($1.element.line, $1.element.column, $1.offset)
        }.map(\.element)
    }

    /// The file-level diagnostics (``Rule/isPerLine`` false): duplicate tasks, mixed line ends
    /// and a missing final newline, in line order. `lines[0]` is line 1.
    package static func checkFile(_ lines: [FileLine]) -> [Diagnostic] {
        checkFile(
            count: lines.count, content: { lines[$0].content },
            terminator: { lines[$0].terminator })
    }

    /// ``checkFile(_:)`` of `count` lines, line `index` (0-based) being `content(index)`
    /// ended by `terminator(index)`.
    static func checkFile(
        count: Int, content: (Int) -> ArraySlice<UInt8>, terminator: (Int) -> LineTerminator
    ) -> [Diagnostic] {
        var found: [Diagnostic] = []
        // An open-addressing table, sized up front, of the first line of each distinct
        // non-blank content, found by a 64-bit hash of its bytes. A slot holds the hash's high
        // half and the line's index plus one (0: empty), so that one memory access settles most
        // probes; bytes are compared only when the halves are equal.
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        var slots = [UInt64](repeating: 0, count: capacity)
        var reference: (line: Int, terminator: LineTerminator)?
        for index in 0..<count {
            let line = FileLine(content: content(index), terminator: terminator(index))
            let number = index + 1
            let end = line.content.count + 1
            if let hash = fingerprint(line.content) {
                let tag = hash & 0xFFFF_FFFF_0000_0000
                var slot = Int(truncatingIfNeeded: hash) & mask
                var earlier: Int?
                while slots[slot] != 0 {
                    let entry = slots[slot]
                    if entry & 0xFFFF_FFFF_0000_0000 == tag {
                        let candidate = Int(entry & 0xFFFF_FFFF) - 1
                        if content(candidate) == line.content {
                            earlier = candidate
                            break
                        }
                    }
                    slot = (slot + 1) & mask
                }
                if let earlier {
                    found.append(
                        Diagnostic(
                            line: number, column: 1, endColumn: end, rule: .duplicateTask,
                            message: "duplicate of line \(earlier + 1)"))
                } else if index < 0xFFFF_FFFF {
                    slots[slot] = tag | UInt64(index + 1)
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
        sorted(LineCheck.findings(in: content, number: number, today: today))
    }

    /// What is wrong with a word in a header date's place, or `nil` when it does not look like a
    /// date at all (then it is ordinary text).
    static func dateProblem<Bytes: Collection<UInt8>>(_ word: Bytes) -> String? {
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
    static func isDateShaped<Bytes: Collection<UInt8>>(_ word: Bytes, strict: Bool) -> Bool {
        guard word.count >= (strict ? 10 : 8), word.count <= 10 else { return false }
        // The lengths of the three groups of digits, split at `-`.
        var groups = (0, 0, 0)
        var group = 0
        for byte in word {
            if byte == 0x2D {
                group += 1
                if group > 2 { return false }
            } else if byte >= 0x30 && byte <= 0x39 {
                switch group {
                case 0: groups.0 += 1
                case 1: groups.1 += 1
                default: groups.2 += 1
                }
            } else {
                return false
            }
        }
        let sizes = strict ? 2...2 : 1...2
        return group == 2 && groups.0 == 4 && sizes.contains(groups.1) && sizes.contains(groups.2)
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or `nil`.
    static func firstInvalidUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = UnsafeRawPointer(buffer.baseAddress) else { return nil }
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= buffer.count {
            high |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < buffer.count {
            high |= UInt64(buffer[offset])
            offset += 1
        }
        if high & 0x8080_8080_8080_8080 == 0 { return nil }
        return WellFormedUTF8.firstInvalidByte(in: buffer)
    }

    /// The date the bytes spell, if they are exactly a valid `YYYY-MM-DD`.
    static func date<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> LocalDate? {
        guard bytes.count == 10 else { return nil }
        var digits = (0, 0, 0)
        var position = 0
        for byte in bytes {
            switch position {
            case 4, 7:
                guard byte == 0x2D else { return nil }
            default:
                let digit = byte &- 0x30
                guard digit < 10 else { return nil }
                if position < 4 {
                    digits.0 = digits.0 * 10 + Int(digit)
                } else if position < 7 {
                    digits.1 = digits.1 * 10 + Int(digit)
                } else {
                    digits.2 = digits.2 * 10 + Int(digit)
                }
            }
            position += 1
        }
        return LocalDate(year: digits.0, month: digits.1, day: digits.2)
    }

    /// A 64-bit hash of a line's bytes, eight bytes at a time (equal lines have equal hashes;
    /// unequal lines rarely do, and are then told apart byte for byte), or `nil` when the line
    /// is blank (only spaces and tabs, or nothing).
    package static func fingerprint(_ bytes: ArraySlice<UInt8>) -> UInt64? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = UnsafeRawPointer(buffer.baseAddress),
                buffer.contains(where: { $0 != 0x20 && $0 != 0x09 })
            else { return nil }
            let count = buffer.count
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(count)
            var offset = 0
            while offset + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                hash = mix(hash ^ word)
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(buffer[offset]) << shift
                shift += 8
                offset += 1
            }
            return mix(hash ^ tail)
        }
    }

    /// Spreads every bit of `value` over the whole word (a multiply and two xor-shifts).
    private static func mix(_ value: UInt64) -> UInt64 {
        var mixed = (value ^ (value >> 29)) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 32
        return mixed &* 0x94D0_49BB_1331_11EB
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

extension Checker {
    /// Whether the bytes are exactly a valid `YYYY-MM-DD`.
    package static func isDate(_ bytes: some Collection<UInt8>) -> Bool {
        date(bytes) != nil
    }
}
