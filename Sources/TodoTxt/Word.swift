/// One word of a description: a maximal run of bytes other than space and tab (format.md A.4).
public struct Word: Sendable {
    /// What a word is, by the first rule of format.md A.4 that matches.
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

    /// Whether a byte separates words: SP or TAB only (format.md A.0).
    @inline(__always)
    static func isSeparator(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Classifies one word (format.md W1-W5).
    init(classifying word: ArraySlice<UInt8>) {
        bytes = word
        let first = word[word.startIndex]
        if (first == 0x2B || first == 0x40) && word.count > 1 {
            kind = first == 0x2B ? .project : .context
            nameStart = word.startIndex + 1
            nameEnd = word.endIndex
            return
        }
        if let colon = word.firstIndex(of: 0x3A), colon > word.startIndex,
            colon + 1 < word.endIndex,
            !(colon + 2 < word.endIndex && word[colon + 1] == 0x2F && word[colon + 2] == 0x2F)
        {
            kind = .tag
            nameStart = word.startIndex
            nameEnd = colon
            return
        }
        kind = .text
        nameStart = word.startIndex
        nameEnd = word.endIndex
    }

    /// Calls `body` with each word of `text`, in order.
    static func scan(_ text: ArraySlice<UInt8>, _ body: (Word) throws -> Void) rethrows {
        var index = text.startIndex
        let end = text.endIndex
        while index < end {
            while index < end && isSeparator(text[index]) { index += 1 }
            guard index < end else { return }
            let start = index
            while index < end && !isSeparator(text[index]) { index += 1 }
            try body(Word(classifying: text[start..<index]))
        }
    }
}
