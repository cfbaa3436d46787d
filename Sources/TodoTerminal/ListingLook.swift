/// How `todo ls` shows one numbered task line (`07 (A) call mom +family`): the colours of the
/// configuration and the `-P`, `-+` and `-@` hiding settings, in one place for the listing's
/// escape sequences (``painted(_:)``) and the full-screen list's spans (``spans(_:)``).
///
/// The rules are todo.sh's: the whole line takes the colour of a done task (`COLOR_DONE`) or
/// of its priority (`PRI_X` for a priority without its own colour); on top of it the task's
/// number (the first word, when it is digits only) takes `COLOR_NUMBER`, and `+project`,
/// `@context`, date and `key:value` words take `COLOR_PROJECT`, `COLOR_CONTEXT`, `COLOR_DATE`
/// and `COLOR_META`, each followed by `DEFAULT` and the line's colour again. `-P` removes the
/// task's own leading `(X) ` once it has chosen the colour; `-+` and `-@` remove every blank
/// followed by the sigil and a printable run.
package struct ListingLook: Sendable {
    /// Colours by their configuration names (`PRI_A`, `PRI_X`, `COLOR_DONE`, `COLOR_PROJECT`,
    /// `COLOR_CONTEXT`, `COLOR_DATE`, `COLOR_NUMBER`, `COLOR_META`, `DEFAULT`): the bytes of the
    /// escape sequences (see ``escapes(_:)``).
    package var colours: [String: [UInt8]] {
        didSet { palette = Palette(colours) }
    }
    /// The colours every line asks for, looked up once rather than by name for each line.
    private var palette: Palette
    /// `-P`: the task's leading `(A) ` is not shown.
    package var hidesPriority: Bool
    /// `-+`: `+project` words are not shown.
    package var hidesProjects: Bool
    /// `-@`: `@context` words are not shown.
    package var hidesContexts: Bool

    /// One coloured word of a shown line.
    package struct Word: Hashable, Sendable {
        /// Where the word is in the shown line.
        package var range: Range<Int>
        /// Its colour, drawn on top of the line's.
        package var colour: [UInt8]
    }

    /// A line as shown: its bytes once hidden words are gone, the line's colour, and its
    /// coloured words in order.
    package struct Layout: Hashable, Sendable {
        /// The bytes shown.
        package var line: [UInt8]
        /// The colour of the whole line; empty for none.
        package var colour: [UInt8]
        /// The words with a colour of their own.
        package var words: [Word]
    }

    /// Creates a look; by default no colours and nothing hidden.
    package init(
        colours: [String: [UInt8]] = [:], hidesPriority: Bool = false,
        hidesProjects: Bool = false, hidesContexts: Bool = false
    ) {
        self.colours = colours
        self.palette = Palette(colours)
        self.hidesPriority = hidesPriority
        self.hidesProjects = hidesProjects
        self.hidesContexts = hidesContexts
    }

    /// Whether any colour is set, so that painting can change anything.
    package var isActive: Bool { colours.values.contains { !$0.isEmpty } }

    /// The colours of ``colours`` that lines take, by their role.
    private struct Palette: Sendable {
        /// `COLOR_DONE`.
        var done: [UInt8]
        /// `PRI_A` to `PRI_Z`, each `PRI_X` when it has no colour of its own.
        var priorities: [[UInt8]]
        /// `COLOR_NUMBER`, `COLOR_PROJECT`, `COLOR_CONTEXT`, `COLOR_DATE`, `COLOR_META`: the
        /// colours of the word kinds of ``ListingLook/kind(of:first:)``, in its order.
        var words: [[UInt8]]
        /// Whether any word kind has a colour.
        var colouredWords: Bool
        /// `DEFAULT`.
        var reset: [UInt8]

        init(_ colours: [String: [UInt8]]) {
            func colour(_ name: String) -> [UInt8] { colours[name] ?? [] }
            guard !colours.isEmpty else {
                // A plain run: no names to build and look up.
                (done, reset, colouredWords) = ([], [], false)
                priorities = Array(repeating: [], count: 26)
                words = Array(repeating: [], count: 5)
                return
            }
            done = colour("COLOR_DONE")
            let fallback = colour("PRI_X")
            priorities = (UInt8(0x41)...0x5A).map { letter in
                let own = colour("PRI_" + String(UnicodeScalar(letter)))
                return own.isEmpty ? fallback : own
            }
            words = ["COLOR_NUMBER", "COLOR_PROJECT", "COLOR_CONTEXT", "COLOR_DATE", "COLOR_META"]
                .map(colour)
            colouredWords = words.contains { !$0.isEmpty }
            reset = colour("DEFAULT")
        }
    }

    /// Lays out one `NN text` line.
    package func layout(_ numbered: [UInt8]) -> Layout {
        var line = numbered
        var lineColour: [UInt8] = []
        if let prefix = ListingLook.numberPrefixLength(line) {
            let text = line[prefix...]
            if text.starts(with: [0x78, 0x20]) {
                lineColour = palette.done
            } else if let priority = ListingLook.leadingPriority(text) {
                lineColour = palette.priorities[Int(priority &- 0x41)]
                if hidesPriority { line.removeSubrange(prefix..<(prefix + 4)) }
            }
        }
        if hidesProjects { line = ListingLook.hiding(sigil: 0x2B, in: line) }
        if hidesContexts { line = ListingLook.hiding(sigil: 0x40, in: line) }
        let wordColours = palette.words
        var words: [Word] = []
        if palette.colouredWords {
            var index = 0
            while index < line.count {
                let isBlank = line[index] == 0x20 || line[index] == 0x09
                var end = index
                while end < line.count, (line[end] == 0x20 || line[end] == 0x09) == isBlank {
                    end += 1
                }
                if !isBlank, let kind = ListingLook.kind(of: line[index..<end], first: index == 0),
                    !wordColours[kind].isEmpty
                {
                    words.append(Word(range: index..<end, colour: wordColours[kind]))
                }
                index = end
            }
        }
        return Layout(line: line, colour: lineColour, words: words)
    }

    /// The line with its escape sequences, byte for byte as todo.sh's listing paints it.
    package func painted(_ numbered: [UInt8]) -> [UInt8] {
        let layout = layout(numbered)
        let line = layout.line
        let reset = palette.reset
        var result = layout.colour
        result.reserveCapacity(line.count + 16)
        var position = 0
        for word in layout.words {
            result += line[position..<word.range.lowerBound]
            result += word.colour
            result += line[word.range]
            result += reset
            result += layout.colour
            position = word.range.upperBound
        }
        result += line[position...]
        if !layout.colour.isEmpty { result += reset }
        return result
    }

    /// The line as spans for a ``Frame``: the escape sequences read as styles.
    package func spans(_ numbered: [UInt8]) -> [Span] {
        let layout = layout(numbered)
        let line = layout.line
        let lineStyle = Style(sgr: layout.colour)
        var spans: [Span] = []
        var position = 0
        for word in layout.words {
            if position < word.range.lowerBound {
                spans.append(Span(utf8: line[position..<word.range.lowerBound], style: lineStyle))
            }
            spans.append(
                Span(utf8: line[word.range], style: Style(sgr: layout.colour + word.colour)))
            position = word.range.upperBound
        }
        if position < line.count || spans.isEmpty {
            spans.append(Span(utf8: line[position...], style: lineStyle))
        }
        return spans
    }

    /// Turns `\033` (after any number of backslashes) into the ESC byte, as the colours of a
    /// configuration file are written.
    package static func escapes(_ value: String) -> [UInt8] {
        let bytes = Array(value.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x5C {
                var end = index
                while end < bytes.count && bytes[end] == 0x5C { end += 1 }
                if end + 3 <= bytes.count && bytes[end] == 0x30 && bytes[end + 1] == 0x33
                    && bytes[end + 2] == 0x33
                {
                    result.append(0x1B)
                    index = end + 3
                    continue
                }
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }

    /// The length of the `NN ` number and space a listing line starts with (todo.sh's
    /// `^[0-9]+ `), or `nil` when it does not start so.
    package static func numberPrefixLength(_ line: [UInt8]) -> Int? {
        var index = 0
        while index < line.count && line[index] >= 0x30 && line[index] <= 0x39 { index += 1 }
        guard index > 0, index < line.count, line[index] == 0x20 else { return nil }
        return index + 1
    }

    /// The letter of a task's leading `(X) ` priority, as a listing sees it.
    package static func leadingPriority(_ text: ArraySlice<UInt8>) -> UInt8? {
        guard text.count >= 4 else { return nil }
        let start = text.startIndex
        guard text[start] == 0x28, text[start + 2] == 0x29, text[start + 3] == 0x20,
            (0x41...0x5A).contains(text[start + 1])
        else { return nil }
        return text[start + 1]
    }

    /// Removes the task's own leading `(X) ` priority from an `NN text` line (`-P`).
    package static func hidingPriority(_ line: [UInt8]) -> [UInt8] {
        guard let prefix = numberPrefixLength(line), !line[prefix...].starts(with: [0x78, 0x20]),
            leadingPriority(line[prefix...]) != nil
        else { return line }
        var result = line
        result.removeSubrange(prefix..<(prefix + 4))
        return result
    }

    /// Removes every blank + sigil + printable run (`-+`, `-@`).
    package static func hiding(sigil: UInt8, in line: [UInt8]) -> [UInt8] {
        func isGraph(_ byte: UInt8) -> Bool { (byte > 0x20 && byte < 0x7F) || byte >= 0x80 }
        var result: [UInt8] = []
        result.reserveCapacity(line.count)
        var index = 0
        while index < line.count {
            if line[index] == 0x20 || line[index] == 0x09, index + 2 < line.count,
                line[index + 1] == sigil, isGraph(line[index + 2])
            {
                var end = index + 2
                while end < line.count && isGraph(line[end]) { end += 1 }
                index = end
                continue
            }
            result.append(line[index])
            index += 1
        }
        return result
    }

    /// The index of a word's colour (number, project, context, date, meta), or `nil` for a
    /// plain word; only the line's first word can be the number.
    private static func kind(of word: ArraySlice<UInt8>, first: Bool) -> Int? {
        if first && word.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return 0 }
        if isSigilWord(word, 0x2B) { return 1 }
        if isSigilWord(word, 0x40) { return 2 }
        if isDate(word) { return 3 }
        if isMeta(word) { return 4 }
        return nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
            || (byte >= 0x61 && byte <= 0x7A)
    }

    /// `^[+].*[A-Za-z0-9_]$` for the sigil.
    private static func isSigilWord(_ word: ArraySlice<UInt8>, _ sigil: UInt8) -> Bool {
        guard word.count >= 2, let last = word.last else { return false }
        return word[word.startIndex] == sigil && (isAlphanumeric(last) || last == 0x5F)
    }

    /// `^(19|20)[0-9][0-9]-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])$`.
    private static func isDate(_ word: ArraySlice<UInt8>) -> Bool {
        guard word.count == 10 else { return false }
        let b = Array(word)
        guard b[4] == 0x2D, b[7] == 0x2D,
            [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ b[$0] >= 0x30 && b[$0] <= 0x39 })
        else { return false }
        guard (b[0], b[1]) == (0x31, 0x39) || (b[0], b[1]) == (0x32, 0x30) else { return false }
        let month = Int(b[5] - 0x30) * 10 + Int(b[6] - 0x30)
        let day = Int(b[8] - 0x30) * 10 + Int(b[9] - 0x30)
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// `^[A-Za-z0-9]+:[^ ]+$`.
    private static func isMeta(_ word: ArraySlice<UInt8>) -> Bool {
        guard let colon = word.firstIndex(of: 0x3A), colon > word.startIndex,
            colon + 1 < word.endIndex
        else { return false }
        return word[..<colon].allSatisfy(isAlphanumeric)
    }
}
