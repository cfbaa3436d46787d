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

    /// Quotes a word the way bash's `printf %q` does for the characters that need it.
    static func quote(_ word: String) -> String {
        if word.isEmpty { return "''" }
        var result = ""
        for scalar in word.unicodeScalars {
            let safe =
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                || (scalar >= "0" && scalar <= "9") || "_./,:@%+=-^".unicodeScalars.contains(scalar)
                || scalar.value >= 0x80
            if !safe { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
