/// Splits expression text into tokens (query.md section 6, "Tokens").
///
/// Works on UTF-8 bytes. Outside quoted text and regexes, spaces and tabs separate words and
/// `(` and `)` always end a word. Quoted text opens only at the start of a term or right after a
/// comparison operator; a regex opens only at the start of a term.
struct QueryLexer {
    /// A comparison operator.
    enum Operator: Sendable {
        case colon, equal, notEqual, less, lessOrEqual, greater, greaterOrEqual, contains

        /// The operator as written.
        var spelling: String {
            switch self {
            case .colon: ":"
            case .equal: "="
            case .notEqual: "!="
            case .less: "<"
            case .lessOrEqual: "<="
            case .greater: ">"
            case .greaterOrEqual: ">="
            case .contains: "~"
            }
        }
    }

    /// What a token is.
    enum Kind {
        case open
        case close
        /// `-` or `!` at the start of a term.
        case negate
        /// A plain word: a keyword, `done`/`open`, `+name`, `@name` or a substring term.
        case word(ArraySlice<UInt8>)
        /// `"text"`, without the quotes.
        case quoted(ArraySlice<UInt8>)
        /// `/pattern/` or `/pattern/i`, without the slashes.
        case regex(ArraySlice<UInt8>, ignoresCase: Bool)
        /// `FIELD OP VALUE`; the field may be empty (an error the parser reports).
        case comparison(Comparison)
        case end
    }

    /// The parts of a comparison word, with their byte offsets.
    struct Comparison {
        var field: ArraySlice<UInt8>
        var op: Operator
        var opOffset: Int
        var value: ArraySlice<UInt8>
        var valueOffset: Int
        var isQuoted: Bool
    }

    /// One token and the byte offset where it starts.
    struct Token {
        var kind: Kind
        var offset: Int
    }

    /// The expression's bytes.
    let text: [UInt8]

    /// The 1-based column, in Unicode scalars, of a byte offset.
    static func column(of offset: Int, in text: [UInt8]) -> Int {
        var column = 1
        for byte in text[..<min(offset, text.count)] where byte & 0xC0 != 0x80 { column += 1 }
        return column
    }

    private func error(_ message: String, at offset: Int, expected: [String] = []) -> QueryError {
        QueryError(message, column: QueryLexer.column(of: offset, in: text), expected: expected)
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x28 || byte == 0x29
    }

    /// All tokens, ending with ``Kind/end``.
    func tokenize() throws(QueryError) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        let count = text.count
        while true {
            while index < count && (text[index] == 0x20 || text[index] == 0x09) { index += 1 }
            guard index < count else { break }
            let start = index
            switch text[index] {
            case 0x28:
                tokens.append(Token(kind: .open, offset: start))
                index += 1
            case 0x29:
                tokens.append(Token(kind: .close, offset: start))
                index += 1
            case 0x2D, 0x21:
                tokens.append(Token(kind: .negate, offset: start))
                index += 1
            case 0x22:
                let (content, next) = try quoted(at: index)
                tokens.append(Token(kind: .quoted(content), offset: start))
                index = next
            case 0x2F:
                let (pattern, ignoresCase, next) = try regex(at: index)
                tokens.append(Token(kind: .regex(pattern, ignoresCase: ignoresCase), offset: start))
                index = next
            default:
                let (kind, next) = try word(at: index)
                tokens.append(Token(kind: kind, offset: start))
                index = next
            }
        }
        tokens.append(Token(kind: .end, offset: count))
        return tokens
    }

    /// Reads `"..."` starting at the opening quote; returns the content and the offset after
    /// the closing quote.
    private func quoted(at open: Int) throws(QueryError) -> (ArraySlice<UInt8>, Int) {
        var index = open + 1
        while index < text.count && text[index] != 0x22 { index += 1 }
        guard index < text.count else {
            throw error("unterminated quoted text", at: open, expected: ["a closing '\"'"])
        }
        return (text[(open + 1)..<index], index + 1)
    }

    /// Reads `/pattern/` and an optional `i` starting at the opening slash.
    private func regex(at open: Int) throws(QueryError) -> (ArraySlice<UInt8>, Bool, Int) {
        var index = open + 1
        while index < text.count && text[index] != 0x2F {
            index += text[index] == 0x5C ? 2 : 1
        }
        guard index < text.count else {
            throw error("unterminated regex", at: open, expected: ["a closing '/'"])
        }
        let pattern = text[(open + 1)..<index]
        index += 1
        var ignoresCase = false
        if index < text.count && text[index] == 0x69 {
            ignoresCase = true
            index += 1
        }
        if index < text.count && !QueryLexer.endsWord(text[index]) {
            var end = index
            while end < text.count && !QueryLexer.endsWord(text[end]) { end += 1 }
            let flags = String(decoding: text[index..<end], as: UTF8.self)
            throw error(
                "invalid regex flag '\(flags)'", at: index,
                expected: ["'i'", "the end of the regex"])
        }
        return (pattern, ignoresCase, index)
    }

    /// Reads a word: a plain word, or a comparison whose value may be quoted.
    private func word(at start: Int) throws(QueryError) -> (Kind, Int) {
        var index = start
        let count = text.count
        let first = text[start]
        let isSigil = (first == 0x2B || first == 0x40)
        while index < count && !QueryLexer.endsWord(text[index]) {
            if !isSigil, let (op, length) = operatorAt(index) {
                let valueStart = index + length
                var comparison = Comparison(
                    field: text[start..<index], op: op, opOffset: index,
                    value: text[valueStart..<valueStart], valueOffset: valueStart, isQuoted: false)
                if valueStart < count && text[valueStart] == 0x22 {
                    let (content, next) = try quoted(at: valueStart)
                    comparison.value = content
                    comparison.isQuoted = true
                    return (.comparison(comparison), next)
                }
                var end = valueStart
                while end < count && !QueryLexer.endsWord(text[end]) { end += 1 }
                comparison.value = text[valueStart..<end]
                return (.comparison(comparison), end)
            }
            index += 1
        }
        return (.word(text[start..<index]), index)
    }

    /// The comparison operator starting at `index`, if any, and its length in bytes.
    private func operatorAt(_ index: Int) -> (Operator, Int)? {
        let next: UInt8 = index + 1 < text.count ? text[index + 1] : 0
        switch text[index] {
        case 0x3A: return (.colon, 1)
        case 0x3D: return (.equal, 1)
        case 0x7E: return (.contains, 1)
        case 0x21: return next == 0x3D ? (.notEqual, 2) : nil
        case 0x3C: return next == 0x3D ? (.lessOrEqual, 2) : (.less, 1)
        case 0x3E: return next == 0x3D ? (.greaterOrEqual, 2) : (.greater, 1)
        default: return nil
        }
    }
}
