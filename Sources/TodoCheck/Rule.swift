/// The rules of `todo check`, each with a stable name: the `rule` of `check --format json` and
/// the diagnostic `code` of the language server. Names never change once published.
package enum Rule: String, CaseIterable, Hashable, Sendable {
    /// Bytes that are not UTF-8.
    case invalidUTF8 = "invalid-utf8"
    /// `X ` at the start of a line, which does not mark a task done.
    case uppercaseDoneMark = "uppercase-done-mark"
    /// `x` and a tab at the start of a line, which does not mark a task done.
    case tabAfterDoneMark = "tab-after-done-mark"
    /// `(b)`: priorities are upper-case.
    case lowercasePriority = "lowercase-priority"
    /// `(A)` without the space that makes it a priority.
    case priorityWithoutSpace = "priority-without-space"
    /// `x (A) ...`: a completed task has no priority.
    case priorityOnDoneTask = "priority-on-done-task"
    /// A completed task created after it was completed.
    case creationAfterCompletion = "creation-after-completion"
    /// A date-shaped word that names no day (`2023-02-29`).
    case invalidDate = "invalid-date"
    /// A date without its leading zeros (`2024-5-1`), or a date tag whose value is not a date.
    case malformedDate = "malformed-date"
    /// A date tag with a relative value (`due:tomorrow`) that only `todo add` would resolve.
    case relativeDate = "relative-date"
    /// A header date pushed out of the header by an extra space.
    case spacedHeaderDate = "spaced-header-date"
    /// Spaces or tabs at the end of a line.
    case trailingWhitespace = "trailing-whitespace"
    /// A task that is exactly the same as an earlier line.
    case duplicateTask = "duplicate-task"
    /// LF and CRLF line ends in the same file.
    case mixedLineEndings = "mixed-line-endings"
    /// The last line does not end with a newline.
    case missingFinalNewline = "missing-final-newline"

    /// Whether the rule looks at one line alone (so that re-checking a changed line is enough),
    /// rather than at the file (duplicates, line ends).
    package var isPerLine: Bool {
        switch self {
        case .duplicateTask, .mixedLineEndings, .missingFinalNewline: false
        default: true
        }
    }
}
