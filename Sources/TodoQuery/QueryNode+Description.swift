import TodoTxt

/// A compact S-expression form of a tree, used by tests to check structure and precedence:
/// `(and (or +a @b) (not "x"))`.
extension QueryNode: CustomStringConvertible {
    var description: String {
        switch self {
        case .and(let left, let right): "(and \(left) \(right))"
        case .or(let left, let right): "(or \(left) \(right))"
        case .not(let node): "(not \(node))"
        case .done(let isDone): isDone ? "done" : "open"
        case .sigil(let kind, let name, let isPrefix):
            (kind == .project ? "+" : "@") + String(decoding: name, as: UTF8.self)
                + (isPrefix ? "*" : "")
        case .text(let pattern):
            "\"" + String(decoding: pattern.needle, as: UTF8.self) + "\""
                + (pattern.isCaseSensitive ? "" : "i")
        case .regex(let term): "/\(term.source)/"
        case .comparison(let comparison): "\(comparison.field)?"
        }
    }
}

extension QueryField: CustomStringConvertible {
    var description: String {
        switch self {
        case .priority: "pri"
        case .due: "due"
        case .threshold: "t"
        case .created: "created"
        case .completed: "completed"
        case .line: "line"
        case .project: "project"
        case .context: "context"
        case .text: "text"
        case .tag(let key): "tag:" + String(decoding: key, as: UTF8.self)
        }
    }
}
