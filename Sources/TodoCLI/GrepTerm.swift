import TodoPlatform

/// A listing's search term made ready for the C library's `regcomp` as GNU grep reads it, and
/// checked against limits first.
///
/// GNU grep, which todo.sh runs, takes `\d`, `\t` and other escaped letters that mean nothing
/// in a basic regular expression as the letter itself, and `\{` where nothing precedes it as
/// a literal `{`; the C library rejects or mismatches both, so they are rewritten. A term
/// nested deeper than ``nestingLimit`` groups, longer than ``lengthLimit`` bytes, or repeated
/// by nested intervals to more than ``sizeLimit`` positions is refused before it is compiled:
/// regcomp recurses once per group and expands every interval, so such terms exhaust its
/// stack or memory.
enum GrepTerm {
    /// The deepest nesting of `\(` groups accepted.
    static let nestingLimit = 256
    /// The longest term accepted, in bytes.
    static let lengthLimit = 4096
    /// The most positions a term may expand to once its intervals are repeated out.
    static let sizeLimit = 100_000

    /// The pattern to compile for `term`, or why the term is refused.
    static func pattern(for term: String) throws(POSIXRegex.Invalid) -> String {
        let bytes = Array(term.utf8)
        func refuse(_ reason: String) -> POSIXRegex.Invalid {
            POSIXRegex.Invalid(pattern: term, reason: reason)
        }
        guard bytes.count <= lengthLimit else {
            throw refuse("longer than \(lengthLimit) bytes")
        }
        // Each open group: the positions so far, and those of its last atom.
        var frames: [(total: Int, last: Int)] = [(0, 0)]
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        // Whether an interval here would have nothing to repeat.
        var atStart = true
        // Whether the last thing read was a repeating `*`.
        var afterStar = false
        func addAtom(_ size: Int) {
            frames[frames.count - 1].total = min(
                frames[frames.count - 1].total + size, sizeLimit + 1)
            frames[frames.count - 1].last = size
        }
        while index < bytes.count {
            let byte = bytes[index]
            let wasAfterStar = afterStar
            afterStar = false
            if byte == 0x5B {
                let end = bracketEnd(bytes, from: index)
                result += bytes[index..<end]
                index = end
                addAtom(1)
                atStart = false
            } else if byte == 0x5C && index + 1 < bytes.count {
                let next = bytes[index + 1]
                index += 2
                switch next {
                case 0x28:  // \(
                    guard frames.count <= nestingLimit else {
                        throw refuse("nested deeper than \(nestingLimit) groups")
                    }
                    frames.append((0, 0))
                    result += [0x5C, next]
                    atStart = true
                case 0x29:  // \)
                    result += [0x5C, next]
                    if frames.count > 1 {
                        let group = frames.removeLast()
                        addAtom(max(group.total, 1))
                    }
                    atStart = false
                case 0x7C:  // \|
                    result += [0x5C, next]
                    frames[frames.count - 1].last = 0
                    atStart = true
                case 0x7B where atStart:  // \{ with nothing before it: grep's literal {
                    result.append(next)
                    addAtom(1)
                    atStart = false
                case 0x7B:  // \{m,n\}
                    result += [0x5C, next]
                    let (factor, end) = intervalFactor(bytes, from: index)
                    result += bytes[index..<end]
                    index = end
                    var frame = frames[frames.count - 1]
                    let repeated = min(frame.last * factor, sizeLimit + 1)
                    frame.total = min(frame.total + repeated - frame.last, sizeLimit + 1)
                    frame.last = repeated
                    frames[frames.count - 1] = frame
                    atStart = false
                default:
                    let isLetter = (next >= 0x41 && next <= 0x5A) || (next >= 0x61 && next <= 0x7A)
                    // \b \B \s \S \w \W are the C library's too; other letters stand for
                    // themselves in grep.
                    if isLetter && !Array("bBsSwW".utf8).contains(next) {
                        result.append(next)
                    } else {
                        result += [0x5C, next]
                    }
                    addAtom(1)
                    atStart = false
                }
            } else {
                result.append(byte)
                index += 1
                if byte == 0x5E && atStart {
                    // ^ anchors here; an interval after it still has nothing to repeat.
                } else if byte == 0x2A && !atStart {
                    // * repeats the atom before it and adds no positions; grep reads a run
                    // of stars as one, where the C library refuses the second.
                    if wasAfterStar { result.removeLast() }
                    afterStar = true
                    continue
                } else {
                    addAtom(1)
                    atStart = false
                }
            }
            if frames[frames.count - 1].total > sizeLimit {
                throw refuse("repeats to more than \(sizeLimit) positions")
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The index just past the bracket expression starting at `start` (`[`), or the end of the
    /// pattern when it is not closed (regcomp then reports it).
    private static func bracketEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        if index < bytes.count && bytes[index] == 0x5E { index += 1 }
        if index < bytes.count && bytes[index] == 0x5D { index += 1 }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x5D { return index + 1 }
            if byte == 0x5B, index + 1 < bytes.count,
                [0x3A, 0x3D, 0x2E].contains(bytes[index + 1])
            {
                // [:class:], [=x=], [.x.]: up to the same character and ].
                let kind = bytes[index + 1]
                var end = index + 2
                while end + 1 < bytes.count && !(bytes[end] == kind && bytes[end + 1] == 0x5D) {
                    end += 1
                }
                index = end + 2
                continue
            }
            index += 1
        }
        return bytes.count
    }

    /// The largest count of the interval whose body starts at `start` (after `\{`), and the
    /// index just past its `\}`; `\{m,\}` counts as m + 1. A malformed interval counts 1 and
    /// is left to regcomp to report.
    private static func intervalFactor(_ bytes: [UInt8], from start: Int) -> (Int, Int) {
        var index = start
        var numbers: [Int] = []
        var current: Int?
        var sawComma = false
        while index + 1 < bytes.count && !(bytes[index] == 0x5C && bytes[index + 1] == 0x7D) {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                current = min((current ?? 0) * 10 + Int(byte - 0x30), 1_000_000)
            } else if byte == 0x2C && !sawComma {
                sawComma = true
                numbers.append(current ?? 0)
                current = nil
            } else {
                return (1, index)
            }
            index += 1
        }
        guard index + 1 < bytes.count else { return (1, index) }
        let end = index + 2
        if sawComma {
            if let upper = current { return (max(upper, 1), end) }
            return ((numbers.first ?? 0) + 1, end)
        }
        return (max(current ?? 1, 1), end)
    }
}
