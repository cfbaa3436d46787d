import TodoTxt

/// One node of a parsed expression tree.
indirect enum QueryNode: Sendable {
    /// Every operand holds (two or more, in the order written).
    case and([QueryNode])
    /// Some operand holds (two or more, in the order written).
    case or([QueryNode])
    /// The node does not hold.
    case not(QueryNode)
    /// `done` (true) or `open` (false).
    case done(Bool)
    /// `+name`, `@name`, `+name*`, `+*` (a prefix with an empty name).
    case sigil(Word.Kind, name: [UInt8], isPrefix: Bool)
    /// A bare word or quoted text: a smart-case substring of the description.
    case text(TextPattern)
    /// `/regex/` or `/regex/i` on the whole line.
    case regex(LineRegex)
    /// `FIELD OP VALUE`.
    case comparison(Comparison)
}

/// A field of a task that a comparison or a sort key reads.
enum QueryField: Hashable, Sendable {
    case priority, due, threshold, created, completed, line, project, context, text
    /// Any other `key:value` tag, by key.
    case tag([UInt8])

    /// The field a comparison names: a named field or alias, else a tag.
    init(name: ArraySlice<UInt8>) {
        switch String(decoding: name, as: UTF8.self) {
        case "pri", "priority": self = .priority
        case "due": self = .due
        case "t", "threshold": self = .threshold
        case "created": self = .created
        case "completed": self = .completed
        case "line", "n": self = .line
        case "project": self = .project
        case "context": self = .context
        case "text", "description": self = .text
        default: self = .tag(Array(name))
        }
    }

    /// Whether the field's values are dates.
    var isDate: Bool {
        switch self {
        case .due, .threshold, .created, .completed: true
        default: false
        }
    }
}

/// A value on the query side of a comparison, typed for its field.
enum Operand: Sendable, Hashable {
    /// A priority letter's ASCII code.
    case priority(UInt8)
    /// A date value.
    case date(DateValue)
    /// A line number.
    case number(Int)
    /// Text, with the number and date it also reads as (only filled in for tag fields).
    case text([UInt8], number: Double?, date: DateValue?)
}

/// A test on one value of a field.
enum Predicate: Sendable {
    /// Ordered comparison of the value against the operand (for priorities "greater" means a
    /// higher priority).
    case relation(Relation, Operand)
    /// Inside the inclusive range.
    case range(Operand, Operand)
    /// Contains the text under smart case.
    case contains(TextPattern)
}

/// How a value must compare with the operand.
enum Relation: Sendable {
    case equal, less, lessOrEqual, greater, greaterOrEqual

    /// Whether an order (-1, 0 or 1) satisfies the relation.
    @inline(__always)
    func holds(_ order: Int) -> Bool {
        switch self {
        case .equal: order == 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }
}

/// `FIELD OP VALUE`, normalized.
struct Comparison: Sendable {
    /// Which field.
    var field: QueryField
    /// What the comparison tests.
    var test: Test
    /// The column of the value in the expression, for errors found when resolving dates.
    var column: Int

    /// The kinds of comparison.
    enum Test: Sendable {
        /// `:any` (true) or `:none` (false), and their `!=` forms.
        case presence(Bool)
        /// Some value satisfies the predicate.
        case some(Predicate)
        /// The field is present and no value satisfies the predicate (`!=`).
        case noneOf(Predicate)
    }
}
