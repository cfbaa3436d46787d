import TodoJSON

/// A quick look at one line that clears the common line without parsing it: only a line the
/// look cannot clear goes through ``LineCheck``, which stays the one statement of the rules.
///
/// The look is conservative: it may send a clean line to ``LineCheck``, but it clears a line
/// only when no rule can find anything on it. It reads the header the way ``TODOItem`` parses
/// it, and the rest eight bytes at a time for what a rule needs to see: a tab, a byte of
/// 0x80 or more (then the line must be well-formed UTF-8), a colon after `t` or `due` (then a
/// valid date and a space or the end must follow it). The same pass hashes the line for the
/// duplicate rule.
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
    /// The line's hash (see ``LineHash``), or 0 for a blank line (only spaces and tabs, or
    /// nothing). Not set for a ``Verdict/suspect`` line.
    let hash: UInt64

    private static let lows: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Flags the bytes of `word` that equal the byte repeated in `pattern`; a flag above a real
    /// one may be false, never a flag below all real ones.
    @inline(__always)
    private static func flags(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let zeroed = word ^ pattern
        return (zeroed &- lows) & ~zeroed & highs
    }

    /// Looks at the `count` bytes at `line` (a line's content, without its terminator);
    /// `readable` bytes from `line` on may be read (at least `count`).
    @inline(__always)
    init(_ line: UnsafePointer<UInt8>, count: Int, readable: Int) {
        guard count > 0 else {
            self.init(verdict: .clean, hash: 0)
            return
        }
        let last = line[count - 1]
        guard last != 0x20 && last != 0x09, let header = Self.header(line, count: count) else {
            self.init(verdict: .suspect, hash: 0)
            return
        }
        let tabs: UInt64 = 0x0909_0909_0909_0909
        let colons: UInt64 = 0x3A3A_3A3A_3A3A_3A3A
        var hash = LineHash.seed(count: count)
        var marks: UInt64 = 0
        var high: UInt64 = 0
        var offset = 0
        while offset < count {
            let first = LineHash.word(line, count: count, readable: readable, at: offset)
            let second = LineHash.word(line, count: count, readable: readable, at: offset + 8)
            hash = LineHash.step(hash, first, second)
            high |= first | second
            marks |= Self.flags(first, tabs) | Self.flags(second, tabs)
            let firstColons = Self.flags(first, colons)
            let secondColons = Self.flags(second, colons)
            if firstColons | secondColons != 0
                && !Self.clearsTags(
                    line, count: count, at: offset, firstColons, secondColons)
            {
                self.init(verdict: .suspect, hash: 0)
                return
            }
            offset += 16
        }
        guard marks == 0 else {
            self.init(verdict: .suspect, hash: 0)
            return
        }
        if high & Self.highs != 0
            && WellFormedUTF8.firstInvalidByte(in: UnsafeBufferPointer(start: line, count: count))
                != nil
        {
            self.init(verdict: .suspect, hash: 0)
            return
        }
        self.init(verdict: header, hash: LineHash.finish(hash))
    }

    private init(verdict: Verdict, hash: UInt64) {
        self.verdict = verdict
        self.hash = hash
    }

    /// Whether none of the colons flagged in the two words at `offset` (a flag may be false)
    /// is one of a `due:` or `t:` tag with a bad value.
    @inline(never)
    private static func clearsTags(
        _ line: UnsafePointer<UInt8>, count: Int, at offset: Int, _ first: UInt64,
        _ second: UInt64
    ) -> Bool {
        func clears(_ flags: UInt64, from start: Int) -> Bool {
            var rest = flags
            while rest != 0 {
                let position = start + rest.trailingZeroBitCount / 8
                rest &= rest &- 1
                if position < count && line[position] == 0x3A
                    && !clearsTag(line, count: count, colon: position)
                {
                    return false
                }
            }
            return true
        }
        return clears(first, from: offset) && clears(second, from: offset + 8)
    }

    /// Whether a colon at `colon` cannot be the one of a `due:` or `t:` tag with a bad value:
    /// no word starts with `t` or `due` just before it, or a valid date and a space (or the
    /// end) follow it. (A tag's key is its word up to the first colon; a word starts at the
    /// start of the line or after a space, tabs being left to ``LineCheck``.)
    @inline(__always)
    private static func clearsTag(_ line: UnsafePointer<UInt8>, count: Int, colon: Int) -> Bool {
        func startsWord(_ index: Int) -> Bool { index == 0 || line[index - 1] == 0x20 }
        guard colon >= 1 else { return true }
        let before = line[colon - 1]
        let isKey =
            (before == 0x74 && startsWord(colon - 1))
            || (before == 0x65 && colon >= 3 && line[colon - 3] == 0x64 && line[colon - 2] == 0x75
                && startsWord(colon - 3))
        guard isKey else { return true }
        let end = colon + 11
        guard end <= count, end == count || line[end] == 0x20 else { return false }
        return DateBytes(at: line + colon + 1) != nil
    }

    /// The verdict of the header rules (a done mark, a priority, the dates, and the first word
    /// after them), or `nil` when the line needs ``LineCheck``: the header as ``TODOItem``
    /// parses it, then a first description byte that cannot start a date, a spaced date or a
    /// priority.
    @inline(__always)
    private static func header(_ line: UnsafePointer<UInt8>, count: Int) -> Verdict? {
        func date(at offset: Int) -> DateBytes? {
            guard count - offset >= 11, line[offset + 10] == 0x20 else { return nil }
            return DateBytes(at: line + offset)
        }
        /// Whether the description may start at `start` without a finding there.
        func plainStart(_ start: Int, datesChecked: Bool) -> Bool {
            guard start < count else { return true }
            let first = line[start]
            if first == 0x20 || first == 0x28 { return false }
            return datesChecked || first &- 0x30 >= 10
        }
        let first = line[0]
        if count >= 2 && line[1] == 0x20 {
            if first == 0x58 { return nil }
            if first == 0x78 {
                guard let completion = date(at: 2) else {
                    return plainStart(2, datesChecked: false) ? .clean : nil
                }
                guard let creation = date(at: 13) else {
                    return plainStart(13, datesChecked: false) ? .clean : nil
                }
                guard plainStart(24, datesChecked: true) else { return nil }
                return creation.isLater(than: completion)
                    ? .laterCreation(creation: creation, completion: completion) : .clean
            }
        }
        var start = 0
        if first == 0x28 {
            guard count >= 4, line[2] == 0x29, line[3] == 0x20, line[1] &- 0x41 < 26 else {
                return nil
            }
            start = 4
        }
        if date(at: start) != nil { return plainStart(start + 11, datesChecked: true) ? .clean : nil }
        return plainStart(start, datesChecked: false) ? .clean : nil
    }
}
