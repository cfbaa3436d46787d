/// A substring to look for with smart case (query.md section 2): a needle with no upper-case
/// scalar matches case-insensitively, any other needle matches exactly.
struct TextPattern: Hashable, Sendable {
    /// The needle's bytes; lower-cased when the match ignores case.
    let needle: [UInt8]
    /// Whether the needle had an upper-case scalar, so the match is exact.
    let isCaseSensitive: Bool

    /// Prepares `text` for smart-case matching.
    init(_ text: some Collection<UInt8>) {
        let string = String(decoding: text, as: UTF8.self)
        let hasUpper = string.unicodeScalars.contains { $0.properties.isUppercase }
        isCaseSensitive = hasUpper
        needle = hasUpper ? Array(text) : TextPattern.lowercased(ArraySlice(text))
    }

    /// Whether `haystack` contains the needle, under smart case.
    func matches(_ haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        if needle.isEmpty { return true }
        if isCaseSensitive { return TextPattern.contains(haystack, needle, foldASCII: false) }
        if haystack.allSatisfy({ $0 < 0x80 })
            || TextPattern.foldsLikeASCII(haystack, needle: needle)
        {
            return TextPattern.contains(haystack, needle, foldASCII: true)
        }
        let lowered = TextPattern.lowercased(haystack)
        return lowered.withUnsafeBufferPointer {
            TextPattern.contains($0, needle, foldASCII: false)
        }
    }

    /// The bytes lower-cased by Unicode scalars, as `String.lowercased()` does (invalid UTF-8
    /// becomes U+FFFD). ASCII bytes are folded without decoding, and only a scalar that changes
    /// looks up its mapping, so mostly-ASCII text costs little more than ASCII.
    static func lowercased(_ bytes: some Collection<UInt8>) -> [UInt8] {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar.isASCII {
                    let byte = UInt8(truncatingIfNeeded: scalar.value)
                    result.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                } else if scalar.properties.changesWhenLowercased {
                    result.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
                } else {
                    result.append(contentsOf: scalar.utf8)
                }
            case .error:
                result.append(contentsOf: [0xEF, 0xBF, 0xBD])
            case .emptyInput:
                return result
            }
        }
    }

    /// Whether `haystack` contains `needle`; with `foldASCII`, `A`-`Z` in the haystack count as
    /// `a`-`z` (the needle must already be lower-case).
    static func contains(
        _ hay: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], foldASCII: Bool
    )
        -> Bool
    {
        let count = needle.count
        guard count > 0 else { return true }
        guard hay.count >= count else { return false }
        return needle.withUnsafeBufferPointer { pin in
            let first = pin[0]
            var start = 0
            let last = hay.count - count
            while start <= last {
                var byte = hay[start]
                if foldASCII && byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                if byte == first {
                    var offset = 1
                    while offset < count {
                        var other = hay[start + offset]
                        if foldASCII && other >= 0x41 && other <= 0x5A { other |= 0x20 }
                        if other != pin[offset] { break }
                        offset += 1
                    }
                    if offset == count { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// Orders two byte strings lexicographically; for valid UTF-8 this is the order of their
    /// Unicode scalars. Returns -1, 0 or 1.
    static func compare(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Int {
        var left = lhs.makeIterator()
        var right = rhs.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let a?, let b?):
                if a != b { return a < b ? -1 : 1 }
            }
        }
    }

    /// Parses an ASCII number `[+-]?digits[.digits]`, or returns `nil`.
    static func number(_ bytes: some Collection<UInt8>) -> Double? {
        var state = 0  // 0 start, 1 after sign, 2 integer digits, 3 after dot, 4 fraction digits
        for byte in bytes {
            let isDigit = byte >= 0x30 && byte <= 0x39
            switch (state, byte) {
            case (0, 0x2B), (0, 0x2D): state = 1
            case (0...2, _) where isDigit: state = 2
            case (2, 0x2E): state = 3
            case (3...4, _) where isDigit: state = 4
            default: return nil
            }
        }
        guard state == 2 || state == 4 else { return nil }
        return Double(String(decoding: bytes, as: UTF8.self))
    }
}
