import TodoQuery
import TodoTxt

/// The per-line rules of ``Checker``, run over one line's bytes. Columns are 1-based byte
/// columns of the line.
///
/// A clean line costs no allocation: the line is read through a pointer into the file's own
/// bytes, and text (messages, repairs) is only made for a finding.
struct LineCheck {
    /// The line's bytes, 0-based; valid while the check runs (see ``findings(in:number:today:)``).
    let bytes: UnsafeBufferPointer<UInt8>
    /// The same line as a slice of its buffer, for the parser.
    let line: ArraySlice<UInt8>
    let number: Int
    let today: LocalDate?
    private(set) var found: [Diagnostic] = []

    private init(
        bytes: UnsafeBufferPointer<UInt8>, line: ArraySlice<UInt8>, number: Int, today: LocalDate?
    ) {
        self.bytes = bytes
        self.line = line
        self.number = number
        self.today = today
    }

    /// The findings of one line's content (without its terminator), in the order the rules
    /// found them.
    static func findings(
        in line: ArraySlice<UInt8>, number: Int, today: LocalDate?
    )
        -> [Diagnostic]
    {
        line.withUnsafeBufferPointer { buffer in
            var check = LineCheck(bytes: buffer, line: line, number: number, today: today)
            check.run()
            return check.found
        }
    }

    private mutating func report(
        _ range: Range<Int>, _ rule: Rule, _ message: String, fix: Fix? = nil
    ) {
        found.append(
            Diagnostic(
                line: number, column: range.lowerBound + 1, endColumn: range.upperBound + 1,
                rule: rule, message: message, fix: fix))
    }

    /// A fix that replaces the bytes at 0-based `range` with `text`.
    private func fix(_ range: Range<Int>, _ text: [UInt8]) -> Fix {
        Fix(column: range.lowerBound + 1, endColumn: range.upperBound + 1, replacement: text)
    }

    mutating func run() {
        if let bad = Checker.firstInvalidUTF8(bytes) {
            report(bad..<bad + 1, .invalidUTF8, "invalid UTF-8 (byte 0x\(Checker.hex(bytes[bad])))")
        }
        if bytes.count >= 2 && bytes[0] == 0x58 && bytes[1] == 0x20 {
            report(
                0..<1, .uppercaseDoneMark,
                "'X ' does not mark a task done; write a lower-case 'x '", fix: fix(0..<1, [0x78]))
        }
        if bytes.count >= 2 && bytes[0] == 0x78 && bytes[1] == 0x09 {
            report(
                0..<2, .tabAfterDoneMark,
                "'x' and a tab do not mark a task done; write 'x' and one space",
                fix: fix(1..<2, [0x20]))
        }
        let item = TODOItem(parsingBytes: line)
        let start = bytes.count - item.descriptionBytes.count
        checkPriority(item)
        checkDonePriority(item, start: start)
        if item.isDone, let completion = item.completionDate, let creation = item.creationDate,
            creation > completion
        {
            var message: [UInt8] = []
            if let base = bytes.baseAddress, let creation = DateBytes(at: base + 13),
                let completion = DateBytes(at: base + 2)
            {
                Self.appendLaterCreationMessage(
                    creation: creation, completion: completion, to: &message)
            }
            report(
                Self.laterCreationRange, .creationAfterCompletion,
                String(decoding: message, as: UTF8.self))
        }
        // A creation date (or, on a completed task, a completion date) could still come here.
        if item.creationDate == nil {
            checkHeaderDate(start: start)
        }
        checkDateTags(item, start: start)
        if let last = bytes.last, last == 0x20 || last == 0x09 {
            var first = bytes.count - 1
            while first > 0 && (bytes[first - 1] == 0x20 || bytes[first - 1] == 0x09) { first -= 1 }
            report(
                first..<bytes.count, .trailingWhitespace, "trailing whitespace",
                fix: fix(first..<bytes.count, []))
        }
    }

    /// Where ``Rule/creationAfterCompletion`` is reported: the creation date of `x DATE DATE`.
    static let laterCreationRange = 13..<23

    /// The words of the message of ``Rule/creationAfterCompletion`` before its creation date
    /// and between its two dates.
    static let laterCreationWords = (
        before: Array("the creation date ".utf8),
        between: Array(" is after the completion date ".utf8)
    )

    /// Appends the message of ``Rule/creationAfterCompletion``.
    static func appendLaterCreationMessage(
        creation: DateBytes, completion: DateBytes, to output: inout [UInt8]
    ) {
        output += laterCreationWords.before
        creation.append(to: &output)
        output += laterCreationWords.between
        completion.append(to: &output)
    }

    private mutating func checkPriority(_ item: TODOItem) {
        guard
            !item.isDone && item.priority == nil && bytes.count >= 3 && bytes[0] == 0x28
                && bytes[2] == 0x29
        else { return }
        let letter = bytes[1]
        let next = bytes.count > 3 ? bytes[3] : nil
        if letter >= 0x61 && letter <= 0x7A && (next == nil || next == 0x20 || next == 0x09) {
            let upper = Checker.character(letter - 0x20)
            report(
                0..<3, .lowercasePriority,
                "'(\(Checker.character(letter)))' is not a priority; priorities are upper-case, '(\(upper))'",
                fix: fix(1..<2, [letter - 0x20]))
        } else if letter >= 0x41 && letter <= 0x5A, let next, next != 0x20 {
            let message =
                "'(\(Checker.character(letter)))' is a priority only when one space follows it"
            if next == 0x09 {
                report(3..<4, .priorityWithoutSpace, message, fix: fix(3..<4, [0x20]))
            } else {
                report(3..<3, .priorityWithoutSpace, message, fix: fix(3..<3, [0x20]))
            }
        }
    }

    private mutating func checkDonePriority(_ item: TODOItem, start: Int) {
        guard item.isDone, bytes.count - start >= 4 else { return }
        let text = bytes[start..<start + 4]
        guard
            text[start] == 0x28 && text[start + 2] == 0x29 && text[start + 3] == 0x20
                && text[start + 1] >= 0x41 && text[start + 1] <= 0x5A
        else { return }
        let letter = Checker.character(text[start + 1])
        // The repair: drop `(A) ` and keep the priority as a `pri:A` tag at the end, the way
        // `todo do` keeps it.
        var rest = Array(bytes[(start + 4)...])
        if let last = rest.last, last != 0x20 && last != 0x09 { rest.append(0x20) }
        rest += Array("pri:".utf8) + [text[start + 1]]
        report(
            start..<start + 3, .priorityOnDoneTask,
            "a completed task has no priority: '(\(letter))' is text here; keep it as pri:\(letter)",
            fix: fix(start..<bytes.count, rest))
    }

    private mutating func checkHeaderDate(start: Int) {
        let word = bytes[start...].prefix { $0 != 0x20 && $0 != 0x09 }
        let followed = start + word.count == bytes.count || bytes[start + word.count] == 0x20
        if let first = word.first, first >= 0x30 && first <= 0x39,
            Checker.date(word) == nil || !followed, let problem = Checker.dateProblem(word)
        {
            let range = start..<start + word.count
            if let padded = Self.padded(word) {
                report(range, .malformedDate, problem, fix: fix(range, padded.utf8))
            } else {
                report(range, Checker.date(word) == nil ? .invalidDate : .malformedDate, problem)
            }
        }
        var spaces = start
        while spaces < bytes.count && (bytes[spaces] == 0x20 || bytes[spaces] == 0x09) {
            spaces += 1
        }
        guard spaces > start else { return }
        let pushed = bytes[spaces...].prefix { $0 != 0x20 && $0 != 0x09 }
        if let date = Checker.date(pushed),
            spaces + pushed.count == bytes.count || bytes[spaces + pushed.count] == 0x20
        {
            report(
                spaces..<spaces + pushed.count, .spacedHeaderDate,
                "the date \(date) is text, not a header date: remove the extra space before it",
                fix: fix(start..<spaces, []))
        }
    }

    private mutating func checkDateTags(_ item: TODOItem, start: Int) {
        guard Self.mayHoldDateTag(item.descriptionBytes) else { return }
        var tags: [(key: String, value: ArraySlice<UInt8>, column: Int)] = []
        let base = line.startIndex
        item.forEachWord { word in
            guard word.kind == .tag else { return }
            let name = word.name
            let isDue =
                name.count == 3 && name[name.startIndex] == 0x64
                && name[name.startIndex + 1] == 0x75 && name[name.startIndex + 2] == 0x65
            let isT = name.count == 1 && name[name.startIndex] == 0x74
            guard isDue || isT else { return }
            let value = word.value
            let offset = value.startIndex - base
            guard Checker.date(bytes[offset..<offset + value.count]) == nil else { return }
            tags.append((isDue ? "due" : "t", value, offset))
        }
        for (key, value, offset) in tags {
            let text = String(decoding: value, as: UTF8.self)
            let range = offset..<offset + value.count
            if Checker.isDateShaped(value, strict: true) {
                report(
                    range, .invalidDate, "invalid date '\(text)' in \(key):, there is no such day")
                continue
            }
            let message = "'\(text)' in \(key): is not a date; write YYYY-MM-DD"
            if let padded = Self.padded(value) {
                report(range, .malformedDate, message, fix: fix(range, padded.utf8))
            } else if let relative = DateValue(parsing: value, allowingUnsignedOffsets: true),
                !relative.isAbsolute
            {
                // Suggest the absolute date the word means today, which `todo add` would write.
                let resolved = today.flatMap { relative.resolve(today: $0) }
                let suggestion =
                    resolved.map {
                        "'\(text)' in \(key): is a relative date; write \($0) (what it means today)"
                    } ?? message
                report(range, .relativeDate, suggestion, fix: resolved.map { fix(range, $0.utf8) })
            } else {
                report(range, .malformedDate, message)
            }
        }
    }

    /// Whether `text` holds `due:` or `t:` anywhere (a cheap test before the word scan: a
    /// `due` or `t` tag cannot be there without them).
    static func mayHoldDateTag(_ text: ArraySlice<UInt8>) -> Bool {
        text.withUnsafeBufferPointer { buffer in
            var index = 1
            while index < buffer.count {
                if buffer[index] == 0x3A {
                    if buffer[index - 1] == 0x74 { return true }
                    if index >= 3 && buffer[index - 3] == 0x64 && buffer[index - 2] == 0x75
                        && buffer[index - 1] == 0x65
                    {
                        return true
                    }
                }
                index += 1
            }
            return false
        }
    }

    /// The date a loosely written `YYYY-M-D` names, when it names one.
    static func padded<Bytes: Collection<UInt8>>(_ word: Bytes) -> LocalDate? {
        guard Checker.isDateShaped(word, strict: false), !Checker.isDateShaped(word, strict: true)
        else { return nil }
        let groups = word.split(separator: 0x2D)
        func number(_ digits: Bytes.SubSequence) -> Int {
            digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        return LocalDate(
            year: number(groups[0]), month: number(groups[1]), day: number(groups[2]))
    }
}
