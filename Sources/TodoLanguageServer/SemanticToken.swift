import TodoTxt

/// One coloured stretch of a line, with a standard token type so that every colour theme shows
/// it.
struct SemanticToken: Hashable {
    /// The token types of the legend, in legend order.
    enum Kind: Int, CaseIterable {
        /// A done task's whole line.
        case comment
        /// The priority.
        case keyword
        /// Header dates and tag values that are dates.
        case number
        /// `+project`.
        case namespace
        /// `@context`.
        case variable
        /// A tag key.
        case property
        /// A tag value that is not a date.
        case string

        /// The protocol's name of the type.
        var name: String { "\(self)" }
    }

    /// The bit of the `deprecated` modifier (the only one in the legend).
    static let deprecated = 1

    /// The byte columns of the token in the task.
    var columns: Range<Int>
    /// Its type.
    var kind: Kind
    /// Its modifier bits.
    var modifiers: Int = 0

    /// The tokens of one line, in order.
    static func tokens(of task: TaskLine, length: Int, today: LocalDate) -> [SemanticToken] {
        if task.item.isDone {
            return length > 0 ? [SemanticToken(columns: 0..<length, kind: .comment)] : []
        }
        var tokens: [SemanticToken] = []
        if let priority = task.priority {
            tokens.append(SemanticToken(columns: priority, kind: .keyword))
        }
        if let creation = task.creationDate {
            tokens.append(SemanticToken(columns: creation, kind: .number))
        }
        for part in task.parts {
            switch part.kind {
            case .project: tokens.append(SemanticToken(columns: part.range, kind: .namespace))
            case .context: tokens.append(SemanticToken(columns: part.range, kind: .variable))
            case .tag:
                let keyEnd = part.range.lowerBound + part.name.count
                tokens.append(
                    SemanticToken(columns: part.range.lowerBound..<keyEnd, kind: .property))
                let value = part.valueStart..<part.range.upperBound
                if let date = LocalDate(String(decoding: part.value, as: UTF8.self)) {
                    let overdue = part.name.elementsEqual("due".utf8) && date < today
                    tokens.append(
                        SemanticToken(
                            columns: value, kind: .number, modifiers: overdue ? deprecated : 0))
                } else {
                    tokens.append(SemanticToken(columns: value, kind: .string))
                }
            case .text: break
            }
        }
        return tokens
    }
}
