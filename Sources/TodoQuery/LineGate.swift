import TodoTxt

/// The tests that every line an expression selects must pass: the regexes and words of the
/// expression itself when it is a `/regex/` or a word, or of the operands of its outermost `and`.
///
/// The line of a parsed task is the bytes it was parsed from, so `todo query` tries these on
/// the raw line first and parses only the lines that pass (most lines, for a selective regex
/// or word, are never parsed).
struct LineGate: Sendable {
    private let regexes: [LineRegex]
    /// The words' bytes that a selected line holds, with `A`-`Z` read as `a`-`z`.
    private let words: [LineWord]
    /// Whether every line the expression selects has a priority: the expression, or an operand
    /// of its outermost `and`, is a `pri` comparison that a missing priority fails.
    let requiresPriority: Bool
    /// Bytes that every line the gate admits holds (with `A`-`Z` read as `a`-`z`) and that can
    /// be searched for across many lines at once: the gate's one regex's literal, else its
    /// first word's; `nil` when there is none.
    let searchableLiteral: [UInt8]?
    /// Whether ``searchableLiteral`` is the literal of the gate's one regex (else it is the
    /// first word's).
    private let literalComesFromRegex: Bool

    /// The gate of an expression tree (`nil`: the empty expression, which lets every line pass).
    init(_ root: QueryNode?) {
        let operands: [QueryNode]
        switch root {
        case .and(let all)?: operands = all
        case let node?: operands = [node]
        case nil: operands = []
        }
        regexes = operands.compactMap { operand in
            if case .regex(let regex) = operand { regex } else { nil }
        }
        words = operands.compactMap { operand in
            if case .text(let pattern) = operand { LineWord(pattern) } else { nil }
        }
        // The gate's one regex's literal, when it has one without a line break (which could
        // be found across two lines).
        if regexes.count == 1, let literal = regexes.first?.required, !literal.isEmpty,
            !literal.contains(0x0A), !literal.contains(0x0D)
        {
            searchableLiteral = literal
            literalComesFromRegex = true
        } else {
            searchableLiteral = words.first.flatMap { $0.mayUnfold ? nil : $0.bytes }
            literalComesFromRegex = false
        }
        requiresPriority = operands.contains { operand in
            guard case .comparison(let comparison) = operand, comparison.field == .priority
            else { return false }
            switch comparison.test {
            case .some, .presence(true): return true
            case .presence(false), .noneOf: return false
            }
        }
    }

    /// Whether the line's bytes start with a priority (`(A) `), as a parsed task's must to have
    /// one: the test ``requiresPriority`` asks for before a line is parsed.
    @inline(__always)
    static func startsWithPriority(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x28 && bytes[2] == 0x29 && bytes[3] == 0x20
            && bytes[1] >= 0x41 && bytes[1] <= 0x5A
    }

    /// Whether every line passes without a test.
    var isOpen: Bool { regexes.isEmpty && words.isEmpty }

    /// Whether the line's bytes (without its terminator) pass every test of the gate.
    func admits(_ content: ArraySlice<UInt8>) -> Bool {
        content.withUnsafeBufferPointer { admits($0) }
    }

    /// Whether the line's bytes (without its terminator) pass every test of the gate.
    func admits(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        admits(bytes, wordsFrom: 0, regexesFrom: 0)
    }

    /// Whether a line in which ``searchableLiteral`` was found passes every test of the gate
    /// (the test that literal comes from is not made again).
    func admits(lineContainingLiteral bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard literalComesFromRegex else { return admits(bytes, wordsFrom: 1, regexesFrom: 0) }
        return admits(bytes, wordsFrom: 0, regexesFrom: 1)
            && regexes.withUnsafeBufferPointer { $0[0].matches(lineContainingRequired: bytes) }
    }

    /// Whether the line passes the tests of the words and regexes from the given positions on.
    ///
    /// Two threads test lines with copies of one gate, whose words and regexes share their
    /// storage: each test reaches its word or regex in place, through a pointer. A copy made
    /// for each line (as a `for` loop over the arrays makes) counts references to that shared
    /// storage, and the two threads then fight over those counts' cache lines for every line.
    @inline(__always)
    private func admits(
        _ bytes: UnsafeBufferPointer<UInt8>, wordsFrom firstWord: Int, regexesFrom firstRegex: Int
    ) -> Bool {
        let wordsPass = words.withUnsafeBufferPointer { words in
            var index = firstWord
            while index < words.count {
                if !words[index].mayOccur(in: bytes) { return false }
                index &+= 1
            }
            return true
        }
        guard wordsPass else { return false }
        return regexes.withUnsafeBufferPointer { regexes in
            var index = firstRegex
            while index < regexes.count {
                if !regexes[index].matches(bytes) { return false }
                index &+= 1
            }
            return true
        }
    }

    /// The indices of the lines of `list` that the gate admits, found by searching the file's
    /// bytes as a whole for ``searchableLiteral`` and testing only the lines where it occurs.
    /// `nil` when that cannot be done (no such literal, a list whose lines are not one run of
    /// bytes); the caller then tests line by line.
    func admittedLines(of list: TodoList) -> [Int]? {
        guard let literal = searchableLiteral else { return nil }
        return list.withSerializedPieces { pieces -> [Int]? in
            guard pieces.count <= 1 else { return nil }
            let bytes = pieces.first?.assumingMemoryBound(to: UInt8.self)
            return scan(
                bytes ?? UnsafeBufferPointer(start: nil, count: 0),
                from: list.hasByteOrderMark ? 3 : 0, lineCount: list.count, literal: literal)
        }
    }

    /// The lines of a whole file (split as ``TodoList`` splits them: at LF, a CR before the LF
    /// left out) that contain `literal` and pass the gate; `nil` when the file does not have
    /// `lineCount` lines.
    private func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, lineCount: Int, literal: [UInt8]
    ) -> [Int]? {
        let end = bytes.count
        guard start <= end else { return nil }
        var admitted: [Int] = []
        var line = 0
        // Line feeds before `counted` are counted in `line`.
        var counted = start
        var position = start
        while position < end {
            let hit = ByteSearch.firstIndex(folded: literal, in: bytes, from: position)
            if hit == end { break }
            line &+= ByteSearch.lineFeeds(in: bytes, from: counted, to: hit)
            var lineStart = hit
            while lineStart > start && bytes[lineStart &- 1] != 0x0A { lineStart &-= 1 }
            let lineEnd = ByteSearch.firstIndex(of: 0x0A, 0x0A, 0x0A, in: bytes, from: hit)
            var contentEnd = lineEnd
            if lineEnd < end && lineEnd > lineStart && bytes[lineEnd &- 1] == 0x0D {
                contentEnd &-= 1
            }
            let content = UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd])
            if admits(lineContainingLiteral: content) { admitted.append(line) }
            counted = lineEnd
            position = lineEnd &+ 1
        }
        line &+= ByteSearch.lineFeeds(in: bytes, from: counted, to: end)
        // The last line counts even without a line feed after it.
        let total = end > start && bytes[end &- 1] != 0x0A ? line &+ 1 : line
        return total == lineCount ? admitted : nil
    }
}

extension Query {
    /// The tests every selected line must pass, to try before parsing a line.
    var lineGate: LineGate { LineGate(root) }
}
