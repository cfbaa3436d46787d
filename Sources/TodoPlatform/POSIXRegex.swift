#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A compiled POSIX regular expression (`regcomp`) that owns its `regex_t` and frees it
/// (`regfree`) when it goes away, so that a long-running process can compile as many as it likes.
///
/// The `regex_t` lives in its own allocation: the C library may keep pointers into it, so it
/// must never move, which a stored property of a Swift value could.
package final class POSIXRegex {
    /// Why a pattern did not compile, in the C library's words (`Unmatched ( or \(`).
    package struct Invalid: Error, Sendable {
        /// The pattern as given.
        package var pattern: String
        /// `regerror`'s message.
        package var reason: String

        /// A pattern refused with `reason` (also before it reaches `regcomp`).
        package init(pattern: String, reason: String) {
            self.pattern = pattern
            self.reason = reason
        }
    }

    /// One group of a match: byte offsets into the text, or `nil` when the group took no part.
    package typealias Group = Range<Int>?

    private let compiled: UnsafeMutablePointer<regex_t>

    /// Compiles `pattern`: basic syntax (BRE) unless `extended`, case-insensitive when asked,
    /// in the current locale.
    package init(
        _ pattern: String, extended: Bool = false, ignoringCase: Bool = false
    )
        throws(Invalid)
    {
        ProcessState.adoptEnvironmentLocale()
        var flags: Int32 = 0
        if ignoringCase { flags |= REG_ICASE }
        if extended { flags |= REG_EXTENDED }
        let compiled = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
        compiled.initialize(to: regex_t())
        let status = regcomp(compiled, pattern, flags)
        guard status == 0 else {
            var message = [CChar](repeating: 0, count: 256)
            regerror(status, compiled, &message, message.count)
            // A failed regcomp frees what it allocated; the regex_t itself is ours.
            compiled.deinitialize(count: 1)
            compiled.deallocate()
            let reason = String(
                decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Invalid(pattern: pattern, reason: reason)
        }
        self.compiled = compiled
    }

    deinit {
        regfree(compiled)
        compiled.deinitialize(count: 1)
        compiled.deallocate()
    }

    /// Whether the pattern matches somewhere in a NUL-terminated text.
    package func matches(cString text: UnsafePointer<CChar>) -> Bool {
        regexec(compiled, text, 0, nil, 0) == 0
    }

    /// Whether the pattern matches somewhere in `bytes` (a NUL byte ends the text, as in C).
    package func matches(_ bytes: some Collection<UInt8>) -> Bool {
        var text = Array(bytes)
        text.append(0)
        return text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                chars.baseAddress.map { matches(cString: $0) } ?? false
            }
        }
    }

    /// The first match in a NUL-terminated text and up to `groups - 1` of its groups (offsets
    /// relative to `text`), or `nil`. `notAtLineStart` keeps `^` from matching at `text`.
    package func firstMatch(
        cString text: UnsafePointer<CChar>, groups: Int, notAtLineStart: Bool
    ) -> [Group]? {
        var found = [regmatch_t](repeating: regmatch_t(), count: max(groups, 1))
        let flags: Int32 = notAtLineStart ? REG_NOTBOL : 0
        guard regexec(compiled, text, found.count, &found, flags) == 0 else { return nil }
        return found.map { group in
            group.rm_so < 0 ? nil : Int(group.rm_so)..<Int(group.rm_eo)
        }
    }
}

/// Compares two byte strings in the current locale's collation order (`strcoll`).
package func collationOrder(_ left: [UInt8], _ right: [UInt8]) -> Int32 {
    ProcessState.adoptEnvironmentLocale()
    let a = left + [0]
    let b = right + [0]
    return a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in
            x.withMemoryRebound(to: CChar.self) { cx in
                y.withMemoryRebound(to: CChar.self) { cy -> Int32 in
                    guard let first = cx.baseAddress, let second = cy.baseAddress else { return 0 }
                    return strcoll(first, second)
                }
            }
        }
    }
}
