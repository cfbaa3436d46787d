/// A word of a filter (``TextPattern``) as a test of a raw line: bytes that the line holds,
/// with ASCII case folded, whenever the word matches the task's description.
///
/// A word that ignores case matches the lower case of the description, and lower-casing keeps
/// every ASCII byte (folded) and turns every other scalar into bytes above ASCII, except
/// U+0130 (`İ`, to `i` and a combining dot) and the Kelvin sign (to `k`): a line holding
/// either may match a word with `i` or `k` in it without holding the word's bytes. A word
/// with an upper-case letter matches its own bytes exactly, which the folded search finds too.
struct LineWord: Sendable {
    /// The word's bytes, ASCII lower case.
    let bytes: [UInt8]
    /// Whether a line holding `İ` or the Kelvin sign may match without holding ``bytes``.
    let mayUnfold: Bool

    /// The test of `pattern`, or `nil` when a line cannot be tested before it is parsed (an
    /// empty word, or one with non-ASCII bytes that ignores case).
    init?(_ pattern: TextPattern) {
        let needle = pattern.needle
        guard !needle.isEmpty, pattern.isCaseSensitive || needle.allSatisfy({ $0 < 0x80 })
        else { return nil }
        bytes = needle.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        mayUnfold = !pattern.isCaseSensitive && (bytes.contains(0x69) || bytes.contains(0x6B))
    }

    /// Whether the word may match a task parsed from `line`: false only when it cannot.
    func mayOccur(in line: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteSearch.containsFolded(line, bytes)
            || (mayUnfold && !TextPattern.foldsLikeASCII(line, needle: bytes))
    }
}
