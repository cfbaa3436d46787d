import TestSupport
import Testing
import TodoTxt

@testable import TodoQuery

/// Runs `body` and checks that it took less than `seconds`: a guard against hangs, far above
/// what the work needs, so that it only fails when something went wrong.
private func finishes<T>(within seconds: Int, _ body: () throws -> T) rethrows -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    let elapsed = clock.now - start
    #expect(elapsed < .seconds(seconds), "took \(elapsed)")
    return result
}

/// The outcome of parsing and evaluating: the lines (1-based) that match, or the error's
/// one-line description.
private enum Outcome: Equatable {
    case matched([Int])
    case refused(String)
}

/// Parses raw expression bytes (which need not be UTF-8), resolves the dates and evaluates the
/// tree on each line.
private func outcome(_ expression: [UInt8], on lines: [[UInt8]]) -> Outcome {
    do {
        var parser = try QueryParser(expression)
        guard let root = try parser.parse()?.resolved(today: wednesday) else {
            return .matched(Array(1...lines.count))
        }
        _ = root.description
        var matched: [Int] = []
        for (index, line) in lines.enumerated() {
            let item = TODOItem(parsingBytes: line[...])
            if root.evaluate(item, line: index + 1, today: wednesday) { matched.append(index + 1) }
        }
        return .matched(matched)
    } catch {
        return .refused(error.description)
    }
}

private let sampleLines: [[UInt8]] = [
    Array("task aaaaaaaaaaaaaaaaaab".utf8),
    Array("(A) 2024-05-01 Call Mom +family @phone due:2024-05-20".utf8),
    Array("x 2024-05-02 2024-05-01 done thing pri:B est:3".utf8),
    Array("buy milk and eggs please tomorrow morning before work starts today ok".utf8),
    [0x62, 0xFF, 0xC3, 0x28, 0x20, 0x2B, 0xE2, 0x82, 0x20, 0x40, 0x78],
    Array("Été chaud café h:1 t:2030-01-01".utf8),
]

@Suite struct HostileQueryTests {
    /// The crashes of the issue: deep parentheses and negations are refused at the token past
    /// the limit.
    static let tooDeep: [(String, String)] = [
        (
            String(repeating: "(", count: 7000) + "one" + String(repeating: ")", count: 7000),
            "expression nested too deeply at column 257 (limit 256)"
        ),
        (
            String(repeating: "not ", count: 10_000) + "a",
            "expression nested too deeply at column 1025 (limit 256)"
        ),
        (
            String(repeating: "!", count: 10_000) + "a",
            "expression nested too deeply at column 257 (limit 256)"
        ),
        (
            String(repeating: "-(", count: 200) + "a" + String(repeating: ")", count: 200),
            "expression nested too deeply at column 257 (limit 256)"
        ),
        (
            "a " + String(repeating: "(", count: 300),
            "expression nested too deeply at column 259 (limit 256)"
        ),
    ]

    @Test(arguments: tooDeep)
    func refusesDeepNesting(expression: String, description: String) {
        finishes(within: 10) {
            #expect(outcome(Array(expression.utf8), on: sampleLines) == .refused(description))
        }
    }

    /// Nesting up to the limit still works.
    @Test func acceptsNestingAtTheLimit() throws {
        let parentheses =
            String(repeating: "(", count: 256) + "milk" + String(repeating: ")", count: 256)
        #expect(outcome(Array(parentheses.utf8), on: sampleLines) == .matched([4]))
        let negations = String(repeating: "not ", count: 256) + "milk"
        #expect(outcome(Array(negations.utf8), on: sampleLines) == .matched([4]))
        let mixed =
            String(repeating: "-(", count: 128) + "milk" + String(repeating: ")", count: 128)
        #expect(outcome(Array(mixed.utf8), on: sampleLines) == .matched([4]))
    }

    /// Long flat chains are loops: 10,000 terms joined by `or`, by `and` and by juxtaposition.
    @Test func evaluatesLongChains() {
        finishes(within: 20) {
            let ors = Array(repeating: "zz", count: 10_000).joined(separator: " or ") + " or milk"
            #expect(outcome(Array(ors.utf8), on: sampleLines) == .matched([4]))
            let ands = Array(repeating: "a", count: 10_000).joined(separator: " and ")
            #expect(outcome(Array(ands.utf8), on: sampleLines) == .matched([1, 2, 4, 6]))
            let words = Array(repeating: "-zz", count: 10_000).joined(separator: " ") + " e"
            #expect(outcome(Array(words.utf8), on: sampleLines) == .matched([2, 3, 4]))
            let query = try? Query(parsing: ors).resolved(today: wednesday)
            #expect(query != nil)
        }
    }

    /// The regexes of the issue answer at once (a backtracking engine takes seconds to
    /// minutes on them).
    @Test func pathologicalRegexesAnswerQuickly() throws {
        let nested = try Query(parsing: "/(a+)+$/")
        let anchored = try Query(parsing: "/(a+)+b$/")
        let alternatives = try Query(parsing: "/(a|aa)*c/")
        let words = try Query(parsing: "/^(\\w+\\s?)+$/")
        finishes(within: 5) {
            for count in [18, 20, 30, 1000] {
                let item = TODOItem(parsing: "task " + String(repeating: "a", count: count) + "b")
                #expect(!nested.matches(item, line: 1, today: wednesday))
                #expect(anchored.matches(item, line: 1, today: wednesday))
                #expect(!alternatives.matches(item, line: 1, today: wednesday))
            }
            let task = TODOItem(
                parsing: "(B) 2026-11-20 write the quarterly report for the team +work @office now!"
            )
            #expect(!words.matches(task, line: 1, today: wednesday))
            let plain = TODOItem(
                parsing: "write the quarterly report for the team and send it to everyone now")
            #expect(words.matches(plain, line: 1, today: wednesday))
        }
    }

    /// Fragments that random expressions are made of: every operator in every position,
    /// unbalanced quotes, slashes and brackets, regex syntax and bytes that are not UTF-8.
    static let fragments: [[UInt8]] =
        [
            "(", ")", "not", "and", "or", "-", "!", "\"", "/", "/i", "a", "milk", "+family",
            "@phone",
            "+*", "pri:A", "pri:A-C", "due<today", "due:+3d..eow", "est>2", "h:1", "x:", ":", "=",
            "~", "!=", "<=", "..", "\\", "[", "]", "[^a-z]", "{2,3}", "{", "}", "*", "+", "?", "|",
            "^", "$", ".", "(?=", "\\1", "\\b", "\\w+", "(a+)+", "done", "open", "t>today", "é",
            "line:1..3", "text~mo", "\t",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0x80], [0x00]]

    /// Random and adversarial expressions end in a result or in one clean error line.
    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func randomExpressionsEndCleanly(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        finishes(within: 60) {
            for _ in 0..<400 {
                var expression: [UInt8] = []
                let length = Int(rng.next() % 24)
                for _ in 0..<length {
                    expression +=
                        HostileQueryTests.fragments[
                            Int(rng.next() % UInt64(HostileQueryTests.fragments.count))]
                    if rng.next() % 3 != 0 { expression.append(0x20) }
                }
                if case .refused(let message) = outcome(expression, on: sampleLines) {
                    #expect(!message.isEmpty && !message.contains("\n"))
                }
            }
        }
    }

    /// Random regexes built from the same syntax: the DFA and the NFA simulation agree, and
    /// compiling never takes long.
    @Test(arguments: [21, 22, 23] as [UInt64])
    func randomRegexesAgreeWithTheSimulation(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let atoms = [
            "a", "b", "é", ".", "[ab]", "[^a]", "\\w", "\\s", "\\b", "^", "$", "(a|b)", "(a+)+",
            "(?:ab)*", "x?", "a{2}", "b{1,3}", "[[:digit:]]", "(a|)", "\\W",
        ]
        let lines = sampleLines + [Array("ab ba aab é b".utf8), [], Array("a".utf8)]
        try finishes(within: 60) {
            for _ in 0..<150 {
                var pattern = ""
                for _ in 0..<(1 + Int(rng.next() % 6)) {
                    pattern += atoms[Int(rng.next() % UInt64(atoms.count))]
                    if rng.next() % 4 == 0 {
                        pattern += ["*", "+", "?", "{0,2}"][Int(rng.next() % 4)]
                    }
                }
                let ignoresCase = rng.next() % 2 == 0
                let fast: LineRegex
                do {
                    fast = try LineRegex(Array(pattern.utf8), ignoresCase: ignoresCase)
                } catch {
                    continue  // a quantifier after an assertion or another quantifier
                }
                let slow = try LineRegex(
                    Array(pattern.utf8), ignoresCase: ignoresCase, buildingDFA: false)
                for line in lines {
                    let expected = line.withUnsafeBufferPointer { slow.matches($0) }
                    #expect(
                        line.withUnsafeBufferPointer { fast.matches($0) } == expected,
                        "/\(pattern)/")
                }
            }
        }
    }

    /// Expressions of a megabyte: a flat list of words, nothing but parentheses, and noise.
    @Test func megabyteExpressionsEndCleanly() {
        var rng = SeededGenerator(seed: 99)
        finishes(within: 60) {
            // A hundred thousand terms, evaluated on two short lines.
            let words = Array(String(repeating: "milkmilkm ", count: 100_000).utf8)
            #expect(words.count == 1_000_000)
            #expect(
                outcome(words, on: [Array("milkmilkm".utf8), Array("b".utf8)]) == .matched([1]))
            let word = [UInt8](repeating: 0x61, count: 1_000_000)
            #expect(outcome(word, on: [Array("a".utf8)]) == .matched([]))
            let opens = [UInt8](repeating: 0x28, count: 1_000_000)
            #expect(
                outcome(opens, on: sampleLines)
                    == .refused("expression nested too deeply at column 257 (limit 256)"))
            let slash = [0x2F] + [UInt8](repeating: 0x61, count: 1_000_000) + [0x2F]
            #expect(
                outcome(slash, on: sampleLines)
                    == .refused("regex too long at column 1 (limit 4096 bytes)"))
            var noise: [UInt8] = []
            while noise.count < 1_000_000 {
                noise +=
                    HostileQueryTests.fragments[
                        Int(rng.next() % UInt64(HostileQueryTests.fragments.count))]
                noise.append(0x20)
            }
            if case .refused(let message) = outcome(noise, on: sampleLines) {
                #expect(!message.contains("\n"))
            }
        }
    }
}
