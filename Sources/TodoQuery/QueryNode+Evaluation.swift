import TodoTxt

/// One value of a field, read from an item.
enum FieldValue {
    case priority(UInt8)
    case date(LocalDate)
    case number(Int)
    /// Bytes that live only as long as the scan that found them.
    case bytes(UnsafeBufferPointer<UInt8>)
}

extension QueryNode {
    /// Whether the item satisfies this node. The recursion is as deep as the expression's
    /// nesting, which the parser limits; chains of `and` and `or` are loops.
    func evaluate(_ item: TODOItem, line: Int, today: LocalDate) -> Bool {
        switch self {
        case .and(let operands):
            for operand in operands where !operand.evaluate(item, line: line, today: today) {
                return false
            }
            return true
        case .or(let operands):
            for operand in operands where operand.evaluate(item, line: line, today: today) {
                return true
            }
            return false
        case .not(let node):
            return !node.evaluate(item, line: line, today: today)
        case .done(let wantsDone):
            return item.isDone == wantsDone
        case .sigil(let kind, let name, let isPrefix):
            var found = false
            WordScanner.forEach(in: item.descriptionBytes) { word in
                guard word.kind == kind else { return true }
                found = isPrefix ? word.name.starts(with: name) : word.nameIs(name)
                return !found
            }
            return found
        case .text(let pattern):
            return item.descriptionBytes.withUnsafeBufferPointer { pattern.matches($0) }
        case .regex(let term):
            return term.matches(item)
        case .comparison(let comparison):
            return comparison.evaluate(item, line: line, today: today)
        }
    }

    /// The node with every relative date resolved on `today`. The recursion is as deep as the
    /// expression's nesting, which the parser limits.
    func resolved(today: LocalDate) throws(QueryError) -> QueryNode {
        switch self {
        case .and(let operands):
            var resolved: [QueryNode] = []
            resolved.reserveCapacity(operands.count)
            for operand in operands { resolved.append(try operand.resolved(today: today)) }
            return .and(resolved)
        case .or(let operands):
            var resolved: [QueryNode] = []
            resolved.reserveCapacity(operands.count)
            for operand in operands { resolved.append(try operand.resolved(today: today)) }
            return .or(resolved)
        case .not(let node):
            return .not(try node.resolved(today: today))
        case .comparison(var comparison):
            switch comparison.test {
            case .presence: return self
            case .some(let predicate):
                comparison.test = .some(
                    try predicate.resolved(today: today, column: comparison.column))
            case .noneOf(let predicate):
                comparison.test = .noneOf(
                    try predicate.resolved(today: today, column: comparison.column))
            }
            return .comparison(comparison)
        default:
            return self
        }
    }
}

extension Comparison {
    /// Whether the item satisfies the comparison; a missing value makes it false, except for
    /// the presence tests.
    func evaluate(_ item: TODOItem, line: Int, today: LocalDate) -> Bool {
        switch field {
        case .project, .context:
            let kind: Word.Kind = field == .project ? .project : .context
            var present = false
            var satisfied = false
            let predicate: Predicate?
            switch test {
            case .presence: predicate = nil
            case .some(let inner), .noneOf(let inner): predicate = inner
            }
            WordScanner.forEach(in: item.descriptionBytes) { word in
                guard word.kind == kind else { return true }
                present = true
                guard let predicate else { return false }
                satisfied = predicate.holds(.bytes(word.name), today: today)
                return !satisfied
            }
            switch test {
            case .presence(let wanted): return present == wanted
            case .some: return satisfied
            case .noneOf: return present && !satisfied
            }
        case .tag(let key):
            var result: Bool?
            WordScanner.forEach(in: item.descriptionBytes) { word in
                guard word.kind == .tag, word.nameIs(key) else { return true }
                result = decide(.bytes(word.value), today: today)
                return false
            }
            return result ?? decide(nil, today: today)
        case .text:
            return item.descriptionBytes.withUnsafeBufferPointer {
                decide(.bytes($0), today: today)
            }
        case .priority:
            return decide(ItemFields.priority(of: item).map(FieldValue.priority), today: today)
        case .due:
            return decide(
                ItemFields.dateTag(ItemFields.dueKey, of: item).map(FieldValue.date), today: today)
        case .threshold:
            return decide(
                ItemFields.dateTag(ItemFields.thresholdKey, of: item).map(FieldValue.date),
                today: today)
        case .created: return decide(item.creationDate.map(FieldValue.date), today: today)
        case .completed: return decide(item.completionDate.map(FieldValue.date), today: today)
        case .line: return decide(.number(line), today: today)
        }
    }

    /// Applies the test to the field's single value, or to its absence.
    @inline(__always)
    private func decide(_ value: FieldValue?, today: LocalDate) -> Bool {
        switch test {
        case .presence(let wanted): return (value != nil) == wanted
        case .some(let predicate):
            guard let value else { return false }
            return predicate.holds(value, today: today)
        case .noneOf(let predicate):
            guard let value else { return false }
            return !predicate.holds(value, today: today)
        }
    }
}

extension Predicate {
    /// Whether one value satisfies the predicate.
    func holds(_ value: FieldValue, today: LocalDate) -> Bool {
        switch self {
        case .relation(let relation, let operand):
            guard let order = Predicate.order(value, operand, today: today) else { return false }
            return relation.holds(order)
        case .range(let low, let high):
            if case .priority(let letter) = value, case .priority(let first) = low,
                case .priority(let last) = high
            {
                return first <= letter && letter <= last
            }
            guard let lower = Predicate.order(value, low, today: today),
                let upper = Predicate.order(value, high, today: today)
            else { return false }
            return lower >= 0 && upper <= 0
        case .contains(let pattern):
            guard case .bytes(let bytes) = value else { return false }
            return pattern.matches(bytes)
        }
    }

    /// How the value compares with the operand (-1, 0, 1), or `nil` when they cannot be
    /// compared. A higher priority compares greater.
    static func order(_ value: FieldValue, _ operand: Operand, today: LocalDate) -> Int? {
        @inline(__always) func sign<T: Comparable>(_ a: T, _ b: T) -> Int {
            a < b ? -1 : (a == b ? 0 : 1)
        }
        switch (value, operand) {
        case (.priority(let letter), .priority(let other)):
            return sign(other, letter)
        case (.date(let date), .date(let other)):
            guard let resolved = other.resolve(today: today) else { return nil }
            return sign(date, resolved)
        case (.number(let number), .number(let other)):
            return sign(number, other)
        case (.bytes(let bytes), .text(let text, let number, let date)):
            if let date, bytes.count == 10, let tagDate = LocalDate(utf8: bytes) {
                guard let resolved = date.resolve(today: today) else { return nil }
                return sign(tagDate, resolved)
            }
            if let number, let tagNumber = TextPattern.number(bytes) {
                return sign(tagNumber, number)
            }
            return TextPattern.compare(bytes, text)
        default:
            return nil
        }
    }

    /// The predicate with relative dates resolved; checks that a range still runs forwards.
    func resolved(today: LocalDate, column: Int) throws(QueryError) -> Predicate {
        func fix(_ operand: Operand) throws(QueryError) -> Operand {
            switch operand {
            case .date(let value):
                guard let date = value.resolve(today: today) else {
                    throw QueryError("date out of range", column: column)
                }
                return .date(.absolute(date))
            case .text(let bytes, let number, .some(let value)):
                guard let date = value.resolve(today: today) else {
                    throw QueryError("date out of range", column: column)
                }
                return .text(bytes, number: number, date: .absolute(date))
            default:
                return operand
            }
        }
        switch self {
        case .relation(let relation, let operand):
            return .relation(relation, try fix(operand))
        case .range(let low, let high):
            let start = try fix(low)
            let end = try fix(high)
            if let order = ComparisonBuilder.order(start, end), order > 0 {
                throw QueryError(
                    "range starts after it ends on \(today)", column: column)
            }
            return .range(start, end)
        case .contains:
            return self
        }
    }
}
