import TodoTxt

/// A compiled `/regex/`, searched over the whole line of a task in time linear in its length.
///
/// The pattern is read by ``RegexParser`` (its doc comment lists the dialect), compiled to an
/// automaton over UTF-8 bytes (``RegexCompiler``, ``RegexAutomaton``), and guarded by a literal
/// that every match must contain, when the pattern has one, so that most lines are passed over
/// by a plain substring search.
struct LineRegex: Sendable {
    /// The pattern as written between the slashes.
    let source: String
    private let automaton: RegexAutomaton
    /// Bytes every match contains, lower-cased (searched with ASCII case folded); may be empty.
    let required: [UInt8]
    /// Whether the automaton is anchored where it starts reading (`^` forwards, `$` backwards),
    /// so it gives up on a line sooner than a search for ``required`` would.
    private let isAnchored: Bool

    /// Compiles `pattern`; with `ignoresCase`, letters match either case. Without
    /// `buildingDFA` the automaton is always simulated; `readingBackwards` chooses the
    /// direction instead of the pattern's anchors (tests compare the ways).
    init(
        _ pattern: some Collection<UInt8>, ignoresCase: Bool, buildingDFA: Bool = true,
        readingBackwards: Bool? = nil
    )
        throws(RegexError)
    {
        var parser = RegexParser(pattern, ignoresCase: ignoresCase)
        let tree = try parser.parse()
        // A pattern that must end at the end of the line is read from there: the automaton
        // then gives up after the few bytes that can end a match.
        let backwards =
            readingBackwards
            ?? (LineRegex.isAnchored(tree, at: .lineEnd)
                && !LineRegex.isAnchored(tree, at: .lineStart))
        automaton = RegexAutomaton(
            try RegexCompiler.compile(tree, reversed: backwards), buildingDFA: buildingDFA,
            readingBackwards: backwards)
        required = LineRegex.requiredLiteral(tree)
        isAnchored = LineRegex.isAnchored(tree, at: backwards ? .lineEnd : .lineStart)
        source = String(decoding: pattern, as: UTF8.self)
    }

    /// Whether the pattern was turned into a DFA ahead of time.
    var isDeterministic: Bool { automaton.isDeterministic }

    /// Whether the automaton reads lines from their end.
    var readsBackwards: Bool { automaton.readsBackwards }

    /// Whether every match of the node touches the line's start (`anchor` `^`) or end (`$`).
    /// The recursion follows the tree, whose depth the parser limits.
    static func isAnchored(_ node: RegexNode, at anchor: RegexAssertion) -> Bool {
        switch node {
        case .assertion(let assertion): assertion == anchor
        case .concat(let items):
            (anchor == .lineStart ? items.first : items.last).map { isAnchored($0, at: anchor) }
                ?? false
        case .alternate(let branches): branches.allSatisfy { isAnchored($0, at: anchor) }
        case .repetition(let body, let minimum, _): minimum > 0 && isAnchored(body, at: anchor)
        case .set: false
        }
    }

    /// Whether the pattern matches somewhere in `line`.
    func matches(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if !required.isEmpty && !isAnchored && !ByteSearch.containsFolded(line, required) {
            return false
        }
        return automaton.matches(line, UnsafeBufferPointer(start: nil, count: 0))
    }

    /// Whether the pattern matches somewhere in `line`, which the caller found to contain
    /// ``required``.
    func matches(lineContainingRequired line: UnsafeBufferPointer<UInt8>) -> Bool {
        automaton.matches(line, UnsafeBufferPointer(start: nil, count: 0))
    }

    /// Whether the pattern matches somewhere in the item's line, read without building it.
    func matches(_ item: TODOItem) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            let count = LineRegex.writeHeader(of: item, into: buffer)
            let header = UnsafeBufferPointer(rebasing: buffer[..<count])
            return item.descriptionBytes.withUnsafeBufferPointer { description in
                if !required.isEmpty && !isAnchored
                    && !LineRegex.contains(required, header: header, description: description)
                {
                    return false
                }
                return automaton.matches(header, description)
            }
        }
    }

    /// Whether the needle occurs in the header followed by the description.
    private static func contains(
        _ needle: [UInt8], header: UnsafeBufferPointer<UInt8>,
        description: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        if ByteSearch.containsFolded(description, needle) { return true }
        guard !header.isEmpty else { return false }
        // A match that starts in the header ends within needle.count - 1 bytes of the
        // description.
        let tail = min(description.count, needle.count - 1)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: header.count + tail) {
            joined in
            for (index, byte) in header.enumerated() { joined[index] = byte }
            for index in 0..<tail { joined[header.count + index] = description[index] }
            return ByteSearch.containsFolded(UnsafeBufferPointer(joined), needle)
        }
    }

    /// Writes the part of the line before the description (`x `, dates, `(A) `) into `buffer`
    /// (at least 26 bytes) and returns its length.
    private static func writeHeader(
        of item: TODOItem, into buffer: UnsafeMutableBufferPointer<UInt8>
    )
        -> Int
    {
        var count = 0
        func put(_ byte: UInt8) {
            buffer[count] = byte
            count += 1
        }
        func put(_ value: Int, divisor: Int) {
            var divisor = divisor
            while divisor > 0 {
                put(UInt8(0x30 + (value / divisor) % 10))
                divisor /= 10
            }
        }
        func put(_ date: LocalDate) {
            put(date.year, divisor: 1000)
            put(0x2D)
            put(date.month, divisor: 10)
            put(0x2D)
            put(date.day, divisor: 10)
            put(0x20)
        }
        if item.isDone {
            put(0x78)
            put(0x20)
            if let completed = item.completionDate {
                put(completed)
                if let created = item.creationDate { put(created) }
            }
        } else {
            if let priority = item.priority {
                put(0x28)
                put(priority.ascii)
                put(0x29)
                put(0x20)
            }
            if let created = item.creationDate { put(created) }
        }
        return count
    }

    /// The longest run of literal characters that every match contains, lower-cased; empty
    /// when the pattern has none that can be found this way.
    static func requiredLiteral(_ tree: RegexNode) -> [UInt8] {
        let items: [RegexNode]
        if case .concat(let parts) = tree { items = parts } else { items = [tree] }
        var best: [UInt8] = []
        var run: [UInt8] = []
        for item in items {
            if let bytes = literalBytes(item) {
                run += bytes
            } else {
                if run.count > best.count { best = run }
                run = []
            }
        }
        if run.count > best.count { best = run }
        return best
    }

    /// The lower-cased bytes of a one-character set that is a single scalar or an ASCII letter
    /// in both cases.
    private static func literalBytes(_ node: RegexNode) -> [UInt8]? {
        guard case .set(let set) = node, !set.includesInvalidBytes, set.literalBytes.isEmpty
        else { return nil }
        let ranges = set.ranges
        if ranges.count == 1, ranges[0].count == 1 {
            let value = ranges[0].lowerBound
            if value >= 0x41 && value <= 0x5A { return [UInt8(value) | 0x20] }
            return ScalarSet.encode(value)
        }
        if ranges.count == 2, ranges[0].count == 1, ranges[1].count == 1,
            ranges[0].lowerBound >= 0x41, ranges[0].lowerBound <= 0x5A,
            ranges[1].lowerBound == ranges[0].lowerBound + 32
        {
            return [UInt8(ranges[1].lowerBound)]
        }
        return nil
    }
}
