package import TodoTerminal

/// How a task's row looks: the colours and hiding settings of `todo ls`, applied to spans for
/// the screen instead of escape sequences for a pipe.
///
/// The rules are `ls`'s: the whole numbered line takes the colour of a done task or of its
/// priority (`PRI_X` for a priority without its own colour); `+project`, `@context`, date,
/// number and `key:value` words take their colours on top of it; `-P`, `-+` and `-@` remove
/// the priority, the projects and the contexts first. Colours are the configuration's escape
/// sequences (`\033[0;33m` with its escape as the byte ESC), read as SGR only, so a setting
/// can never send anything else to the terminal.
package struct RowLook: Sendable {
    /// Colours by their configuration names (`PRI_A`, `PRI_X`, `COLOR_DONE`, `COLOR_PROJECT`,
    /// `COLOR_CONTEXT`, `COLOR_DATE`, `COLOR_NUMBER`, `COLOR_META`, `DEFAULT`): the bytes of
    /// the escape sequences.
    package var colours: [String: [UInt8]]
    /// `-P`: the `(A)` priority is not shown.
    package var hidesPriority: Bool
    /// `-+`: `+project` words are not shown.
    package var hidesProjects: Bool
    /// `-@`: `@context` words are not shown.
    package var hidesContexts: Bool

    /// Creates a look; by default no colours and nothing hidden.
    package init(
        colours: [String: [UInt8]] = [:], hidesPriority: Bool = false,
        hidesProjects: Bool = false, hidesContexts: Bool = false
    ) {
        self.colours = colours
        self.hidesPriority = hidesPriority
        self.hidesProjects = hidesProjects
        self.hidesContexts = hidesContexts
    }

    private func colour(_ name: String) -> [UInt8] { colours[name] ?? [] }

    /// The spans of one row: the line number as `ls` pads it, a space, and the task's line.
    ///
    /// - Parameters:
    ///   - number: The task's line number, already padded (`07`).
    ///   - line: The task's bytes, as in the file.
    package func spans(number: String, line: [UInt8]) -> [Span] {
        var whole = Array(number.utf8) + [0x20] + line
        if hidesPriority { whole = RowLook.removingPriority(whole) }
        if hidesProjects { whole = RowLook.removingWords(startingWith: 0x2B, in: whole) }
        if hidesContexts { whole = RowLook.removingWords(startingWith: 0x40, in: whole) }
        let lineColour = lineColour(of: line)
        let lineStyle = Style(sgr: lineColour)
        let wordColours = [
            "COLOR_PROJECT", "COLOR_CONTEXT", "COLOR_DATE", "COLOR_NUMBER", "COLOR_META",
        ].map(colour)
        guard wordColours.contains(where: { !$0.isEmpty }) else {
            return [Span(utf8: whole, style: lineStyle)]
        }
        var spans: [Span] = []
        var index = 0
        while index < whole.count {
            let isBlank = whole[index] == 0x20 || whole[index] == 0x09
            var end = index
            while end < whole.count, (whole[end] == 0x20 || whole[end] == 0x09) == isBlank {
                end += 1
            }
            let word = whole[index..<end]
            var style = lineStyle
            if !isBlank, let kind = RowLook.kind(of: word), !wordColours[kind].isEmpty {
                style = Style(sgr: lineColour + wordColours[kind])
            }
            if let last = spans.last, last.style == style {
                spans[spans.count - 1].text += String(decoding: word, as: UTF8.self)
            } else {
                spans.append(Span(utf8: word, style: style))
            }
            index = end
        }
        return spans
    }

    /// The colour of a whole line: done, or its priority's.
    private func lineColour(of line: [UInt8]) -> [UInt8] {
        if line.starts(with: [0x78, 0x20]) { return colour("COLOR_DONE") }
        guard line.count >= 4, line[0] == 0x28, line[2] == 0x29, line[3] == 0x20,
            (0x41...0x5A).contains(line[1])
        else { return [] }
        let own = colour("PRI_" + String(UnicodeScalar(line[1])))
        return own.isEmpty ? colour("PRI_X") : own
    }

    /// The index of a word's colour in the word colours (project, context, date, number,
    /// meta), or `nil` for a plain word.
    private static func kind(of word: ArraySlice<UInt8>) -> Int? {
        if isSigilWord(word, 0x2B) { return 0 }
        if isSigilWord(word, 0x40) { return 1 }
        if isDate(word) { return 2 }
        if word.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return 3 }
        if isMeta(word) { return 4 }
        return nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
            || (byte >= 0x61 && byte <= 0x7A)
    }

    /// The sigil, then anything, ending in a letter, digit or `_`.
    private static func isSigilWord(_ word: ArraySlice<UInt8>, _ sigil: UInt8) -> Bool {
        guard word.count >= 2, let last = word.last else { return false }
        return word.first == sigil && (isAlphanumeric(last) || last == 0x5F)
    }

    /// `YYYY-MM-DD` with a year from 1900 to 2099, a month 01–12 and a day 01–31.
    private static func isDate(_ word: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(word)
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return false }
        guard [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ bytes[$0] >= 0x30 && bytes[$0] <= 0x39 })
        else { return false }
        guard (bytes[0], bytes[1]) == (0x31, 0x39) || (bytes[0], bytes[1]) == (0x32, 0x30)
        else { return false }
        let month = Int(bytes[5] - 0x30) * 10 + Int(bytes[6] - 0x30)
        let day = Int(bytes[8] - 0x30) * 10 + Int(bytes[9] - 0x30)
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// Letters and digits, a colon, then at least one more byte.
    private static func isMeta(_ word: ArraySlice<UInt8>) -> Bool {
        guard let colon = word.firstIndex(of: 0x3A), colon > word.startIndex,
            colon + 1 < word.endIndex
        else { return false }
        return word[..<colon].allSatisfy(isAlphanumeric)
    }

    /// The line without its first `(X) ` label.
    private static func removingPriority(_ line: [UInt8]) -> [UInt8] {
        var index = 0
        while index + 3 < line.count {
            if line[index] == 0x28, (0x41...0x5A).contains(line[index + 1]),
                line[index + 2] == 0x29, line[index + 3] == 0x20 || line[index + 3] == 0x09
            {
                return Array(line[..<index] + line[(index + 4)...])
            }
            index += 1
        }
        return line
    }

    /// The line without any blank + sigil + printable run (the blank goes too).
    private static func removingWords(startingWith sigil: UInt8, in line: [UInt8]) -> [UInt8] {
        func isGraph(_ byte: UInt8) -> Bool { (byte > 0x20 && byte < 0x7F) || byte >= 0x80 }
        var result: [UInt8] = []
        var index = 0
        while index < line.count {
            if line[index] == 0x20 || line[index] == 0x09, index + 2 < line.count,
                line[index + 1] == sigil, isGraph(line[index + 2])
            {
                index += 2
                while index < line.count && isGraph(line[index]) { index += 1 }
                continue
            }
            result.append(line[index])
            index += 1
        }
        return result
    }
}
