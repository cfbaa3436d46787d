/// Reads the pattern of a `/regex/` into a ``RegexNode`` tree, refusing what the engine does not
/// support and anything past its limits before building anything large.
///
/// The dialect: literals, `.`, classes `[...]` with ranges, negation and `[:name:]`, the
/// shorthands `\w \W \s \S \d \D` (ASCII), anchors `^ $`, `\b \B`, groups `(...)` and `(?:...)`,
/// alternation `|`, and `* + ? {m} {m,} {m,n} {,n}` (a trailing `?` is accepted and changes
/// nothing, since only whether a line matches counts). Groups nest at most ``nestingLimit``
/// deep, so the recursion here and in the compiler is bounded.
struct RegexParser {
    /// The longest pattern accepted, in bytes.
    static let lengthLimit = 4096
    /// How deeply groups may nest.
    static let nestingLimit = 64
    /// The largest count in `{m,n}`.
    static let repetitionLimit = 1000

    private let pattern: [UInt8]
    private let ignoresCase: Bool
    private var index = 0
    private var depth = 0

    /// Prepares to read `pattern`; with `ignoresCase`, every letter also matches its other case.
    init(_ pattern: some Collection<UInt8>, ignoresCase: Bool) {
        self.pattern = Array(pattern)
        self.ignoresCase = ignoresCase
    }

    /// The tree of the whole pattern.
    mutating func parse() throws(RegexError) -> RegexNode {
        guard pattern.count <= RegexParser.lengthLimit else {
            throw RegexError(
                "regex too long", .whole, note: "limit \(RegexParser.lengthLimit) bytes")
        }
        let node = try parseAlternation()
        if index < pattern.count { throw RegexError("unmatched ')'") }
        return node
    }

    // MARK: Structure

    private var peek: UInt8? { index < pattern.count ? pattern[index] : nil }

    private func byte(at offset: Int) -> UInt8? {
        offset < pattern.count ? pattern[offset] : nil
    }

    private mutating func parseAlternation() throws(RegexError) -> RegexNode {
        var branches = [try parseConcatenation()]
        while peek == 0x7C {
            index += 1
            branches.append(try parseConcatenation())
        }
        return branches.count == 1 ? branches[0] : .alternate(branches)
    }

    private mutating func parseConcatenation() throws(RegexError) -> RegexNode {
        var items: [RegexNode] = []
        while let byte = peek, byte != 0x7C, byte != 0x29 {
            let atom = try parseAtom()
            items.append(try parseQuantifiers(after: atom))
        }
        return items.count == 1 ? items[0] : .concat(items)
    }

    /// A quantifier's bounds at the current byte and the offset after it, if there is one.
    private func quantifier() throws(RegexError) -> (min: Int, max: Int?, end: Int)? {
        switch peek {
        case 0x2A: return (0, nil, index + 1)
        case 0x2B: return (1, nil, index + 1)
        case 0x3F: return (0, 1, index + 1)
        case 0x7B: return try braces()
        default: return nil
        }
    }

    /// `{m}`, `{m,}`, `{m,n}` or `{,n}` at the current byte; `nil` when the brace does not start
    /// one (it is then a literal `{`).
    private func braces() throws(RegexError) -> (min: Int, max: Int?, end: Int)? {
        var offset = index + 1
        func number(_ offset: inout Int) -> Int?? {
            let start = offset
            var value = 0
            while let byte = byte(at: offset), byte >= 0x30 && byte <= 0x39 {
                value = min(value * 10 + Int(byte - 0x30), Int(Int32.max))
                offset += 1
            }
            return offset == start ? .some(nil) : .some(value)
        }
        guard let low = number(&offset) else { return nil }
        var high: Int? = low
        if byte(at: offset) == 0x2C {
            offset += 1
            guard let parsed = number(&offset) else { return nil }
            high = parsed
            if low == nil && high == nil { return nil }
        } else if low == nil {
            return nil
        }
        guard byte(at: offset) == 0x7D else { return nil }
        let minimum = low ?? 0
        if minimum > RegexParser.repetitionLimit || (high ?? 0) > RegexParser.repetitionLimit {
            throw RegexError(
                "repetition count too large", .at(index),
                note: "limit \(RegexParser.repetitionLimit)")
        }
        if let high, high < minimum {
            throw RegexError("repetition '{\(minimum),\(high)}' runs backwards")
        }
        return (minimum, high, offset + 1)
    }

    private mutating func parseQuantifiers(after atom: RegexNode) throws(RegexError) -> RegexNode {
        guard let (minimum, maximum, end) = try quantifier() else { return atom }
        if case .assertion = atom { throw RegexError("nothing to repeat before a quantifier") }
        index = end
        if peek == 0x3F {
            index += 1  // lazy: the same lines match
        } else if peek == 0x2B {
            throw RegexError("possessive quantifiers are not supported", .at(index))
        }
        if try quantifier() != nil { throw RegexError("a quantifier follows a quantifier") }
        return .repetition(atom, min: minimum, max: maximum)
    }

    // MARK: Atoms

    private mutating func parseAtom() throws(RegexError) -> RegexNode {
        let start = index
        let byte = pattern[index]
        switch byte {
        case 0x28:
            return try parseGroup()
        case 0x2A, 0x2B, 0x3F:
            throw RegexError("nothing to repeat before a quantifier")
        case 0x7B:
            if try braces() != nil { throw RegexError("nothing to repeat before a quantifier") }
            index += 1
            return literal(0x7B)
        case 0x5B:
            return .set(try parseClass())
        case 0x2E:
            index += 1
            return .set(.any)
        case 0x5E:
            index += 1
            return .assertion(.lineStart)
        case 0x24:
            index += 1
            return .assertion(.lineEnd)
        case 0x5C:
            index += 1
            guard let escaped = peek else { throw RegexError("trailing backslash") }
            switch escaped {
            case 0x62:
                index += 1
                return .assertion(.wordBoundary)
            case 0x42:
                index += 1
                return .assertion(.notWordBoundary)
            default:
                return .set(try escape(from: start))
            }
        default:
            return literal(scalar())
        }
    }

    private mutating func parseGroup() throws(RegexError) -> RegexNode {
        let open = index
        depth += 1
        guard depth <= RegexParser.nestingLimit else {
            throw RegexError(
                "regex nested too deeply", .at(open), note: "limit \(RegexParser.nestingLimit)")
        }
        index += 1
        if peek == 0x3F {
            switch byte(at: index + 1) {
            case 0x3A:
                index += 2
            case 0x3D, 0x21:
                throw RegexError("lookahead is not supported in a regex", .at(open))
            case 0x3C where byte(at: index + 2) == 0x3D || byte(at: index + 2) == 0x21:
                throw RegexError("lookbehind is not supported in a regex", .at(open))
            default:
                throw RegexError(
                    "group syntax '(?' is not supported in a regex (only '(?:')", .at(open))
            }
        }
        let node = try parseAlternation()
        guard peek == 0x29 else { throw RegexError("missing ')'") }
        index += 1
        depth -= 1
        return node
    }

    /// The scalar at the current byte (or the lone byte, when it is not valid UTF-8), consumed.
    private mutating func scalar() -> UInt32 {
        let (value, length) = RegexParser.decode(pattern, at: index)
        index += length
        return value
    }

    /// The scalar at `offset` and its length in bytes; an invalid byte reads as itself with the
    /// top bit marking it (so it is never a valid scalar value).
    static func decode(_ bytes: [UInt8], at offset: Int) -> (UInt32, Int) {
        let first = bytes[offset]
        if first < 0x80 { return (UInt32(first), 1) }
        let length: Int
        var value: UInt32
        switch first {
        case 0xC2...0xDF: (length, value) = (2, UInt32(first & 0x1F))
        case 0xE0...0xEF: (length, value) = (3, UInt32(first & 0x0F))
        case 0xF0...0xF4: (length, value) = (4, UInt32(first & 0x07))
        default: return (invalidMark | UInt32(first), 1)
        }
        guard offset + length <= bytes.count else { return (invalidMark | UInt32(first), 1) }
        for next in bytes[(offset + 1)..<(offset + length)] {
            guard next & 0xC0 == 0x80 else { return (invalidMark | UInt32(first), 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        let smallest: UInt32 = length == 2 ? 0x80 : (length == 3 ? 0x800 : 0x1_0000)
        guard value >= smallest, value <= ScalarSet.maxScalar, !(0xD800...0xDFFF).contains(value)
        else { return (invalidMark | UInt32(first), 1) }
        return (value, length)
    }

    /// Marks a lone byte returned by ``decode(_:at:)``.
    static let invalidMark: UInt32 = 0x8000_0000

    /// A literal scalar (with its other case under the `i` flag), or a lone invalid byte.
    private func literal(_ value: UInt32) -> RegexNode {
        .set(single(value))
    }

    private func single(_ value: UInt32) -> ScalarSet {
        if value & RegexParser.invalidMark != 0 {
            var set = ScalarSet()
            set.literalBytes.append(UInt8(truncatingIfNeeded: value))
            return set
        }
        let set = ScalarSet(scalar: value)
        return ignoresCase ? set.caseFolded() : set
    }

    /// Reads the escape whose backslash is at `start` (the current byte is the one after it).
    private mutating func escape(from start: Int) throws(RegexError) -> ScalarSet {
        guard let escaped = peek else { throw RegexError("trailing backslash") }
        let shown = "'\\" + String(decoding: [escaped], as: UTF8.self) + "'"
        switch escaped {
        case 0x31...0x39:
            throw RegexError("backreference \(shown) is not supported in a regex", .at(start))
        case 0x6B, 0x67:
            throw RegexError("backreference \(shown) is not supported in a regex", .at(start))
        case 0x77, 0x57, 0x73, 0x53, 0x64, 0x44:
            index += 1
            return RegexParser.shorthand(escaped)
        case 0x6E, 0x74, 0x72, 0x66, 0x76:
            index += 1
            let control: [UInt8: UInt32] = [
                0x6E: 0x0A, 0x74: 0x09, 0x72: 0x0D, 0x66: 0x0C, 0x76: 0x0B,
            ]
            return ScalarSet(scalar: control[escaped] ?? 0)
        default:
            let isASCIIAlphanumeric =
                (escaped >= 0x30 && escaped <= 0x39)
                || (escaped | 0x20 >= 0x61 && escaped | 0x20 <= 0x7A)
            if isASCIIAlphanumeric {
                throw RegexError("escape \(shown) is not supported in a regex", .at(start))
            }
            return single(scalar())
        }
    }

    /// `\w \W \s \S \d \D`, all ASCII; the negated ones hold every non-ASCII scalar.
    static func shorthand(_ letter: UInt8) -> ScalarSet {
        var set = ScalarSet()
        switch letter | 0x20 {
        case 0x77:
            set.insert(0x30...0x39)
            set.insert(0x41...0x5A)
            set.insert(0x5F...0x5F)
            set.insert(0x61...0x7A)
        case 0x73:
            set.insert(0x09...0x0D)
            set.insert(0x20...0x20)
        default:
            set.insert(0x30...0x39)
        }
        return letter & 0x20 == 0 ? set.inverted() : set
    }

    /// `[...]` at the current byte.
    private mutating func parseClass() throws(RegexError) -> ScalarSet {
        index += 1
        var negated = false
        if peek == 0x5E {
            negated = true
            index += 1
        }
        var set = ScalarSet()
        var first = true
        while true {
            guard let byte = peek else { throw RegexError("missing ']'") }
            if byte == 0x5D && !first { break }
            first = false
            if byte == 0x5B && self.byte(at: index + 1) == 0x3A, let named = try posixClass() {
                set.formUnion(named)
                continue
            }
            let low = try classMember()
            guard case .scalar(let lowValue) = low else {
                if case .set(let members) = low { set.formUnion(members) }
                continue
            }
            if peek == 0x2D, let after = self.byte(at: index + 1), after != 0x5D {
                index += 1
                guard case .scalar(let highValue) = try classMember(),
                    lowValue & RegexParser.invalidMark == 0,
                    highValue & RegexParser.invalidMark == 0
                else { throw RegexError("invalid range in a class") }
                guard lowValue <= highValue else {
                    throw RegexError("range in a class runs backwards")
                }
                set.insert(lowValue...highValue)
            } else if lowValue & RegexParser.invalidMark != 0 {
                set.literalBytes.append(UInt8(truncatingIfNeeded: lowValue))
            } else {
                set.insert(lowValue...lowValue)
            }
        }
        index += 1
        if ignoresCase { set = set.caseFolded() }
        return negated ? set.inverted() : set
    }

    /// One member of a class: a scalar, or a set from an escape such as `\d`.
    private enum Member {
        case scalar(UInt32)
        case set(ScalarSet)
    }

    private mutating func classMember() throws(RegexError) -> Member {
        guard peek == 0x5C else { return .scalar(scalar()) }
        let start = index
        index += 1
        guard let escaped = peek else { throw RegexError("trailing backslash") }
        switch escaped {
        case 0x77, 0x57, 0x73, 0x53, 0x64, 0x44:
            index += 1
            return .set(RegexParser.shorthand(escaped))
        default:
            let set = try escape(from: start)
            if set.ranges.count == 1, let only = set.ranges.first, only.count == 1,
                set.literalBytes.isEmpty
            {
                return .scalar(only.lowerBound)
            }
            return .set(set)
        }
    }

    /// `[:name:]` at the current byte, or `nil` when no `:]` closes it (the `[` is then literal).
    private mutating func posixClass() throws(RegexError) -> ScalarSet? {
        var end = index + 2
        while end + 1 < pattern.count && !(pattern[end] == 0x3A && pattern[end + 1] == 0x5D) {
            guard pattern[end] >= 0x61 && pattern[end] <= 0x7A else { return nil }
            end += 1
        }
        guard end + 1 < pattern.count else { return nil }
        let name = String(decoding: pattern[(index + 2)..<end], as: UTF8.self)
        let ranges: [ClosedRange<UInt32>]
        switch name {
        case "alpha": ranges = [0x41...0x5A, 0x61...0x7A]
        case "digit": ranges = [0x30...0x39]
        case "alnum": ranges = [0x30...0x39, 0x41...0x5A, 0x61...0x7A]
        case "upper": ranges = [0x41...0x5A]
        case "lower": ranges = [0x61...0x7A]
        case "space": ranges = [0x09...0x0D, 0x20...0x20]
        case "blank": ranges = [0x09...0x09, 0x20...0x20]
        case "punct": ranges = [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E]
        case "xdigit": ranges = [0x30...0x39, 0x41...0x46, 0x61...0x66]
        case "word": ranges = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
        case "cntrl": ranges = [0x00...0x1F, 0x7F...0x7F]
        case "print": ranges = [0x20...0x7E]
        case "graph": ranges = [0x21...0x7E]
        default: throw RegexError("unknown class '[:\(name):]'")
        }
        var set = ScalarSet()
        for range in ranges { set.insert(range) }
        index = end + 2
        return set
    }
}
