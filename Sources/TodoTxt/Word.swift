/// One word of a description: a maximal run of bytes other than space and tab (FormatRules.md A.4).
public struct Word: Sendable {
    /// What a word is, by the first rule of FormatRules.md A.4 that matches.
    public enum Kind: Sendable, Hashable {
        /// `+name` (W1).
        case project
        /// `@name` (W2).
        case context
        /// `key:value` (W3).
        case tag
        /// Anything else, URLs included (W4, W5).
        case text
    }

    /// The kind of word.
    public let kind: Kind
    /// All the bytes of the word.
    public let bytes: ArraySlice<UInt8>
    /// Where ``name`` starts and ends in ``bytes``. Kept as indices, not slices, so that a word
    /// holds one reference to the line's storage rather than three (scanning stays cheap).
    private let nameStart: Int
    private let nameEnd: Int

    /// The project or context name without its sigil, or the tag's key; for text, the whole word.
    public var name: ArraySlice<UInt8> { bytes[nameStart..<nameEnd] }
    /// The tag's value; empty for other kinds.
    public var value: ArraySlice<UInt8> {
        kind == .tag ? bytes[(nameEnd + 1)...] : bytes[bytes.endIndex...]
    }

    /// Whether a byte separates words: SP or TAB only (FormatRules.md A.0).
    @inline(__always)
    static func isSeparator(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Calls `body` with each word of `text`, in order (classified by ``WordScanner``).
    static func scan(_ text: ArraySlice<UInt8>, _ body: (Word) throws -> Void) rethrows {
        let base = text.startIndex
        try WordScanner.forEach(in: text) { scanned in
            try body(
                Word(
                    kind: scanned.kind,
                    bytes: text[
                        (base + scanned.wordRange.lowerBound)..<(base + scanned.wordRange.upperBound)
                    ],
                    nameStart: base + scanned.nameOffset,
                    nameEnd: base + scanned.nameOffset + scanned.name.count))
            return true
        }
    }
}
