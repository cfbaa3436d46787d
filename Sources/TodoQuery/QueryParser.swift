import TodoTxt

/// A recursive-descent parser for the grammar of query.md section 2.
///
/// ```
/// or      := and ( "or" and )*
/// and     := unary ( [ "and" ] unary )*
/// unary   := ( "not" | "-" | "!" ) unary | primary
/// primary := "(" or ")" | term
/// ```
///
/// Chains of `and` and `or` are read in loops and become one node with many operands. Only
/// parentheses and negations recurse or nest, and together they may nest at most
/// ``nestingLimit`` deep: the limit is checked before going deeper, so no input can exhaust the
/// stack here or in the walks over the tree.
struct QueryParser {
    /// How deeply parentheses and negations (`not`, `-`, `!`) may nest, counted together.
    static let nestingLimit = 256

    private let text: [UInt8]
    private let tokens: [QueryLexer.Token]
    private var position = 0
    /// The parentheses and negations open around the current token.
    private var depth = 0
    /// The aspects the expression mentions, for the default view.
    private(set) var aspects: QueryAspects = []

    /// Tokenizes `text`.
    init(_ text: [UInt8]) throws(QueryError) {
        self.text = text
        tokens = try QueryLexer(text: text).tokenize()
    }

    /// Parses the whole expression; `nil` when it is empty.
    mutating func parse() throws(QueryError) -> QueryNode? {
        if case .end = current.kind { return nil }
        let node = try parseOr()
        switch current.kind {
        case .end: return node
        case .close: throw error("unexpected ')'", at: current.offset)
        default: throw error("unexpected \(describe(current))", at: current.offset)
        }
    }

    // MARK: Tokens

    private var current: QueryLexer.Token { tokens[position] }

    private mutating func advance() { position = min(position + 1, tokens.count - 1) }

    private func error(_ message: String, at offset: Int, expected: [String] = []) -> QueryError {
        QueryError(message, column: QueryLexer.column(of: offset, in: text), expected: expected)
    }

    private func isKeyword(_ token: QueryLexer.Token, _ keyword: String) -> Bool {
        if case .word(let bytes) = token.kind { return bytes.elementsEqual(keyword.utf8) }
        return false
    }

    private func isNegation(_ token: QueryLexer.Token) -> Bool {
        if case .negate = token.kind { return true }
        return isKeyword(token, "not")
    }

    private func quote(_ bytes: ArraySlice<UInt8>) -> String {
        "'" + String(decoding: bytes, as: UTF8.self) + "'"
    }

    private func describe(_ token: QueryLexer.Token) -> String {
        switch token.kind {
        case .open: "'('"
        case .close: "')'"
        case .negate: quote(text[token.offset..<(token.offset + 1)])
        case .word(let bytes): quote(bytes)
        case .quoted(let bytes): "'\"" + String(decoding: bytes, as: UTF8.self) + "\"'"
        case .regex: "regex"
        case .comparison(let parts): quote(text[token.offset..<(parts.value.endIndex)])
        case .end: "end of expression"
        }
    }

    // MARK: Grammar

    /// Goes one level deeper for the token at `offset`, or refuses when that passes the limit.
    private mutating func enter(at offset: Int) throws(QueryError) {
        depth += 1
        if depth > QueryParser.nestingLimit {
            throw QueryError(
                "expression nested too deeply", column: QueryLexer.column(of: offset, in: text),
                note: "limit \(QueryParser.nestingLimit)")
        }
    }

    private mutating func parseOr() throws(QueryError) -> QueryNode {
        var operands = [try parseAnd()]
        while isKeyword(current, "or") {
            advance()
            operands.append(try parseAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    private mutating func parseAnd() throws(QueryError) -> QueryNode {
        var operands = [try parseUnary()]
        while true {
            if isKeyword(current, "and") {
                advance()
            } else {
                switch current.kind {
                case .end, .close: return operands.count == 1 ? operands[0] : .and(operands)
                default:
                    if isKeyword(current, "or") {
                        return operands.count == 1 ? operands[0] : .and(operands)
                    }
                }
            }
            operands.append(try parseUnary())
        }
    }

    /// Negations are counted in a loop and wrapped around the term afterwards.
    private mutating func parseUnary() throws(QueryError) -> QueryNode {
        let outer = depth
        var negations = 0
        while isNegation(current) {
            try enter(at: current.offset)
            advance()
            negations += 1
        }
        var node = try parsePrimary()
        for _ in 0..<negations { node = .not(node) }
        depth = outer
        return node
    }

    private mutating func parsePrimary() throws(QueryError) -> QueryNode {
        let token = current
        switch token.kind {
        case .open:
            try enter(at: token.offset)
            advance()
            let node = try parseOr()
            depth -= 1
            guard case .close = current.kind else {
                throw error(
                    "unexpected \(describe(current))", at: current.offset, expected: ["')'"])
            }
            advance()
            return node
        case .close, .end:
            throw error("unexpected \(describe(token))", at: token.offset, expected: ["a term"])
        case .quoted(let bytes):
            advance()
            return .text(TextPattern(bytes))
        case .regex(let pattern, let ignoresCase):
            advance()
            return try compileRegex(pattern, ignoresCase: ignoresCase, at: token.offset)
        case .comparison(let parts):
            advance()
            let comparison = try ComparisonBuilder(text: text, parts: parts).build()
            switch comparison.field {
            case .completed: aspects.insert(.completion)
            case .threshold: aspects.insert(.threshold)
            case .tag(let key) where key == [0x68]: aspects.insert(.hidden)
            case .line: aspects.insert(.lineNumber)
            default: break
            }
            return .comparison(comparison)
        case .negate:
            // parseUnary consumes every negation before it gets here.
            throw error("unexpected \(describe(token))", at: token.offset, expected: ["a term"])
        case .word(let bytes):
            if isKeyword(token, "and") || isKeyword(token, "or") {
                throw error("unexpected \(describe(token))", at: token.offset, expected: ["a term"])
            }
            advance()
            return word(bytes)
        }
    }

    private mutating func word(_ bytes: ArraySlice<UInt8>) -> QueryNode {
        if bytes.elementsEqual("done".utf8) || bytes.elementsEqual("open".utf8) {
            aspects.insert(.completion)
            return .done(bytes.first == 0x64)
        }
        if let first = bytes.first, first == 0x2B || first == 0x40, bytes.count > 1 {
            var name = bytes.dropFirst()
            let isPrefix = name.last == 0x2A
            if isPrefix { name = name.dropLast() }
            return .sigil(
                first == 0x2B ? .project : .context, name: Array(name), isPrefix: isPrefix)
        }
        return .text(TextPattern(bytes))
    }

    private func compileRegex(
        _ pattern: ArraySlice<UInt8>, ignoresCase: Bool, at offset: Int
    )
        throws(QueryError) -> QueryNode
    {
        guard !pattern.isEmpty else {
            throw error("empty regex", at: offset, expected: ["a pattern between the slashes"])
        }
        do {
            return .regex(try LineRegex(pattern, ignoresCase: ignoresCase))
        } catch {
            // Control characters are spelled out so that the message stays on one line.
            var source = ""
            for scalar in String(decoding: pattern, as: UTF8.self).unicodeScalars {
                source +=
                    scalar.value < 0x20 || scalar.value == 0x7F
                    ? scalar.escaped(asASCII: true) : String(scalar)
            }
            switch error.place {
            case .pattern:
                throw self.error("invalid regex '/\(source)/': \(error.message)", at: offset)
            case .whole:
                throw QueryError(
                    error.message, column: QueryLexer.column(of: offset, in: text),
                    note: error.note)
            case .at(let index):
                // The slash comes first, then the pattern's bytes.
                let column = QueryLexer.column(of: offset + 1 + index, in: text)
                throw QueryError(error.message, column: column, note: error.note)
            }
        }
    }
}
