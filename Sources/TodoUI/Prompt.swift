package import TodoKit
package import TodoTerminal

/// A question open on the status line, and the line being typed for it.
package struct Prompt: Equatable, Sendable {
    /// What the prompt asks for.
    package enum Kind: Equatable, Sendable {
        /// `a`: the text of a new task.
        case add
        /// `e`/`Enter`: the new line of a task, read from `base`.
        case edit(StoredTask, base: TaskSnapshot)
        /// `/`: a filter expression.
        case filter
        /// `S`: sort keys.
        case sort
        /// `p`: one key, `A`–`Z` or `-`, for the task read from `base`.
        case priority(StoredTask, base: TaskSnapshot)
        /// `d`: `y` or `n` to delete the task read from `base`.
        case confirmDelete(StoredTask, base: TaskSnapshot)
    }

    /// What the prompt asks for.
    package var kind: Kind
    /// The line typed so far (unused by the one-key prompts).
    package var editor: LineEditor

    /// Opens a prompt, its line holding `text` with the cursor at the end.
    package init(_ kind: Kind, text: String = "") {
        self.kind = kind
        editor = LineEditor(text: text)
    }

    /// Whether the prompt takes a line (rather than one key).
    package var takesLine: Bool {
        switch kind {
        case .add, .edit, .filter, .sort: true
        case .priority, .confirmDelete: false
        }
    }

    /// The question, shown before the line, such as `edit 3: ` or `Delete task 3? (y/n)`.
    package var label: String {
        switch kind {
        case .add: "add: "
        case .edit(let task, _): "edit \(task.line): "
        case .filter: "filter: "
        case .sort: "sort: "
        case .priority(let task, _): "priority of task \(task.line) (A-Z, - removes): "
        case .confirmDelete(let task, _): "Delete task \(task.line)? (y/n)"
        }
    }
}
