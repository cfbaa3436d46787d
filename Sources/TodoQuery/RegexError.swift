/// Why a `/regex/` was refused, before it is turned into a ``QueryError`` with a column.
struct RegexError: Error {
    /// Where the mistake is.
    enum Place {
        /// The pattern as a whole: reported at the regex's column, naming the pattern.
        case pattern
        /// The regex as a whole, too big to name: reported at its column.
        case whole
        /// The byte offset, in the pattern, of the construct that was refused.
        case at(Int)
    }

    /// What is wrong.
    var message: String
    /// Where it is.
    var place: Place
    /// A remark such as `limit 64`, or `nil`.
    var note: String?

    /// Creates an error.
    init(_ message: String, _ place: Place = .pattern, note: String? = nil) {
        self.message = message
        self.place = place
        self.note = note
    }
}
