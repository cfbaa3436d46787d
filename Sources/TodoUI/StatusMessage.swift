/// What the status line says after an action: its result, or what went wrong.
package struct StatusMessage: Hashable, Sendable {
    /// The text, one line.
    package var text: String
    /// Whether it reports a failure (drawn as an error).
    package var isError: Bool

    /// A result, such as `task 3 done`.
    package static func info(_ text: String) -> StatusMessage {
        StatusMessage(text: text, isError: false)
    }

    /// A failure, such as a query error or a file that cannot be written.
    package static func error(_ text: String) -> StatusMessage {
        StatusMessage(text: text, isError: true)
    }
}
