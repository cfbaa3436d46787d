import Glibc

/// A POSIX regular expression compiled with Glibc's `regcomp`, as grep and sed use them:
/// basic syntax (BRE) by default, optionally case-insensitive, matched in the current locale.
final class BasicRegex {
    private var compiled = regex_t()
    /// The pattern as given.
    let pattern: String
    /// For a case-insensitive pattern made only of ASCII letters, digits and other characters
    /// that are literal in a BRE: the pattern upper-cased, searched for directly in text that
    /// cannot fold differently (see ``foldsLikeASCII(_:)``).
    private var literal: [UInt8]?

    /// Why a pattern did not compile, in regcomp's words.
    struct Invalid: Error {
        var pattern: String
        var reason: String
    }

    init(_ pattern: String, ignoringCase: Bool = false, extended: Bool = false) throws(Invalid) {
        self.pattern = pattern
        var flags: Int32 = 0
        if ignoringCase { flags |= REG_ICASE }
        if extended { flags |= REG_EXTENDED }
        let status = regcomp(&compiled, pattern, flags)
        if status != 0 {
            var message = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &message, message.count)
            let reason = String(
                decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            regfree(&compiled)
            throw Invalid(pattern: pattern, reason: reason)
        }
        if ignoringCase && !extended { literal = BasicRegex.asciiLiteral(pattern) }
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
                var regex = regex_t()
                let patternText = String(decoding: [pattern], as: UTF8.self)
                guard regcomp(&regex, patternText, REG_ICASE) == 0 else { return false }
                let matched = regexec(&regex, String(decoding: [text], as: UTF8.self), 0, nil, 0)
                regfree(&regex)
                if matched != 0 { return false }
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

    /// Whether the upper-cased `literal` occurs in `text` with ASCII letters folded.
    private static func containsFolded(
        _ text: UnsafeBufferPointer<UInt8>, _ literal: [UInt8]
    )
        -> Bool
    {
        literal.withUnsafeBufferPointer { needle in
            let count = needle.count
            guard count <= text.count, let first = needle.first else { return false }
            var start = 0
            let last = text.count - count
            while start <= last {
                var byte = text[start]
                if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
                if byte == first {
                    var offset = 1
                    while offset < count {
                        var other = text[start + offset]
                        if other >= 0x61 && other <= 0x7A { other -= 0x20 }
                        if other != needle[offset] { break }
                        offset += 1
                    }
                    if offset == count { return true }
                }
                start += 1
            }
            return false
        }
    }

    deinit { regfree(&compiled) }

    /// Whether the pattern matches anywhere in `bytes` (a NUL byte ends the text, as in C).
    func matches(_ bytes: some Collection<UInt8>) -> Bool {
        var text = Array(bytes)
        text.append(0)
        return text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                regexec(&compiled, chars.baseAddress, 0, nil, 0) == 0
            }
        }
    }

    /// Whether the pattern matches anywhere in `text` (a NUL byte ends the text, as in C).
    /// `text` is used as scratch space and given back unchanged.
    func matches(text: inout [UInt8]) -> Bool {
        if let literal {
            let found: Bool? = text.withUnsafeBufferPointer { buffer in
                // A NUL byte would end the text for regexec: leave such text to it.
                guard !buffer.contains(0), BasicRegex.foldsLikeASCII(buffer) else { return nil }
                return BasicRegex.containsFolded(buffer, literal)
            }
            if let found { return found }
        }
        text.append(0)
        defer { text.removeLast() }
        return text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                regexec(&compiled, chars.baseAddress, 0, nil, 0) == 0
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
        var groups = [regmatch_t](repeating: regmatch_t(), count: 10)
        let length = bytes.count
        text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress else { return }
                while offset <= length {
                    let flags: Int32 = offset > 0 ? REG_NOTBOL : 0
                    guard regexec(&compiled, base + offset, 10, &groups, flags) == 0 else { break }
                    let start = offset + Int(groups[0].rm_so)
                    let end = offset + Int(groups[0].rm_eo)
                    result += bytes[offset..<start]
                    var index = 0
                    while index < replacement.count {
                        let byte = replacement[index]
                        if byte == 0x5C, index + 1 < replacement.count {
                            let next = replacement[index + 1]
                            if next >= 0x30 && next <= 0x39 {
                                let group = groups[Int(next - 0x30)]
                                if group.rm_so >= 0 {
                                    result +=
                                        bytes[
                                            (offset + Int(group.rm_so))..<(offset + Int(group.rm_eo))
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
