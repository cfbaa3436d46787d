import Glibc

/// A POSIX regular expression compiled with Glibc's `regcomp`, as grep and sed use them:
/// basic syntax (BRE) by default, optionally case-insensitive, matched in the current locale.
final class BasicRegex {
    private var compiled = regex_t()
    /// The pattern as given.
    let pattern: String

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
