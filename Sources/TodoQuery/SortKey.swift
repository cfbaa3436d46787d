/// One key of `--sort` (the README, "Querying tasks"): a field and a direction.
public struct SortKey: Sendable, Hashable, CustomStringConvertible {
    /// What a key sorts by.
    public enum Field: Sendable, Hashable {
        /// The priority (a done task's `pri:` tag); ascending puts `A` first.
        case priority
        /// The first valid `due:` date.
        case due
        /// The first valid `t:` date.
        case threshold
        /// The creation date.
        case created
        /// The completion date.
        case completed
        /// The physical line number.
        case line
        /// The description, lower-cased, by Unicode scalars.
        case text
        /// Open tasks first.
        case done
        /// The first project's name, case-sensitive, by Unicode scalars.
        case project
        /// The first context's name, case-sensitive, by Unicode scalars.
        case context
        /// The first value of this tag: numbers first (numerically), then text by scalars.
        case tag(String)
    }

    /// The field.
    public var field: Field
    /// Whether larger values come first. Missing values come last either way.
    public var isDescending: Bool

    /// Creates a key.
    public init(_ field: Field, descending: Bool = false) {
        self.field = field
        isDescending = descending
    }

    /// The key names `--sort` accepts, for error messages and completion.
    public static let names = ItemFields.sortKeyNames

    /// Parses one key such as `pri`, `-due` or `tag:estimate`; aliases `priority`,
    /// `threshold` and `n` are accepted.
    ///
    /// - Throws: ``QueryError`` for an empty or unknown key.
    public init(parsing text: some StringProtocol) throws(QueryError) {
        var name = Substring(text)
        isDescending = name.first == "-"
        if isDescending { name = name.dropFirst() }
        if name.isEmpty {
            throw QueryError("empty sort key '\(text)'", expected: SortKey.names)
        }
        if let named = ItemFields.field(spelled: name), named.isSortable,
            let known = Field(named: named.name)
        {
            field = known
        } else {
            guard name.hasPrefix("tag:") else {
                throw QueryError("unknown sort key '\(name)'", expected: SortKey.names)
            }
            let key = name.dropFirst(4)
            guard !key.isEmpty else {
                throw QueryError("empty tag key in sort key '\(text)'", expected: ["tag:KEY"])
            }
            field = .tag(String(key))
        }
    }

    /// The key as `--sort` spells it, such as `-due` or `tag:estimate`.
    public var description: String {
        return (isDescending ? "-" : "") + field.name
    }
}

extension SortKey.Field {
    /// The named fields by their table name (``ItemFields/names``): the one place a name turns
    /// into a case.
    private static let byName: [String: SortKey.Field] = [
        "pri": .priority, "due": .due, "t": .threshold, "created": .created,
        "completed": .completed, "line": .line, "text": .text, "done": .done,
        "project": .project, "context": .context,
    ]

    /// The field a table name names.
    init?(named name: String) {
        guard let field = Self.byName[name] else { return nil }
        self = field
    }

    /// The name `--sort` spells it with.
    var name: String {
        if case .tag(let key) = self { return "tag:" + key }
        return Self.byName.first { $0.value == self }?.key ?? ""
    }
}
