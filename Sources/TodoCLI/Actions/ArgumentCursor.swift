/// The words of a command line after the options, read from left to right by an action.
struct ArgumentCursor {
    /// Every word, the action's name (as typed) first.
    let words: [String]
    /// The position of the next word to read.
    private(set) var position = 1

    /// A cursor over `words`, standing after the action's name.
    init(_ words: [String]) { self.words = words }

    /// The action's name as typed.
    var actionName: String { words.first ?? "" }

    /// Whether every word was read.
    var isAtEnd: Bool { position >= words.count }

    /// The next word, without reading it.
    var peek: String? { isAtEnd ? nil : words[position] }

    /// Reads the next word.
    mutating func next() -> String? {
        guard !isAtEnd else { return nil }
        defer { position += 1 }
        return words[position]
    }

    /// Reads every word left.
    mutating func rest() -> [String] {
        defer { position = words.count }
        return isAtEnd ? [] : Array(words[position...])
    }

    /// The whole command line, the action's name first: what todo.sh's actions work from
    /// (they check their arguments in todo.sh's order, some only after reading the file).
    mutating func all() -> [String] {
        position = words.count
        return words
    }

    /// Reads `--NAME VALUE` or `--NAME=VALUE` when the next word is that option: `nil` when it
    /// is not, and a usage error when the value is missing.
    mutating func value(
        of option: String, action: String, synopsis: String? = nil
    ) throws(UsageError) -> String? {
        guard let word = peek else { return nil }
        if word.hasPrefix(option + "=") {
            position += 1
            return String(word.dropFirst(option.count + 1))
        }
        guard word == option else { return nil }
        position += 1
        guard let value = next() else {
            throw .invalid(action: action, message: "\(option) needs a value", synopsis: synopsis)
        }
        return value
    }
}
