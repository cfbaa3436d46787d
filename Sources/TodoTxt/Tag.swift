/// A `key:value` word of a description (FormatRules.md W3), such as `due:2024-05-01`.
public struct Tag: Hashable, Sendable, CustomStringConvertible {
    /// The text before the first colon; never empty.
    public var key: String
    /// The text after the first colon; never empty and never starting with `//`.
    public var value: String

    /// Creates a tag from its key and value.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// `key:value`.
    public var description: String { key + ":" + value }
}
