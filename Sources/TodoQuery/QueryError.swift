/// A mistake in a query: in the expression, a sort key, an output format or a `todo query`
/// argument.
///
/// The ``description`` is one line that names the bad value, for example
/// `invalid priority 'AA' at column 5; expected a letter A-Z or a range like A-C`.
public struct QueryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the bad value in single quotes, without the column.
    public var message: String
    /// The 1-based column (counted in Unicode scalars) of the bad token in the expression text;
    /// `nil` for mistakes outside the expression (sort keys, formats, options).
    public var column: Int?
    /// What would have been accepted here, such as `a term` or `')'`; may be empty.
    public var expected: [String]
    /// A remark shown in parentheses after the column, such as `limit 256`; may be `nil`.
    public var note: String?

    /// Creates an error.
    public init(
        _ message: String, column: Int? = nil, expected: [String] = [], note: String? = nil
    ) {
        self.message = message
        self.column = column
        self.expected = expected
        self.note = note
    }

    /// `message at column N (note); expected A or B`, leaving out the parts that are missing.
    public var description: String {
        var text = message
        if let column { text += " at column \(column)" }
        if let note { text += " (\(note))" }
        switch expected.count {
        case 0: break
        case 1: text += "; expected " + expected[0]
        case 2: text += "; expected " + expected[0] + " or " + expected[1]
        default: text += "; expected one of: " + expected.joined(separator: ", ")
        }
        return text
    }
}
