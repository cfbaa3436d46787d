/// Why bytes are not one JSON value: what was expected, and the byte offset where it was not.
package struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 0-based byte offset of the problem.
    package var offset: Int
    /// What went wrong, such as `expected ',' or '}' after an object member`.
    package var message: String

    /// An error at a byte offset.
    package init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// `MESSAGE at byte OFFSET`.
    package var description: String { "\(message) at byte \(offset)" }
}
