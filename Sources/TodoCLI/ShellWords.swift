/// Splits a string into words as a POSIX shell does, without expansions: blanks separate words,
/// single quotes keep everything, double quotes keep everything but `\"`, `\\`, `\$` and `` \` ``
/// escapes, and a backslash outside quotes escapes the next character.
enum ShellWords {
    /// Why a string could not be split.
    struct UnterminatedQuote: Error {}

    /// The words of `text`.
    static func split(_ text: String) throws(UnterminatedQuote) -> [String] {
        var words: [String] = []
        var current: [Unicode.Scalar] = []
        var inWord = false
        var iterator = text.unicodeScalars.makeIterator()
        func finish() {
            if inWord { words.append(String(String.UnicodeScalarView(current))) }
            current.removeAll()
            inWord = false
        }
        while let scalar = iterator.next() {
            switch scalar {
            case " ", "\t", "\n":
                finish()
            case "'":
                inWord = true
                while true {
                    guard let next = iterator.next() else { throw UnterminatedQuote() }
                    if next == "'" { break }
                    current.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = iterator.next() else { throw UnterminatedQuote() }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { throw UnterminatedQuote() }
                        if !["\"", "\\", "$", "`", "\n"].contains(escaped) { current.append(next) }
                        if escaped != "\n" { current.append(escaped) }
                        continue
                    }
                    current.append(next)
                }
            case "\\":
                inWord = true
                if let escaped = iterator.next(), escaped != "\n" { current.append(escaped) }
            default:
                inWord = true
                current.append(scalar)
            }
        }
        finish()
        return words
    }

    /// Quotes a word the way bash's `printf %q` does (in a UTF-8 locale): `''` for nothing; a
    /// word with a control character or invalid UTF-8 in ANSI-C form (`$'a\tb'`, other bytes
    /// as octal escapes); otherwise each shell-special character behind a backslash (`#` and
    /// `~` only where the shell would read them specially).
    static func quote(_ word: String) -> String {
        quote(bytes: Array(word.utf8))
    }

    /// ``quote(_:)`` over bytes, which may be invalid UTF-8.
    static func quote(bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "''" }
        if needsANSIQuoting(bytes) { return ansiQuoted(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count * 2)
        for (index, byte) in bytes.enumerated() {
            let special: Bool
            switch byte {
            case 0x20, 0x21, 0x22, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2C, 0x3B, 0x3C, 0x3E,
                0x3F, 0x5B, 0x5C, 0x5D, 0x5E, 0x60, 0x7B, 0x7C, 0x7D:
                special = true
            case 0x23:  // # starts a comment only at the start of a word
                special = index == 0
            case 0x7E:  // ~ expands at the start, or after : or =
                special = index == 0 || bytes[index - 1] == 0x3A || bytes[index - 1] == 0x3D
            default:
                special = false
            }
            if special { result.append(0x5C) }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether bash would use the `$'...'` form: a control character (C0, DEL or C1) or bytes
    /// that are not UTF-8.
    private static func needsANSIQuoting(_ bytes: [UInt8]) -> Bool {
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return true }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if (0x80...0x9F).contains(scalar.value) { return true }
            case .emptyInput: return false
            case .error: return true
            }
        }
    }

    /// The `$'...'` form: named escapes for the usual controls, `\E` for ESC, octal for other
    /// control and invalid bytes, `\\` and `\'` for the backslash and the quote.
    private static func ansiQuoted(_ bytes: [UInt8]) -> String {
        var result: [UInt8] = Array("$'".utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let named: [UInt8: UInt8] = [
                0x07: 0x61, 0x08: 0x62, 0x1B: 0x45, 0x0C: 0x66, 0x0A: 0x6E, 0x0D: 0x72, 0x09: 0x74,
                0x0B: 0x76, 0x5C: 0x5C, 0x27: 0x27,
            ]
            if let letter = named[byte] {
                result += [0x5C, letter]
                index += 1
                continue
            }
            if byte >= 0x20 && byte < 0x7F {
                result.append(byte)
                index += 1
                continue
            }
            // A whole printable UTF-8 character is kept; anything else goes byte by byte.
            let length = validCharacterLength(bytes, at: index)
            if length > 1 && !(bytes[index] == 0xC2 && bytes[index + 1] <= 0x9F) {
                result += bytes[index..<(index + length)]
                index += length
                continue
            }
            result += [0x5C, 0x30 + (byte >> 6), 0x30 + ((byte >> 3) & 7), 0x30 + (byte & 7)]
            index += 1
        }
        result.append(0x27)
        return String(decoding: result, as: UTF8.self)
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0.
    private static func validCharacterLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        var decoder = UTF8()
        var iterator = bytes[index..<(index + length)].makeIterator()
        if case .scalarValue = decoder.decode(&iterator) { return length }
        return 0
    }
}
