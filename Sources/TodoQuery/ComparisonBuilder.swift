import TodoTxt

/// Turns the parts of a `FIELD OP VALUE` word into a typed ``Comparison``, checking the value
/// against the field's type (the README, "Querying tasks", "Missing values", "Typed tag values",
/// "Priority values", "Dates", "Ranges").
struct ComparisonBuilder {
    /// The whole expression, for columns.
    let text: [UInt8]
    /// The word's parts.
    let parts: QueryLexer.Comparison

    private func error(_ message: String, at offset: Int, expected: [String] = []) -> QueryError {
        QueryError(message, column: QueryLexer.column(of: offset, in: text), expected: expected)
    }

    private func quote(_ bytes: ArraySlice<UInt8>) -> String {
        "'" + String(decoding: bytes, as: UTF8.self) + "'"
    }

    private var fieldName: String { String(decoding: parts.field, as: UTF8.self) }

    /// What a value of this field may be, for error messages.
    private func expectedValues(_ field: QueryField) -> [String] {
        switch field {
        case .priority: ["a letter A-Z", "a range like A-C"]
        case .line: ["a line number", "a range like 10..20"]
        case .due, .threshold, .created, .completed: DateValue.expected
        default: ["a value", "none", "any"]
        }
    }

    /// Builds the comparison.
    func build() throws(QueryError) -> Comparison {
        let op = parts.op
        guard !parts.field.isEmpty else {
            throw error(
                "missing field name before '\(op.spelling)'", at: parts.opOffset,
                expected: ["a field such as pri, due or a tag key"])
        }
        let field = QueryField(name: parts.field)
        let value = parts.value
        let column = QueryLexer.column(of: parts.valueOffset, in: text)
        func make(_ test: Comparison.Test) -> Comparison {
            Comparison(field: field, test: test, column: column)
        }
        if value.isEmpty && !parts.isQuoted {
            throw error(
                "missing value after '\(fieldName)\(op.spelling)'", at: parts.valueOffset,
                expected: expectedValues(field))
        }
        if !parts.isQuoted && (value.elementsEqual("none".utf8) || value.elementsEqual("any".utf8))
        {
            let any = value.first == 0x61
            switch op {
            case .colon, .equal: return make(.presence(any))
            case .notEqual: return make(.presence(!any))
            default:
                throw error(
                    "\(quote(value)) works only with ':', '=' or '!='", at: parts.opOffset)
            }
        }
        if op == .contains {
            switch field {
            case .priority, .line, .due, .threshold, .created, .completed:
                throw error(
                    "'~' does not apply to '\(fieldName)'", at: parts.opOffset,
                    expected: ["':'", "'='", "'!='", "'<'", "'<='", "'>'", "'>='"])
            default:
                return make(.some(.contains(TextPattern(value))))
            }
        }
        if !parts.isQuoted, let (low, high, highOffset) = try splitRange(value, field: field) {
            guard op == .colon || op == .equal || op == .notEqual else {
                throw error(
                    "a range works only with ':', '=' or '!='", at: parts.opOffset)
            }
            let start = try operand(low, field: field, at: parts.valueOffset)
            let end = try operand(high, field: field, at: highOffset)
            if let order = ComparisonBuilder.order(start, end), order > 0 {
                throw error("range \(quote(value)) starts after it ends", at: parts.valueOffset)
            }
            let predicate = Predicate.range(start, end)
            return make(op == .notEqual ? .noneOf(predicate) : .some(predicate))
        }
        let operand = try operand(value, field: field, at: parts.valueOffset)
        switch op {
        case .colon, .equal: return make(.some(.relation(.equal, operand)))
        case .notEqual: return make(.noneOf(.relation(.equal, operand)))
        case .less: return make(.some(.relation(.less, operand)))
        case .lessOrEqual: return make(.some(.relation(.lessOrEqual, operand)))
        case .greater: return make(.some(.relation(.greater, operand)))
        case .greaterOrEqual: return make(.some(.relation(.greaterOrEqual, operand)))
        case .contains: return make(.some(.contains(TextPattern(value))))
        }
    }

    /// Splits `a..b` (and, for priorities, `A-C`) into its ends; `nil` when the value is not a
    /// range.
    private func splitRange(
        _ value: ArraySlice<UInt8>, field: QueryField
    ) throws(QueryError)
        -> (ArraySlice<UInt8>, ArraySlice<UInt8>, Int)?
    {
        if field == .priority, value.count == 3, value[value.startIndex + 1] == 0x2D {
            return (
                value.prefix(1), value.suffix(1), parts.valueOffset + 2
            )
        }
        var index = value.startIndex
        while index + 1 < value.endIndex {
            if value[index] == 0x2E && value[index + 1] == 0x2E {
                let low = value[..<index]
                let high = value[(index + 2)...]
                guard !low.isEmpty, !high.isEmpty else {
                    throw error(
                        "incomplete range \(quote(value))", at: parts.valueOffset,
                        expected: ["a range with both ends like a..b"])
                }
                return (low, high, parts.valueOffset + (index + 2 - value.startIndex))
            }
            index += 1
        }
        return nil
    }

    /// Reads one value for `field`.
    private func operand(
        _ bytes: ArraySlice<UInt8>, field: QueryField, at offset: Int
    )
        throws(QueryError) -> Operand
    {
        switch field {
        case .priority:
            if bytes.count == 1, let letter = bytes.first,
                let priority = Priority(
                    ascii: letter >= 0x61 && letter <= 0x7A ? letter - 0x20 : letter)
            {
                return .priority(priority.ascii)
            }
            throw error(
                "invalid priority \(quote(bytes))", at: offset, expected: expectedValues(field))
        case .due, .threshold, .created, .completed:
            guard let date = DateValue(parsing: bytes) else {
                throw error(
                    "invalid date \(quote(bytes))", at: offset, expected: expectedValues(field))
            }
            return .date(date)
        case .line:
            guard !bytes.isEmpty, bytes.count <= 18, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
            else {
                throw error(
                    "invalid line number \(quote(bytes))", at: offset,
                    expected: expectedValues(field))
            }
            return .number(bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        case .project, .context, .text:
            return .text(Array(bytes), number: nil, date: nil)
        case .tag:
            return .text(
                Array(bytes), number: TextPattern.number(bytes), date: DateValue(parsing: bytes))
        }
    }

    /// The order of two range ends when it can be known without today: -1, 0 or 1.
    static func order(_ start: Operand, _ end: Operand, today: LocalDate? = nil) -> Int? {
        func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
        func dates(_ a: DateValue, _ b: DateValue) -> Int? {
            if let today {
                guard let x = a.resolve(today: today), let y = b.resolve(today: today) else {
                    return nil
                }
                return sign(x, y)
            }
            guard case .absolute(let x) = a, case .absolute(let y) = b else { return nil }
            return sign(x, y)
        }
        switch (start, end) {
        case (.priority(let a), .priority(let b)): return sign(a, b)
        case (.number(let a), .number(let b)): return sign(a, b)
        case (.date(let a), .date(let b)): return dates(a, b)
        case (.text(let a, let numberA, let dateA), .text(let b, let numberB, let dateB)):
            if let dateA, let dateB { return dates(dateA, dateB) }
            if let numberA, let numberB { return sign(numberA, numberB) }
            return TextPattern.compare(a, b)
        default: return nil
        }
    }
}
