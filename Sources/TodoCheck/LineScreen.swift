import TodoJSON
import TodoTxt

/// A quick look at one line that clears the common line without parsing it: only a line the
/// look cannot clear goes through ``LineCheck``, which stays the one statement of the rules.
///
/// The look is conservative: it may send a clean line to ``LineCheck``, but it clears a line
/// only when no rule can find anything on it. One pass over the line, sixteen bytes at a time,
/// finds its end (the LF), hashes it for the duplicate rule, and notes what a rule needs to
/// see: a tab, a colon (after `t` or `due`, a valid date and a space or the end must follow
/// it), and bytes of 0x80 or more, which must be well-formed UTF-8.
/// The header is then read the way ``TODOItem`` parses it.
struct LineScreen {
    /// What the look found.
    enum Verdict: Equatable {
        /// No rule finds anything on the line.
        case clean
        /// Only ``Rule/creationAfterCompletion``: a completed task with both dates, created
        /// after it was completed, and nothing else wrong.
        case laterCreation(creation: DateBytes, completion: DateBytes)
        /// Something may be wrong: ask ``LineCheck``.
        case suspect
    }

    /// The verdict.
    let verdict: Verdict
    /// The line's hash (see ``DuplicateHash``), or 0 for a blank line (only spaces and tabs, or
    /// nothing). Not set (0) for a ``Verdict/suspect`` line.
    let hash: UInt64
    /// The length of the line's content (without its terminator).
    let count: Int
    /// How the line ends.
    let terminator: LineTerminator

    private static let lows: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Flags (0x80) the bytes of `word` that equal the byte repeated in `pattern`; a flag
    /// just above a real one may be false, never a flag below all real ones or without one.
    @inline(__always)
    private static func flags(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let zeroed = word ^ pattern
        return (zeroed &- lows) & ~zeroed & highs
    }

    /// The little-endian word of the eight bytes at `offset`.
    @inline(__always)
    private static func load(_ line: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(
            littleEndian: UnsafeRawPointer(line).loadUnaligned(
                fromByteOffset: offset, as: UInt64.self))
    }

    /// Looks at the line that starts at `line`, of which `readable` bytes may be read: up to
    /// and including its LF, or all of them when there is none (the last line of a file
    /// without a final newline).
    @inline(__always)
    init(_ line: UnsafePointer<UInt8>, readable: Int) {
        // Sixteen lanes of one byte each, compared all at once (SSE2 on x86-64).
        let lineFeeds = SIMD16<UInt8>(repeating: 0x0A)
        let tabs = SIMD16<UInt8>(repeating: 0x09)
        let colons = SIMD16<UInt8>(repeating: 0x3A)
        let highBits = SIMD16<UInt8>(repeating: 0xE0)
        let zeros = SIMD16<UInt8>(repeating: 0)
        let topTwo = SIMD16<UInt8>(repeating: 0xC0)
        let topThree = SIMD16<UInt8>(repeating: 0xE0)
        let topFour = SIMD16<UInt8>(repeating: 0xF0)
        let allButLow = SIMD16<UInt8>(repeating: 0xFE)
        let continuations = SIMD16<UInt8>(repeating: 0x80)
        let narrowThree = SIMD16<UInt8>(repeating: 0xED)
        /// The lanes of a comparison as two words, 0xFF in each byte that matched.
        func words(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD2<UInt64> {
            unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        }
        /// Where the sixteen bytes in `lanes` may break UTF-8 (0xFF bytes), `carry` being the
        /// continuation bytes the bytes before still ask for (as bytes of 0xFF at the start of
        /// these), and sets `carry` to those these ask of the next ones.
        ///
        /// The bytes pass when they hold only ASCII, two-byte sequences led by C2-DF and
        /// three-byte sequences led by E1-EC or EE-EF, each lead followed by exactly its
        /// continuation bytes (80-BF) and every continuation byte following its lead: all of
        /// these are well-formed UTF-8. Anything else (the leads C0, C1, E0, ED and F0-FF,
        /// whose second byte has a narrower range, or a misplaced byte) is flagged, and the
        /// line is then read by ``WellFormedUTF8``.
        @inline(__always)
        func utf8Slips(_ lanes: SIMD16<UInt8>, _ carry: inout UInt64) -> UInt64 {
            let continuation = words((lanes & topTwo) .== continuations)
            let leadOfThree = words((lanes & topFour) .== topThree)
            let leads = words((lanes & topThree) .== topTwo) | leadOfThree
            let narrow = words(
                ((lanes & allButLow) .== topTwo) .| (lanes .== topThree) .| (lanes .== narrowThree)
                    .| ((lanes & topFour) .== topFour))
            // The continuation bytes each word's leads ask for, in the word and the next.
            let expected = (leads[0] << 8) | (leadOfThree[0] << 16) | carry
            let between = (leads[0] >> 56) | (leadOfThree[0] >> 48)
            let expectedNext = (leads[1] << 8) | (leadOfThree[1] << 16) | between
            carry = (leads[1] >> 56) | (leadOfThree[1] >> 48)
            return (continuation[0] ^ expected) | (continuation[1] ^ expectedNext) | narrow[0]
                | narrow[1]
        }
        var hash = DuplicateHash.seed
        var marks: UInt64 = 0
        var taggedBadly = false
        var slips: UInt64 = 0
        var carry: UInt64 = 0
        // The bytes before the LF (a CR among them), or before the end.
        var length = readable
        var hasLineFeed = false
        /// Takes in the sixteen bytes at `offset` as two words; sets `hasLineFeed` when they
        /// hold the LF.
        @inline(__always)
        func take(_ first: UInt64, _ second: UInt64, at offset: Int) {
            var first = first
            var second = second
            var lanes = unsafeBitCast(SIMD2(first, second), to: SIMD16<UInt8>.self)
            // Bytes below 0x20 (the LF, a tab, a CR, or the zeros past the end) and colons
            // are rare: one test for all of them, then a look at which they are.
            let rare = words(((lanes & highBits) .== zeros) .| (lanes .== colons))
            if rare[0] | rare[1] != 0 {
                let ends = words(lanes .== lineFeeds)
                if ends[0] | ends[1] != 0 {
                    // Keep the bytes before the LF.
                    let end =
                        ends[0] != 0
                        ? ends[0].trailingZeroBitCount / 8 : 8 + ends[1].trailingZeroBitCount / 8
                    if end < 8 {
                        first &= (1 << UInt64(end * 8)) &- 1
                        second = 0
                    } else {
                        second &= (1 << UInt64((end - 8) * 8)) &- 1
                    }
                    lanes = unsafeBitCast(SIMD2(first, second), to: SIMD16<UInt8>.self)
                    length = offset + end
                    hasLineFeed = true
                    if end == 0 { return }
                }
                let tabbed = words(lanes .== tabs)
                marks |= tabbed[0] | tabbed[1]
                let found = words(lanes .== colons)
                if found[0] | found[1] != 0
                    && !Self.clearsTags(
                        line, readable: readable, at: offset, found[0] & Self.highs,
                        found[1] & Self.highs)
                {
                    taggedBadly = true
                }
            }
            hash = DuplicateHash.step(hash, first, second)
            if (first | second | carry) & Self.highs != 0 {
                slips |= utf8Slips(lanes, &carry)
            }
        }
        var offset = 0
        while offset &+ 16 <= readable {
            let first = Self.load(line, offset)
            let second = Self.load(line, offset &+ 8)
            let lanes = unsafeBitCast(SIMD2(first, second), to: SIMD16<UInt8>.self)
            let rare = words(((lanes & highBits) .== zeros) .| (lanes .== colons))
            if rare[0] | rare[1] == 0 {
                // The common case of ``take``, spelled out: no LF, tab or colon.
                hash = DuplicateHash.step(hash, first, second)
                if (first | second | carry) & Self.highs != 0 {
                    slips |= utf8Slips(lanes, &carry)
                }
                offset &+= 16
                continue
            }
            take(first, second, at: offset)
            if hasLineFeed { break }
            offset &+= 16
        }
        if !hasLineFeed && offset < readable {
            // The last bytes that may be read, and zeros after them.
            take(
                DuplicateHash.word(line, count: readable, readable: readable, at: offset),
                DuplicateHash.word(line, count: readable, readable: readable, at: offset + 8),
                at: offset)
        }
        var count = length
        var terminator = LineTerminator.none
        if hasLineFeed {
            terminator = .lf
            if length > 0 && line[length - 1] == 0x0D {
                terminator = .crlf
                count -= 1
            }
        }
        self.count = count
        self.terminator = terminator
        guard count > 0 else {
            self.verdict = .clean
            self.hash = 0
            return
        }
        let last = line[count - 1]
        guard last != 0x20 && last != 0x09, marks == 0,
            !taggedBadly,
            slips | carry == 0
                || WellFormedUTF8.firstInvalidByte(
                    in: UnsafeBufferPointer(start: line, count: count))
                    == nil,
            case let header = Self.header(line, count: count), header != Self.suspectHeader
        else {
            self.verdict = .suspect
            self.hash = 0
            return
        }
        if header == Self.laterCreation {
            // ``header(_:count:)`` found both dates valid.
            self.verdict = .laterCreation(
                creation: DateBytes(validAt: line + 13), completion: DateBytes(validAt: line + 2))
        } else {
            self.verdict = .clean
        }
        // The hash above took in the CR of a CRLF line.
        self.hash =
            terminator == .crlf
            ? DuplicateHash.hash(line, count: count) : DuplicateHash.finish(hash, count: count)
    }

    /// Whether none of the colons flagged (0x80) in the words `first` and `second` at `offset`
    /// is the one of a `due:` or `t:` tag with a bad value; `readable` bytes from `line` on may
    /// be read.
    @inline(never)
    private static func clearsTags(
        _ line: UnsafePointer<UInt8>, readable: Int, at offset: Int, _ first: UInt64,
        _ second: UInt64
    ) -> Bool {
        // The flags of the first word, then those of the second.
        var rest = first
        var start = offset
        var isFirst = true
        while true {
            while rest != 0 {
                let position = start &+ rest.trailingZeroBitCount &>> 3
                rest &= rest &- 1
                if !clearsTag(line, readable: readable, colon: position) {
                    return false
                }
            }
            guard isFirst else { return true }
            isFirst = false
            rest = second
            start = offset &+ 8
        }
    }

    /// Whether a colon at `colon` (before the line's LF) cannot be the one of a `due:` or `t:`
    /// tag with a bad value: no word starts with `t` or `due` just before it, or a valid date
    /// follows it and then a space or the line's end (its LF, its CRLF, or the end of what may
    /// be read). A tag's key is its word up to the first colon; a word starts at the start of
    /// the line or after a space, tabs being left to ``LineCheck``.
    @inline(__always)
    private static func clearsTag(_ line: UnsafePointer<UInt8>, readable: Int, colon: Int) -> Bool {
        let isKey: Bool
        if colon >= 4 {
            // The four bytes before the colon, tested as one word for ` due` and ` t`: which
            // of the keys a colon follows is as likely one as another, and a branch for each
            // would often be guessed wrong.
            let word = UInt32(
                littleEndian: UnsafeRawPointer(line + colon - 4).loadUnaligned(as: UInt32.self))
            isKey = word == 0x6575_6420 || word & 0xFFFF_0000 == 0x7420_0000
        } else {
            func startsWord(_ index: Int) -> Bool { index == 0 || line[index - 1] == 0x20 }
            guard colon >= 1 else { return true }
            let before = line[colon - 1]
            isKey =
                (before == 0x74 && startsWord(colon - 1))
                || (before == 0x65 && colon == 3 && line[0] == 0x64 && line[1] == 0x75)
        }
        guard isKey else { return true }
        let end = colon + 11
        guard end <= readable, DateBytes.isValid(at: line + colon + 1) else { return false }
        if end == readable { return true }
        let next = line[end]
        return next == 0x20 || next == 0x0A
            || (next == 0x0D && end + 1 < readable && line[end + 1] == 0x0A)
    }

    /// What the header rules (a done mark, a priority, the dates, and the first word after
    /// them) make of the line, as ``TODOItem`` parses it: ``clearHeader``, ``laterCreation``
    /// (`x DATE DATE` with the second date later, which is all), or ``suspectHeader`` when the
    /// line needs ``LineCheck``, including a first description byte that could start a date,
    /// a spaced date or a priority.
    @inline(__always)
    private static func header(_ line: UnsafePointer<UInt8>, count: Int) -> Int {
        let first = line[0]
        if count >= 2 && line[1] == 0x20 {
            if first == 0x58 { return suspectHeader }
            if first == 0x78 {
                guard isDate(line, count: count, at: 2) else {
                    return plainStart(line, count: count, at: 2, afterDate: false)
                }
                guard isDate(line, count: count, at: 13) else {
                    return plainStart(line, count: count, at: 13, afterDate: false)
                }
                let verdict = plainStart(line, count: count, at: 24, afterDate: true)
                return verdict == clearHeader && isLater(line + 13, than: line + 2)
                    ? laterCreation : verdict
            }
        }
        var start = 0
        if first == 0x28 {
            guard count >= 4, line[2] == 0x29, line[3] == 0x20, line[1] &- 0x41 < 26 else {
                return suspectHeader
            }
            start = 4
        }
        if isDate(line, count: count, at: start) {
            return plainStart(line, count: count, at: start + 11, afterDate: true)
        }
        return plainStart(line, count: count, at: start, afterDate: false)
    }

    private static let clearHeader = 0
    private static let laterCreation = 1
    private static let suspectHeader = 2

    /// Whether a valid date and a space are at `offset`.
    @inline(__always)
    private static func isDate(_ line: UnsafePointer<UInt8>, count: Int, at offset: Int) -> Bool {
        count - offset >= 11 && line[offset + 10] == 0x20 && DateBytes.isValid(at: line + offset)
    }

    /// Whether the valid date at `date` is later than the one at `other`.
    @inline(__always)
    private static func isLater(
        _ date: UnsafePointer<UInt8>, than other: UnsafePointer<UInt8>
    )
        -> Bool
    {
        func key(_ pointer: UnsafePointer<UInt8>) -> (UInt64, UInt16) {
            let raw = UnsafeRawPointer(pointer)
            return (
                UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)),
                UInt16(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
            )
        }
        return key(date) > key(other)
    }

    /// ``clearHeader`` when the description may start at `start` without a finding there (the
    /// end, or a byte that is no space, no `(`, and, unless a date came just before, no digit),
    /// else ``suspectHeader``.
    @inline(__always)
    private static func plainStart(
        _ line: UnsafePointer<UInt8>, count: Int, at start: Int, afterDate: Bool
    ) -> Int {
        guard start < count else { return clearHeader }
        let first = line[start]
        if first == 0x20 || first == 0x28 || (!afterDate && first &- 0x30 < 10) {
            return suspectHeader
        }
        return clearHeader
    }
}
