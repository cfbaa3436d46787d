/// Colours listing lines as todo.sh does (TodoShCompatibility.md §6.4) and hides words for `-P`,
/// `-+` and `-@` (§6.5).
struct Painter {
    private let colours: [String: [UInt8]]
    private let hideContexts: Bool
    private let hideProjects: Bool

    init(colours: [String: String], hideContexts: Bool, hideProjects: Bool) {
        var converted: [String: [UInt8]] = [:]
        for (name, value) in colours { converted[name] = Painter.escapes(value) }
        self.colours = converted
        self.hideContexts = hideContexts
        self.hideProjects = hideProjects
    }

    /// Whether painting can change anything.
    var isActive: Bool { colours.values.contains { !$0.isEmpty } }

    /// Turns `\033` (after any number of backslashes) into the ESC byte.
    static func escapes(_ value: String) -> [UInt8] {
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

    private func colour(_ name: String) -> [UInt8] { colours[name] ?? [] }

    /// The length of the `NN ` number and space a listing line starts with (todo.sh's
    /// `^[0-9]+ `), or nil when it does not start so.
    static func numberPrefixLength(_ line: [UInt8]) -> Int? {
        var index = 0
        while index < line.count && line[index] >= 0x30 && line[index] <= 0x39 { index += 1 }
        guard index > 0, index < line.count, line[index] == 0x20 else { return nil }
        return index + 1
    }

    /// Paints one `NN text` line; with `hidingPriority` (`-P`) the task's own leading
    /// `(X) ` goes, after it has chosen the line's colour, as todo.sh's awk does.
    func paint(_ line: [UInt8], hidingPriority: Bool = false) -> [UInt8] {
        var line = line
        var lineColour: [UInt8] = []
        if let prefix = Painter.numberPrefixLength(line) {
            let text = line[prefix...]
            if text.starts(with: [0x78, 0x20]) {
                lineColour = colour("COLOR_DONE")
            } else if let priority = Session.listingPriority(text) {
                let letter = String(decoding: [priority], as: UTF8.self)
                lineColour = colour("PRI_" + letter)
                if lineColour.isEmpty { lineColour = colour("PRI_X") }
                if hidingPriority { line.removeSubrange(prefix..<(prefix + 4)) }
            }
        }
        let reset = colour("DEFAULT")
        let endColour = lineColour.isEmpty ? [] : reset
        func wrap(_ name: String) -> (begin: [UInt8], end: [UInt8]) {
            let begin = colour(name)
            return (begin, begin.isEmpty ? [] : reset + lineColour)
        }
        let project = hideProjects ? ([], []) : wrap("COLOR_PROJECT")
        let context = hideContexts ? ([], []) : wrap("COLOR_CONTEXT")
        let date = wrap("COLOR_DATE")
        let number = wrap("COLOR_NUMBER")
        let meta = wrap("COLOR_META")
        let wordsColoured = [project, context, date, number, meta].contains { !$0.0.isEmpty }
        var result = lineColour
        if !wordsColoured {
            result += line
        } else {
            var index = 0
            var first = true
            while index < line.count {
                let isBlank = line[index] == 0x20 || line[index] == 0x09
                var end = index
                while end < line.count && (line[end] == 0x20 || line[end] == 0x09) == isBlank {
                    end += 1
                }
                let word = line[index..<end]
                if isBlank {
                    result += word
                } else {
                    let style: (begin: [UInt8], end: [UInt8])?
                    if first && word.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                        // Only the task's number, the line's first word, is a number here.
                        style = number
                    } else if Painter.isSigilWord(word, 0x2B) {
                        style = project
                    } else if Painter.isSigilWord(word, 0x40) {
                        style = context
                    } else if Painter.isDate(word) {
                        style = date
                    } else if Painter.isMeta(word) {
                        style = meta
                    } else {
                        style = nil
                    }
                    if let style, !style.begin.isEmpty {
                        result += style.begin + word + style.end
                    } else {
                        result += word
                    }
                }
                first = false
                index = end
            }
        }
        return result + endColour
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
            || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// `^[+].*[A-Za-z0-9_]$`.
    private static func isSigilWord(_ word: ArraySlice<UInt8>, _ sigil: UInt8) -> Bool {
        guard word.count >= 2, let last = word.last else { return false }
        return word[word.startIndex] == sigil && isWordByte(last)
    }

    /// `^(19|20)[0-9][0-9]-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])$`.
    private static func isDate(_ word: ArraySlice<UInt8>) -> Bool {
        let b = Array(word)
        guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { b[$0] >= 0x30 && b[$0] <= 0x39 }
        guard digits else { return false }
        let century = (b[0], b[1])
        guard century == (0x31, 0x39) || century == (0x32, 0x30) else { return false }
        let month = Int(b[5] - 0x30) * 10 + Int(b[6] - 0x30)
        let day = Int(b[8] - 0x30) * 10 + Int(b[9] - 0x30)
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// `^[A-Za-z0-9]+:[^ ]+$`.
    private static func isMeta(_ word: ArraySlice<UInt8>) -> Bool {
        guard let colon = word.firstIndex(of: 0x3A), colon > word.startIndex,
            colon + 1 < word.endIndex
        else { return false }
        return word[..<colon].allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
        }
    }

    /// Removes the task's own leading `(X) ` priority from an `NN text` line (`-P`).
    static func hidingPriority(_ line: [UInt8]) -> [UInt8] {
        guard let prefix = numberPrefixLength(line), !line[prefix...].starts(with: [0x78, 0x20]),
            Session.listingPriority(line[prefix...]) != nil
        else { return line }
        var result = line
        result.removeSubrange(prefix..<(prefix + 4))
        return result
    }

    /// Removes every blank + sigil + printable run (`-+`, `-@`).
    static func hiding(sigil: UInt8, in line: [UInt8]) -> [UInt8] {
        func isGraph(_ byte: UInt8) -> Bool { (byte > 0x20 && byte < 0x7F) || byte >= 0x80 }
        var result: [UInt8] = []
        result.reserveCapacity(line.count)
        var index = 0
        while index < line.count {
            if (line[index] == 0x20 || line[index] == 0x09), index + 2 < line.count,
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
}
