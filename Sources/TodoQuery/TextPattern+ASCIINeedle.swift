extension TextPattern {
    /// Whether lower-casing `haystack` by Unicode scalars (``lowercased(_:)``) cannot create an
    /// occurrence of the (lower-case) `needle` that folding its ASCII letters alone would miss:
    /// true when the needle is ASCII and the haystack holds neither of the two scalars whose
    /// lower case has ASCII in it, U+0130 (`İ`, to `i` and a combining dot) and U+212A (the
    /// Kelvin sign, to `k`). Every other scalar above ASCII, and every invalid byte (U+FFFD),
    /// lower-cases to bytes above ASCII, and an ASCII byte is always a scalar of its own, so
    /// the ASCII runs of the lower-cased text are the haystack's, folded.
    static func foldsLikeASCII(_ haystack: UnsafeBufferPointer<UInt8>, needle: [UInt8]) -> Bool {
        guard needle.allSatisfy({ $0 < 0x80 }) else { return false }
        var index = 0
        let count = haystack.count
        while index < count {
            let byte = haystack[index]
            if byte == 0xC4, index + 1 < count, haystack[index + 1] == 0xB0 { return false }
            if byte == 0xE2, index + 2 < count, haystack[index + 1] == 0x84,
                haystack[index + 2] == 0xAA
            {
                return false
            }
            index += 1
        }
        return true
    }
}
