import TodoTxt

/// One finding of `todo check`: a place in the file and what probably went wrong there.
package struct Diagnostic: Hashable, Sendable {
    /// The 1-based line number.
    package var line: Int
    /// The 1-based column, counted in bytes from the start of the line (after a byte order mark),
    /// as compilers count them.
    package var column: Int
    /// One sentence, without a trailing period.
    package var message: String

    /// A finding at a 1-based line and byte column.
    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
}

/// The checks of `todo check` and `todo edit`: lines that parse, but probably do not mean what
/// their author meant (format.md H1-H9), and file-level slips (mixed line endings, a missing final
/// newline, invalid UTF-8, trailing whitespace, duplicate tasks).
///
/// A pure function of the file's bytes, so that every diagnostic can be tested on its own.
package enum Checker {
    /// The diagnostics of a whole file, ordered by line, then column.
    package static func check(_ bytes: [UInt8]) -> [Diagnostic] {
        let list = TodoList(bytes: bytes)
        var found: [Diagnostic] = []
        var firstLine: [ArraySlice<UInt8>: Int] = [:]
        var reference: (line: Int, terminator: LineTerminator)?
        for (index, line) in list.enumerated() {
            let number = index + 1
            found += checkLine(line.content, number: number)
            if !line.isBlank {
                if let earlier = firstLine[line.content] {
                    found.append(
                        Diagnostic(line: number, column: 1, message: "duplicate of line \(earlier)")
                    )
                } else {
                    firstLine[line.content] = number
                }
            }
            switch line.terminator {
            case .none:
                found.append(
                    Diagnostic(
                        line: number, column: line.content.count + 1,
                        message: "no newline at end of file"))
            case .lf, .crlf:
                if let reference, reference.terminator != line.terminator {
                    found.append(
                        Diagnostic(
                            line: number, column: line.content.count + 1,
                            message:
                                "mixed line endings: this line ends with \(name(line.terminator)) but line \(reference.line) ends with \(name(reference.terminator))"
                        ))
                } else if reference == nil {
                    reference = (number, line.terminator)
                }
            }
        }
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The diagnostics of one line's content (without its terminator).
    static func checkLine(_ content: ArraySlice<UInt8>, number: Int) -> [Diagnostic] {
        let bytes = Array(content)
        var found: [Diagnostic] = []
        func report(_ column: Int, _ message: String) {
            found.append(Diagnostic(line: number, column: column, message: message))
        }
        if let bad = firstInvalidUTF8(bytes) {
            report(bad + 1, "invalid UTF-8 (byte 0x\(hex(bytes[bad])))")
        }
        if bytes.count >= 2 && bytes[0] == 0x58 && bytes[1] == 0x20 {
            report(1, "'X ' does not mark a task done; write a lower-case 'x '")
        }
        if bytes.count >= 2 && bytes[0] == 0x78 && bytes[1] == 0x09 {
            report(1, "'x' and a tab do not mark a task done; write 'x' and one space")
        }
        let item = TODOItem(parsingBytes: ArraySlice(bytes))
        let start = bytes.count - item.descriptionBytes.count
        if !item.isDone && item.priority == nil && bytes.count >= 3 && bytes[0] == 0x28
            && bytes[2] == 0x29
        {
            let letter = bytes[1]
            let next = bytes.count > 3 ? bytes[3] : nil
            if letter >= 0x61 && letter <= 0x7A && (next == nil || next == 0x20 || next == 0x09) {
                let upper = String(decoding: [letter - 0x20], as: UTF8.self)
                report(
                    1,
                    "'(\(character(letter)))' is not a priority; priorities are upper-case, '(\(upper))'"
                )
            } else if letter >= 0x41 && letter <= 0x5A, let next, next != 0x20 {
                report(4, "'(\(character(letter)))' is a priority only when one space follows it")
            }
        }
        if item.isDone, item.descriptionBytes.count >= 4 {
            let text = Array(item.descriptionBytes.prefix(4))
            if text[0] == 0x28 && text[2] == 0x29 && text[3] == 0x20 && text[1] >= 0x41
                && text[1] <= 0x5A
            {
                let letter = character(text[1])
                report(
                    start + 1,
                    "a completed task has no priority: '(\(letter))' is text here; keep it as pri:\(letter)"
                )
            }
        }
        if item.isDone, let completion = item.completionDate, let creation = item.creationDate,
            creation > completion
        {
            report(
                14, "the creation date \(creation) is after the completion date \(completion)")
        }
        // A creation date (or, on a completed task, a completion date) could still come here.
        if item.creationDate == nil {
            let word = bytes[start...].prefix { $0 != 0x20 && $0 != 0x09 }
            let followed = start + word.count == bytes.count || bytes[start + word.count] == 0x20
            if Checker.date(word) == nil || !followed, let problem = dateProblem(word) {
                report(start + 1, problem)
            }
            var spaces = start
            while spaces < bytes.count && (bytes[spaces] == 0x20 || bytes[spaces] == 0x09) {
                spaces += 1
            }
            if spaces > start {
                let pushed = bytes[spaces...].prefix { $0 != 0x20 && $0 != 0x09 }
                if let date = Checker.date(pushed),
                    spaces + pushed.count == bytes.count || bytes[spaces + pushed.count] == 0x20
                {
                    report(
                        spaces + 1,
                        "the date \(date) is text, not a header date: remove the extra space before it"
                    )
                }
            }
        }
        item.forEachWord { word in
            guard word.kind == .tag else { return }
            let key = String(decoding: word.name, as: UTF8.self)
            guard key == "due" || key == "t", Checker.date(word.value) == nil else { return }
            let value = String(decoding: word.value, as: UTF8.self)
            let column = word.value.startIndex - item.descriptionBytes.startIndex + start + 1
            if isDateShaped(word.value, strict: true) {
                report(column, "invalid date '\(value)' in \(key):, there is no such day")
            } else {
                report(column, "'\(value)' in \(key): is not a date; write YYYY-MM-DD")
            }
        }
        if let last = bytes.last, last == 0x20 || last == 0x09 {
            var first = bytes.count - 1
            while first > 0 && (bytes[first - 1] == 0x20 || bytes[first - 1] == 0x09) { first -= 1 }
            report(first + 1, "trailing whitespace")
        }
        return found
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

    private static func name(_ terminator: LineTerminator) -> String {
        terminator == .crlf ? "CRLF" : "LF"
    }

    private static func character(_ byte: UInt8) -> String {
        String(decoding: [byte], as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }
}
