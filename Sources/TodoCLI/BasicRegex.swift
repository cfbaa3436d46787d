import TodoPlatform

/// A POSIX regular expression as grep and sed use them: basic syntax (BRE) by default,
/// optionally case-insensitive, matched in the current locale, with a fast path for the
/// common case of a plain word searched without regard to case. The compiled expression is a
/// ``POSIXRegex``, which frees itself.
final class BasicRegex {
    private let compiled: POSIXRegex
    /// The pattern as given.
    let pattern: String
    /// For a case-insensitive pattern made only of ASCII letters, digits and other characters
    /// that are literal in a BRE: the pattern upper-cased, searched for directly in text that
    /// cannot fold differently (see ``foldsLikeASCII(_:)``).
    private(set) var literal: [UInt8]?
    /// Whether ``literal`` has a letter that some non-ASCII character folds to (K, S, I), so
    /// that the text must be checked with ``foldsLikeASCII(_:)`` first.
    private(set) var literalNeedsFoldCheck = false
    /// Whether the pattern is a literal without digits, spaces or tabs: it cannot match across
    /// the `NN ` number that listings put before each line, so only the text needs searching.
    private(set) var isLiteralWithoutNumberChars = false

    /// Why a pattern did not compile, in regcomp's words.
    typealias Invalid = POSIXRegex.Invalid

    init(_ pattern: String, ignoringCase: Bool = false, extended: Bool = false) throws(Invalid) {
        self.pattern = pattern
        compiled = try POSIXRegex(pattern, extended: extended, ignoringCase: ignoringCase)
        if ignoringCase && !extended, let found = BasicRegex.asciiLiteral(pattern) {
            literal = found
            literalNeedsFoldCheck = found.contains { $0 == 0x4B || $0 == 0x53 || $0 == 0x49 }
            isLiteralWithoutNumberChars = !found.contains {
                $0 == 0x20 || $0 == 0x09 || ($0 >= 0x30 && $0 <= 0x39)
            }
        }
    }

    /// The upper-cased bytes of a pattern that matches itself literally, when the locale folds
    /// every ASCII letter to its ASCII partner; otherwise nil.
    private static func asciiLiteral(_ pattern: String) -> [UInt8]? {
        let bytes = Array(pattern.utf8)
        guard !bytes.isEmpty else { return nil }
        for byte in bytes {
            // BRE specials, and every control or non-ASCII byte, go to regexec.
            if byte < 0x20 || byte >= 0x7F { return nil }
            if [0x2E, 0x5B, 0x5D, 0x2A, 0x5E, 0x24, 0x5C].contains(byte) { return nil }
        }
        guard localeFoldsASCII else { return nil }
        return bytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
    }

    /// Whether, in the current locale, every ASCII letter matches its ASCII partner
    /// case-insensitively, both ways (not so in a Turkish locale, where `i` pairs with `İ`).
    private static let localeFoldsASCII: Bool = {
        for lower in UInt8(0x61)...UInt8(0x7A) {
            let pair = [lower, lower - 0x20]
            for (pattern, text) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let patternText = String(decoding: [pattern], as: UTF8.self)
                guard let regex = try? POSIXRegex(patternText, ignoringCase: true),
                    regex.matches([text])
                else { return false }
            }
        }
        return true
    }()

    /// Whether no character of `text` can fold to an ASCII letter under a case-insensitive
    /// match: the text has none of KELVIN SIGN (U+212A), LATIN SMALL LETTER LONG S (U+017F),
    /// and the dotted and dotless I (U+0130, U+0131). Other non-ASCII text folds to non-ASCII
    /// characters only, so it cannot match or break an ASCII literal.
    private static func foldsLikeASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            if byte >= 0xC4 {
                if (byte == 0xC4 || byte == 0xC5) && index + 1 < count {
                    let next = text[index + 1]
                    if (byte == 0xC4 && (next == 0xB0 || next == 0xB1))
                        || (byte == 0xC5 && next == 0xBF)
                    {
                        return false
                    }
                }
                if byte == 0xE2 && index + 2 < count && text[index + 1] == 0x84
                    && text[index + 2] == 0xAA
                {
                    return false
                }
            }
            index += 1
        }
        return true
    }

    /// Whether the upper-cased `literal` occurs in `text` with ASCII letters folded. Candidates
    /// are found by scanning for the needle's first byte that is not a letter, when it has one.
    private static func containsFolded(
        _ text: UnsafeBufferPointer<UInt8>, _ literal: [UInt8]
    )
        -> Bool
    {
        literal.withUnsafeBufferPointer { needle in
            let count = needle.count
            guard count <= text.count, count > 0, let base = text.baseAddress else { return false }
            @inline(__always) func upper(_ byte: UInt8) -> UInt8 {
                byte >= 0x61 && byte <= 0x7A ? byte &- 0x20 : byte
            }
            @inline(__always) func matchesAt(_ start: Int) -> Bool {
                var offset = 0
                while offset < count {
                    if upper(base[start + offset]) != needle[offset] { return false }
                    offset += 1
                }
                return true
            }
            let last = text.count - count
            // Candidates for the needle's first byte that is not a letter, or else for its first
            // letter in either case, are found eight bytes at a time, then compared in full.
            let anchor = needle.firstIndex(where: { $0 < 0x41 || $0 > 0x5A }) ?? 0
            let fold: UInt8 = anchor == 0 && needle[0] >= 0x41 && needle[0] <= 0x5A ? 0x20 : 0
            let target = needle[anchor] | fold
            let lows: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let folds = UInt64(fold) &* lows
            let pattern = UInt64(target) &* lows
            var position = anchor
            let end = last + anchor
            while position + 7 <= end {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let zeroed = (word | folds) ^ pattern
                var flags = (zeroed &- lows) & ~zeroed & highs
                while flags != 0 {
                    if matchesAt(position + flags.trailingZeroBitCount / 8 - anchor) {
                        return true
                    }
                    flags &= flags &- 1
                }
                position += 8
            }
            while position <= end {
                if base[position] | fold == target && matchesAt(position - anchor) { return true }
                position += 1
            }
            return false
        }
    }

    /// The offset of the first NUL byte of `text`, or its count; eight bytes at a time.
    private static func nulOffset(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = text.baseAddress else { return 0 }
        let lows: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= text.count {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            let flags = (word &- lows) & ~word & highs
            if flags != 0 { return offset + flags.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < text.count && base[offset] != 0 { offset += 1 }
        return offset
    }

    /// The literal search on `text` up to its first NUL (where regexec would stop), or nil
    /// when regexec must decide (no literal, or characters that fold in unusual ways).
    func literalMatch(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let literal, let base = text.baseAddress else {
            return literal == nil ? nil : false
        }
        let usable = UnsafeBufferPointer(start: base, count: BasicRegex.nulOffset(text))
        if literalNeedsFoldCheck && !BasicRegex.foldsLikeASCII(usable) { return nil }
        return BasicRegex.containsFolded(usable, literal)
    }

    /// Whether the pattern matches anywhere in `bytes` (a NUL byte ends the text, as in C).
    func matches(_ bytes: some Collection<UInt8>) -> Bool {
        compiled.matches(bytes)
    }

    /// Whether the pattern matches anywhere in `text` (a NUL byte ends the text, as in C).
    /// `text` is used as scratch space and given back unchanged.
    func matches(text: inout [UInt8]) -> Bool {
        if literal != nil, let found = text.withUnsafeBufferPointer({ literalMatch($0) }) {
            return found
        }
        text.append(0)
        defer { text.removeLast() }
        return text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                chars.baseAddress.map { compiled.matches(cString: $0) } ?? false
            }
        }
    }

    /// Replaces every match in `bytes`, like sed's `s/PATTERN/REPLACEMENT/g`, where `\1`...`\9`
    /// in the replacement name groups and `&` the whole match.
    func replacingAll(in bytes: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        var text = bytes
        text.append(0)
        var result: [UInt8] = []
        var offset = 0
        let length = bytes.count
        text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress else { return }
                while offset <= length {
                    guard
                        let groups = compiled.firstMatch(
                            cString: base + offset, groups: 10, notAtLineStart: offset > 0),
                        let whole = groups[0]
                    else { break }
                    let start = offset + whole.lowerBound
                    let end = offset + whole.upperBound
                    result += bytes[offset..<start]
                    var index = 0
                    while index < replacement.count {
                        let byte = replacement[index]
                        if byte == 0x5C, index + 1 < replacement.count {
                            let next = replacement[index + 1]
                            if next >= 0x30 && next <= 0x39 {
                                if let group = groups[Int(next - 0x30)] {
                                    result +=
                                        bytes[
                                            (offset + group.lowerBound)..<(offset + group.upperBound)
                                        ]
                                }
                            } else {
                                result.append(next)
                            }
                            index += 2
                            continue
                        }
                        if byte == 0x26 {
                            result += bytes[start..<end]
                        } else {
                            result.append(byte)
                        }
                        index += 1
                    }
                    if end == start {
                        if start < length { result.append(bytes[start]) }
                        offset = start + 1
                    } else {
                        offset = end
                    }
                }
            }
        }
        if offset < length { result += bytes[offset...] }
        return result
    }
}
