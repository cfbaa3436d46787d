import TodoJSON
import TodoQuery
package import TodoTxt

/// The checks of `todo check` and `todo edit`: lines that parse, but probably do not mean what
/// their author meant (format.md H1-H9), and file-level slips (mixed line endings, a missing final
/// newline, invalid UTF-8, trailing whitespace, duplicate tasks).
///
/// A pure function of the file's bytes, so that every diagnostic can be tested on its own.
package enum Checker {

    /// The diagnostics of a whole file, ordered by line, then column (``report(_:today:together:)``
    /// as diagnostics).
    ///
    /// - Parameters:
    ///   - bytes: The file.
    ///   - today: The date relative dates are resolved against for their fix; without it, a
    ///     relative date is reported without a fix.
    ///   - together: Runs two pieces of work and returns when both are done: at once on two
    ///     threads when the caller can start one; without it, one after the other.
    package static func check(
        _ bytes: [UInt8], today: LocalDate? = nil,
        together: ((() -> Void, () -> Void) -> Void)? = nil
    ) -> [Diagnostic] {
        report(bytes, today: today, together: together).diagnostics
    }

    /// The findings of a whole file: its halves scanned at once when `together` is given and
    /// the file is large, then put together (``CheckReport``).
    package static func report(
        _ bytes: [UInt8], today: LocalDate? = nil,
        together: ((() -> Void, () -> Void) -> Void)? = nil
    ) -> CheckReport {
        bytes.withUnsafeBufferPointer { buffer in
            var low = CheckScan(today: today, atFileStart: true)
            if let together, buffer.count >= 1 << 16, let base = buffer.baseAddress {
                // Half 1 starts after the first line feed at or after the middle.
                let middle = buffer.count / 2
                let found = LineFeeds.first(in: base + middle, count: buffer.count - middle)
                let split = middle + found + 1
                if found >= 0 && split < buffer.count {
                    var high = CheckScan(today: today, atFileStart: false)
                    together(
                        { high.take(UnsafeBufferPointer(rebasing: buffer[split...])) },
                        { low.take(UnsafeBufferPointer(rebasing: buffer[..<split])) })
                    return CheckReport([low, high], together: together) { $0(buffer) }
                }
            }
            low.take(buffer)
            return CheckReport([low], together: together) { $0(buffer) }
        }
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

    /// A 64-bit hash of a line's bytes (equal lines have equal hashes; unequal lines rarely
    /// do, and are then told apart byte for byte), or `nil` when the line is blank (only spaces
    /// and tabs, or nothing).
    package static func fingerprint(_ bytes: ArraySlice<UInt8>) -> UInt64? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            let hash = DuplicateHash.hash(base, count: buffer.count)
            return hash == 0 ? nil : hash
        }
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
