public import TodoKit

/// How important a task is, as the original app rated it. Stored in todo.txt as a priority:
/// `highest` is `(A)`, `high` `(B)`, `middle` `(C)` and `low` `(D)`.
public enum Importance: Int, CaseIterable, Sendable, Comparable {
    /// `(D)`.
    case low
    /// `(C)`.
    case middle
    /// `(B)`.
    case high
    /// `(A)`.
    case highest

    /// The importance a priority stands for; `nil` for none, or a letter after `D`.
    public init?(_ priority: Priority?) {
        guard let priority, let found = Self.allCases.first(where: { $0.priority == priority })
        else { return nil }
        self = found
    }

    /// The todo.txt priority.
    public var priority: Priority { Self.letters[rawValue] }

    /// The priorities in the order of the cases.
    private static let letters = "DCBA".utf8.compactMap { Priority(ascii: $0) }

    /// Lower before higher.
    public static func < (lhs: Importance, rhs: Importance) -> Bool { lhs.rawValue < rhs.rawValue }
}
