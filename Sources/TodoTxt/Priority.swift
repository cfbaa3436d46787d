/// A task priority, one ASCII upper-case letter from `A` (the highest) to `Z` (the lowest).
///
/// Priorities compare alphabetically, so `A < B`: sorting ascending puts the most important
/// tasks first.
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The letter's ASCII code, `0x41` (`A`) through `0x5A` (`Z`).
    public let ascii: UInt8

    /// Creates a priority from an ASCII byte `A`-`Z`, or returns `nil`.
    public init?(ascii: UInt8) {
        guard ascii >= 0x41, ascii <= 0x5A else { return nil }
        self.ascii = ascii
    }

    /// Creates a priority from a one-letter string `A`-`Z`; with `caseInsensitive`, `a`-`z` too.
    public init?(_ text: some StringProtocol, caseInsensitive: Bool = false) {
        let bytes = Array(text.utf8)
        guard bytes.count == 1 else { return nil }
        let byte =
            caseInsensitive && bytes[0] >= 0x61 && bytes[0] <= 0x7A ? bytes[0] - 0x20 : bytes[0]
        self.init(ascii: byte)
    }

    /// The letter, `A`-`Z`.
    public var description: String {
        String(decoding: [ascii], as: UTF8.self)
    }

    /// Alphabetical order: `A` comes first.
    public static func < (lhs: Priority, rhs: Priority) -> Bool {
        lhs.ascii < rhs.ascii
    }
}
