import TodoTxt

/// A compact S-expression form of a tree, used by tests to check structure and precedence:
/// `(and (or +a @b) (not "x"))`.
extension QueryNode: CustomStringConvertible {
    var description: String {
        switch self {
        case .and(let operands): QueryNode.leftNested("and", operands)
        case .or(let operands): QueryNode.leftNested("or", operands)
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

    /// `(op (op a b) c)` for the operands `a b c`, built without recursion along the chain.
    private static func leftNested(_ name: String, _ operands: [QueryNode]) -> String {
        guard let first = operands.first else { return "(\(name))" }
        var text = String(repeating: "(\(name) ", count: operands.count - 1)
        text += first.description
        for operand in operands.dropFirst() { text += " \(operand))" }
        return text
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
