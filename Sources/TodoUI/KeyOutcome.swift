/// What the terminal layer does after the model handled a key.
package enum KeyOutcome: Hashable, Sendable {
    /// Nothing more: draw the new state.
    case handled
    /// Leave the view (`q`, Ctrl-C).
    case quit
    /// Run the editor on the file at this line (`E`), then call
    /// ``TaskListModel/followFile()``.
    case openEditor(line: Int)
}
