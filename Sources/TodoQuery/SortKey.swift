/// One key of `--sort` (query.md section 3): a field and a direction.
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
    public static let names = [
        "pri", "due", "t", "created", "completed", "line", "text", "done", "project", "context",
        "tag:KEY",
    ]

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
        switch name {
        case "pri", "priority": field = .priority
        case "due": field = .due
        case "t", "threshold": field = .threshold
        case "created": field = .created
        case "completed": field = .completed
        case "line", "n": field = .line
        case "text": field = .text
        case "done": field = .done
        case "project": field = .project
        case "context": field = .context
        default:
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
        let name =
            switch field {
            case .priority: "pri"
            case .due: "due"
            case .threshold: "t"
            case .created: "created"
            case .completed: "completed"
            case .line: "line"
            case .text: "text"
            case .done: "done"
            case .project: "project"
            case .context: "context"
            case .tag(let key): "tag:" + key
            }
        return (isDescending ? "-" : "") + name
    }
}
