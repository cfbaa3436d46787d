import TestSupport
import Testing
import TodoTxt

@testable import TodoQuery

/// A deliberately plain matcher over the parsed tree, sharing nothing with the compiler or the
/// automaton: the positions where a match of a node that starts at a position can end, by
/// walking the tree and decoding the line's UTF-8 as it goes.
private struct ReferenceMatcher {
    let line: [UInt8]

    /// Whether the tree matches starting at some byte offset (matches may start anywhere, even
    /// inside a multi-byte character, as in the engine).
    func matches(_ tree: RegexNode) -> Bool {
        (0...line.count).contains { !ends(tree, from: $0).isEmpty }
    }

    func ends(_ node: RegexNode, from start: Int) -> Set<Int> {
        switch node {
        case .set(let set):
            return Set(consume(set, at: start))
        case .concat(let items):
            var positions: Set<Int> = [start]
            for item in items {
                positions = Set(positions.flatMap { ends(item, from: $0) })
            }
            return positions
        case .alternate(let branches):
            return Set(branches.flatMap { ends($0, from: start) })
        case .assertion(let assertion):
            let holds = assertion.holds(
                atStart: start == 0,
                previousIsWord: start > 0 && isWord(line[start - 1]),
                atEnd: start == line.count,
                nextIsWord: start < line.count && isWord(line[start]))
            return holds ? [start] : []
        case .repetition(let body, let minimum, let maximum):
            var current: Set<Int> = [start]
            for _ in 0..<minimum { current = Set(current.flatMap { ends(body, from: $0) }) }
            var result = current
            var frontier = current
            var count = minimum
            while !frontier.isEmpty, maximum.map({ count < $0 }) ?? true {
                frontier = Set(frontier.flatMap { ends(body, from: $0) }).subtracting(result)
                result.formUnion(frontier)
                count += 1
            }
            return result
        }
    }

    /// The ends of one character of the set at `position`: a whole scalar, or one byte that is
    /// written literally in the pattern or (for `.` and negated classes) is not valid UTF-8.
    private func consume(_ set: ScalarSet, at position: Int) -> [Int] {
        guard position < line.count else { return [] }
        var result: [Int] = []
        let (value, length) = RegexParser.decode(line, at: position)
        if value & RegexParser.invalidMark == 0, set.ranges.contains(where: { $0.contains(value) })
        {
            result.append(position + length)
        }
        let byte = line[position]
        let isInvalid = ScalarSet.invalidBytes.contains { $0.contains(byte) }
        if set.literalBytes.contains(byte) || (set.includesInvalidBytes && isInvalid) {
            result.append(position + 1)
        }
        return result
    }

    private func isWord(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
            || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }
}

/// Random patterns and lines: every way the engine can run (DFA forwards and backwards, the
/// NFA simulation both ways, the task's line rebuilt from its fields, and the query's raw-line
/// gate) agrees with ``ReferenceMatcher``.
@Suite struct RegexReferenceTests {
    static let atoms = [
        "a", "b", "ab", "é", "É", "€", "A", ".", "[ab]", "[^a]", "[a-cé]", "[^[:alpha:]]", "\\w",
        "\\W", "\\s", "\\d", "\\D", "\\b", "\\B", "^", "$", " ", "x", "\\.", "[[:digit:]]",
    ]
    static let quantifiers = ["*", "+", "?", "{2}", "{0,2}", "{1,}", "{,1}", "*?"]
    static let pieces: [[UInt8]] = [
        [0x61], [0x61], [0x62], [0x41], [0x20], [0x78], [0x31], [0x5F], [0x2E],
        Array("é".utf8), Array("É".utf8), Array("€".utf8), [0xFF], [0xE2], [0x82], [0x80, 0x61],
        Array("(A) ".utf8), Array("x 2024-05-01 ".utf8), Array("2024-05-01 ".utf8),
    ]

    /// A random pattern: a sequence of atoms and groups of alternatives, nested a few deep.
    static func pattern(_ rng: inout SeededGenerator, depth: Int = 0) -> String {
        var text = ""
        for _ in 0..<(1 + Int(rng.next() % 4)) {
            if depth < 3 && rng.next() % 5 == 0 {
                var branches: [String] = []
                for _ in 0..<(1 + Int(rng.next() % 3)) {
                    branches.append(pattern(&rng, depth: depth + 1))
                }
                text += (rng.next() % 2 == 0 ? "(" : "(?:") + branches.joined(separator: "|") + ")"
            } else {
                text += atoms[Int(rng.next() % UInt64(atoms.count))]
            }
            if rng.next() % 3 == 0 {
                text += quantifiers[Int(rng.next() % UInt64(quantifiers.count))]
            }
        }
        return text
    }

    static func line(_ rng: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int(rng.next() % 9) {
            bytes += pieces[Int(rng.next() % UInt64(pieces.count))]
        }
        return bytes
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomPatternsAgreeWithTheReference(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var compiled = 0
        var backwards = 0
        for _ in 0..<250 {
            var text = RegexReferenceTests.pattern(&rng)
            if rng.next() % 4 == 0 { text += "$" }
            let ignoresCase = rng.next() % 3 == 0
            let pattern = Array(text.utf8)
            var parser = RegexParser(pattern, ignoresCase: ignoresCase)
            guard let tree = try? parser.parse() else { continue }  // a quantified assertion
            compiled += 1
            let chosen = try LineRegex(pattern, ignoresCase: ignoresCase)
            if chosen.readsBackwards { backwards += 1 }
            var ways = [chosen]
            for readingBackwards in [false, true] {
                for buildingDFA in [false, true] {
                    ways.append(
                        try LineRegex(
                            pattern, ignoresCase: ignoresCase, buildingDFA: buildingDFA,
                            readingBackwards: readingBackwards))
                }
            }
            let query = try Query(parsing: "/\(text)/\(ignoresCase ? "i" : "")")
            var lines: [[UInt8]] = []
            for _ in 0..<12 { lines.append(RegexReferenceTests.line(&rng)) }
            var expectedLines: [Int] = []
            for (index, line) in lines.enumerated() {
                let expected = ReferenceMatcher(line: line).matches(tree)
                if expected { expectedLines.append(index) }
                let shown = "/\(text)/\(ignoresCase ? "i" : "") on \(line)"
                for (number, way) in ways.enumerated() {
                    let found = line.withUnsafeBufferPointer { way.matches($0) }
                    #expect(found == expected, "way \(number): \(shown)")
                }
                let item = TODOItem(parsingBytes: ArraySlice(line))
                #expect(chosen.matches(item) == expected, "task: \(shown)")
                #expect(query.matches(item, line: index + 1, today: wednesday) == expected)
            }
            // The whole command's selection, which tries the regex on the raw lines first.
            let list = TodoList(bytes: Array(lines.joined(separator: [0x0A])))
            let request = QueryRequest(query: query, includesAll: true)
            let selected = try request.matchingLines(in: list, today: wednesday)
            // An empty last line is no line of the file.
            let nonBlank = expectedLines.filter { $0 < list.count && !list[$0].isBlank }
            #expect(selected == nonBlank, "/\(text)/ selects \(selected)")
        }
        #expect(compiled > 150)
        #expect(backwards > 10)
    }

    /// The folded search and the line-feed count agree with plain loops, at every start, on
    /// buffers long enough for their eight-at-a-time paths.
    @Test func wordAtATimeScansAgreeWithLoops() {
        var rng = SeededGenerator(seed: 11)
        let alphabet: [UInt8] = [0x61, 0x62, 0x41, 0x42, 0x40, 0x60, 0x0A, 0x00, 0xFF, 0x81]
        for _ in 0..<400 {
            let bytes = (0..<Int(rng.next() % 70)).map { _ in
                alphabet[Int(rng.next() % UInt64(alphabet.count))]
            }
            let needle = (0..<(1 + Int(rng.next() % 4))).map { _ in
                [0x61, 0x62, 0x40, 0x60, 0xFF][Int(rng.next() % 5)] as UInt8
            }
            let start = Int(rng.next() % UInt64(bytes.count + 1))
            var expected = bytes.count
            var position = start
            while position + needle.count <= bytes.count {
                let window = bytes[position..<(position + needle.count)].map {
                    $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0
                }
                if window == needle {
                    expected = position
                    break
                }
                position += 1
            }
            let end = start + Int(rng.next() % UInt64(bytes.count - start + 1))
            bytes.withUnsafeBufferPointer { buffer in
                #expect(
                    ByteSearch.firstIndex(folded: needle, in: buffer, from: start) == expected,
                    "\(needle) in \(bytes) from \(start)")
                #expect(
                    ByteSearch.lineFeeds(in: buffer, from: start, to: end)
                        == bytes[start..<end].filter { $0 == 0x0A }.count)
            }
        }
    }

    /// Anchored patterns read the way that gives up soonest.
    @Test func anchorsChooseTheDirection() throws {
        let cases: [(String, Bool)] = [
            ("(a+)+$", true), ("x$|y$", true), ("(?:a$)+", true), ("^a$", false),
            ("^(\\w+\\s?)+$", false), ("call.*@phone", false), ("a$|b", false), ("a$\\b", false),
        ]
        for (pattern, expected) in cases {
            let regex = try LineRegex(Array(pattern.utf8), ignoresCase: false)
            #expect(regex.readsBackwards == expected, "/\(pattern)/")
        }
    }
}
