extension QueryRequest {
    /// The options `todo query` accepts.
    public static let optionNames = ["--sort", "--format", "--all", "--limit", "--"]

    /// Reads the words after `todo query` (the README, "Querying tasks").
    ///
    /// `--sort KEYS`, `--format FORMAT`, `--limit N` (also as `--opt=value`) and `--all` may
    /// appear anywhere; a later option replaces an earlier one. Any other word that starts with
    /// `--` is an error, `--` ends the options, and all remaining words, including those that
    /// start with a single `-`, form the expression, joined with single spaces.
    ///
    /// - Throws: ``QueryError`` for an unknown option, a missing or bad option value, or an
    ///   expression that does not parse (its column counts in the joined text).
    public static func parseArguments(_ words: [String]) throws(QueryError) -> QueryRequest {
        var request = QueryRequest()
        var expression: [String] = []
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            guard !optionsEnded, word.hasPrefix("--") else {
                expression.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let name: Substring
            var value: String?
            if let equals = word.firstIndex(of: "=") {
                name = word[..<equals]
                value = String(word[word.index(after: equals)...])
            } else {
                name = Substring(word)
            }
            func requireValue() throws(QueryError) -> String {
                if let value { return value }
                guard index < words.count else {
                    throw QueryError("option '\(name)' needs a value")
                }
                index += 1
                return words[index - 1]
            }
            switch name {
            case "--all":
                guard value == nil else {
                    throw QueryError("option '--all' takes no value")
                }
                request.includesAll = true
            case "--sort":
                request.sorting = try Sorting(parsing: try requireValue())
            case "--format":
                request.format = try OutputFormat(parsing: try requireValue())
            case "--limit":
                let text = try requireValue()
                guard let limit = Int(text), limit >= 0,
                    text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
                else {
                    throw QueryError(
                        "invalid limit '\(text)'", expected: ["a whole number of 0 or more"])
                }
                request.limit = limit
            default:
                throw QueryError("unknown option '\(word)'", expected: optionNames)
            }
        }
        request.query = try Query(parsing: expression.joined(separator: " "))
        return request
    }
}
