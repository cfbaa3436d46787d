import Foundation
import TestSupport
import Testing
import TodoTxt

@testable import TodoQuery

/// Whether `pattern` (between the slashes of a query) matches `line`, through the public API.
private func queryMatches(_ pattern: String, _ line: String) throws -> Bool {
    let query = try Query(parsing: pattern)
    return query.matches(TODOItem(parsing: line), line: 1, today: wednesday)
}

/// Whether the regex matches the bytes, compiled with or without its DFA.
private func regexMatches(
    _ pattern: [UInt8], ignoresCase: Bool = false, _ line: [UInt8], buildingDFA: Bool = true
) throws -> Bool {
    let regex = try LineRegex(pattern, ignoresCase: ignoresCase, buildingDFA: buildingDFA)
    return line.withUnsafeBufferPointer { regex.matches($0) }
}

@Suite struct RegexTests {
    /// ASCII lines that the grep table runs over.
    static let lines: [String] = [
        "", "a", "b", "ab", "ba", "aaa", "aaaaaaaaaaaaaaaaaab", "abcabc", "abcabd",
        "(A) 2024-05-01 Call Mom +family @phone", "x 2024-05-02 2024-05-01 done thing",
        "call mom", "CALL MOM", "Call_Mom 42", "foo bar", "foo  bar", "foobar", "bar foo",
        "tab\there", "due:2024-05-01 est:3", "ends with space ", " starts with space",
        "a.b", "a+b", "a{2}", "a|b", "[x]", "x^y", "dollar$sign", "under_score", "12345",
        "word word2 word3", "-dash-", "abababababababab", "bbbbbbbbbbbbbbbbabbbbbbbbbbbbbbbb",
    ]

    /// Patterns in the common ground of our dialect and `grep -E` (GNU, C locale), with
    /// whether `i` is set.
    static let patterns: [(String, Bool)] = [
        ("a", false), ("ab", false), ("^a", false), ("a$", false), ("^$", false), ("^a$", false),
        ("^ab|ba$", false), ("a|b", false), ("(ab)+", false), ("(ab){2}", false),
        ("(ab){2,}", false), ("a{2,3}", false), ("^a{1,2}$", false), ("a{0}b", false),
        ("x?y", false), ("ab?c", false), ("a.c", false), ("a\\.b", false), ("a\\+b", false),
        ("\\[x\\]", false), ("[abc]+d", false), ("[^a-z ]", false), ("^[^a]*$", false),
        ("[0-9]{4}-[0-9]{2}", false), ("[[:digit:]]+", false), ("[[:upper:]][[:lower:]]", false),
        ("[[:space:]]", false), ("[]x]", false), ("[a-]", false), ("\\bfoo\\b", false),
        ("\\Bfoo", false), ("foo\\B", false), ("\\w+\\s\\w+", false), ("^\\W", false),
        ("\\S+$", false), ("call mom", true), ("CALL", true), ("^[a-c]+$", true),
        ("(a+)+$", false), ("(a+)+b$", false), ("^(\\w+\\s?)+$", false), ("(a|aa)*c", false),
        ("(x+x+)+y", false), ("(a*)*b", false), ("^(a|b)*a(a|b){12}$", false),
        ("(a|b)*a(a|b){14}", false), ("\\+family|@phone", false), ("due:[^ ]*", false),
        ("^\\(A\\) ", false), ("o{2}b", false), ("(^|[^a-z])bar", false), ("x|^$", false),
        ("(ab|a)(bc|c)", false), ("((a|b)c)*", false), ("a\\|b", false),
    ]

    /// Every pattern of the table matches exactly the lines that `grep -E` selects.
    @Test func agreesWithGrep() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("todo-regex-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("lines.txt")
        try (RegexTests.lines.joined(separator: "\n") + "\n").write(
            to: file, atomically: false, encoding: .utf8)
        var sawSimulation = false
        for (pattern, ignoresCase) in RegexTests.patterns {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                ["LC_ALL=C", "grep", "-E", "-n"] + (ignoresCase ? ["-i"] : [])
                + ["-e", pattern, file.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus <= 1, "grep failed on \(pattern)")
            let selected = Set(
                String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
                    $0.split(separator: ":", maxSplits: 1).first.flatMap { Int($0) }
                })
            let regex = try LineRegex(Array(pattern.utf8), ignoresCase: ignoresCase)
            sawSimulation = sawSimulation || !regex.isDeterministic
            for (index, line) in RegexTests.lines.enumerated() {
                let ours = Array(line.utf8).withUnsafeBufferPointer { regex.matches($0) }
                #expect(
                    ours == selected.contains(index + 1),
                    "/\(pattern)/\(ignoresCase ? "i" : "") on '\(line)'")
            }
        }
        // The table also covers a pattern whose DFA is too large to build.
        #expect(sawSimulation)
    }

    /// Matching by Unicode scalars over UTF-8, case folding beyond ASCII, invalid bytes.
    static let unicodeCases: [(String, String, Bool)] = [
        ("/^.$/", "é", true), ("/^..$/", "é", false), ("/^.$/", "e\u{301}", false),
        ("/^..$/", "e\u{301}", true), ("/^.$/", "😀", true), ("/^[^a]$/", "😀", true),
        ("/é/", "CAFÉ", false), ("/é/i", "CAFÉ", true), ("/ÉTÉ/i", "été", true),
        ("/straße/i", "STRASSE", false), ("/σ/i", "Σ", true), ("/[à-ÿ]/", "voilà", true),
        ("/[à-ÿ]/", "voila", false), ("/[à-ÿ]/i", "VOILÀ", true), ("/^[^é]+$/", "cafe", true),
        ("/^[^é]+$/", "café", false), ("/\\w/", "ééé", false), ("/\\W/", "ééé", true),
        ("/caf\\b/", "café", true), ("/[[:alpha:]]/", "ééé", false), ("/a.b/", "aπb", true),
        ("/a.b/", "a\u{10FFFF}b", true), ("/^a.{2}b$/", "a€€b", true),
        ("/\\x/", "x", false),
    ]

    @Test(arguments: unicodeCases)
    func matchesUnicode(pattern: String, line: String, expected: Bool) throws {
        // "\x" is refused; every other pattern here compiles.
        if pattern == "/\\x/" {
            #expect(throws: QueryError.self) { try queryMatches(pattern, line) }
            return
        }
        #expect(try queryMatches(pattern, line) == expected)
    }

    /// A byte that is not valid UTF-8 is one character for `.` and negated classes, and never a
    /// letter.
    @Test func matchesInvalidUTF8() throws {
        let line: [UInt8] = [0x61, 0xFF, 0x62, 0x80, 0xC3]
        #expect(try regexMatches(Array("^a.b".utf8), line))
        #expect(try regexMatches(Array("a[^x]b".utf8), line))
        #expect(try !regexMatches(Array("a\\wb".utf8), line))
        #expect(try regexMatches(Array("b.".utf8), line))
        #expect(try regexMatches([0x80, 0xC3, 0x24], line))
        // A lead byte cut short is not a character.
        #expect(try !regexMatches([0x62, 0x80, 0x2E, 0x24], line))
    }

    /// Refused constructs and limits: one line each, at the column of the construct (the
    /// regex starts at column 3, so its pattern at column 4).
    static let refusals: [(String, String)] = [
        ("a /(x)\\1/", "backreference '\\1' is not supported in a regex at column 7"),
        (
            "a /(?<n>x)\\k<n>/",
            "group syntax '(?' is not supported in a regex (only '(?:') at column 4"
        ),
        ("a /x\\k<n>/", "backreference '\\k' is not supported in a regex at column 5"),
        ("a /x(?=y)/", "lookahead is not supported in a regex at column 5"),
        ("a /x(?!y)/", "lookahead is not supported in a regex at column 5"),
        ("a /(?<=x)y/", "lookbehind is not supported in a regex at column 4"),
        ("a /(?<!x)y/", "lookbehind is not supported in a regex at column 4"),
        ("a /(?i)x/", "group syntax '(?' is not supported in a regex (only '(?:') at column 4"),
        ("a /x*+/", "possessive quantifiers are not supported at column 6"),
        ("a /\\p{L}/", "escape '\\p' is not supported in a regex at column 4"),
        ("a /x{1001}/", "repetition count too large at column 5 (limit 1000)"),
        ("a /(x{1000}){1000}/", "regex too large once compiled at column 3 (limit 20000 steps)"),
        (
            "a /" + String(repeating: "x", count: 4097) + "/",
            "regex too long at column 3 (limit 4096 bytes)"
        ),
        (
            "a /" + String(repeating: "(", count: 65) + "x" + String(repeating: ")", count: 65)
                + "/",
            "regex nested too deeply at column 68 (limit 64)"
        ),
        ("a /x**/", "invalid regex '/x**/': a quantifier follows a quantifier at column 3"),
        ("a /*x/", "invalid regex '/*x/': nothing to repeat before a quantifier at column 3"),
        ("a /^*/", "invalid regex '/^*/': nothing to repeat before a quantifier at column 3"),
        ("a /[x/", "invalid regex '/[x/': missing ']' at column 3"),
        ("a /x)/", "invalid regex '/x)/': unmatched ')' at column 3"),
        ("a /[z-a]/", "invalid regex '/[z-a]/': range in a class runs backwards at column 3"),
        ("a /x{3,2}/", "invalid regex '/x{3,2}/': repetition '{3,2}' runs backwards at column 3"),
        ("a /[[:nope:]]/", "invalid regex '/[[:nope:]]/': unknown class '[:nope:]' at column 3"),
        ("a /x\n**/", "invalid regex '/x\\n**/': a quantifier follows a quantifier at column 3"),
        ("a é /(x)\\1/", "backreference '\\1' is not supported in a regex at column 9"),
    ]

    @Test(arguments: refusals)
    func refuses(expression: String, description: String) {
        #expect(throws: QueryError.self) { try Query(parsing: expression) }
        do {
            _ = try Query(parsing: expression)
        } catch {
            #expect(error.description == description)
        }
    }

    /// Exactly the limits are accepted.
    @Test func acceptsPatternsAtTheLimits() throws {
        _ = try Query(parsing: "/" + String(repeating: "x", count: 4096) + "/")
        let nested = String(repeating: "(", count: 64) + "x" + String(repeating: ")", count: 64)
        #expect(try queryMatches("/" + nested + "/", "x"))
        #expect(try queryMatches("/^x{1000}$/", String(repeating: "x", count: 1000)))
        #expect(try !queryMatches("/^x{1000}$/", String(repeating: "x", count: 999)))
        #expect(try queryMatches("/a{,2}b/", "b"))
        #expect(try queryMatches("/a{x/", "a{x"))
        #expect(try queryMatches("/.*?b/", "ab"))
    }

    /// Classes of random scalar ranges hold exactly the scalars inside (the UTF-8 range
    /// splitting), negated classes exactly the others, with and without the DFA.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func classesOfRandomRangesAgreeWithTheRange(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let edges: [UInt32] = [
            0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x1_0000, 0x10_FFFF,
        ]
        func scalar() -> UInt32 {
            var value: UInt32
            repeat {
                switch rng.next() % 3 {
                case 0:
                    value =
                        edges[Int(rng.next() % UInt64(edges.count))] &+ UInt32(rng.next() % 3) &- 1
                case 1: value = UInt32(rng.next() % 0x800)
                default: value = UInt32(rng.next() % 0x11_0000)
                }
            } while value < 0x21 || value > 0x10_FFFF || (0xD800...0xDFFF).contains(value)
                || value == 0x5D || value == 0x5C || value == 0x5E || value == 0x2D
            return value
        }
        for _ in 0..<40 {
            var low = scalar()
            var high = scalar()
            if low > high { swap(&low, &high) }
            let range = "\(Unicode.Scalar(low)!)-\(Unicode.Scalar(high)!)"
            for buildingDFA in [true, false] {
                let inside = try LineRegex(
                    Array("^[\(range)]$".utf8), ignoresCase: false, buildingDFA: buildingDFA)
                let outside = try LineRegex(
                    Array("^[^\(range)]$".utf8), ignoresCase: false, buildingDFA: buildingDFA)
                for _ in 0..<30 {
                    let probe = [low, high, low &+ 1, high &- 1, scalar()].randomElement(
                        using: &rng)!
                    guard let value = Unicode.Scalar(probe) else { continue }
                    let bytes = Array(String(value).utf8)
                    let isInside = (low...high).contains(probe)
                    #expect(bytes.withUnsafeBufferPointer { inside.matches($0) } == isInside)
                    #expect(bytes.withUnsafeBufferPointer { outside.matches($0) } == !isInside)
                }
            }
        }
    }

    /// The eight-at-a-time scans find what a plain loop finds, at every offset and length.
    @Test func byteSearchAgreesWithALoop() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let length = Int(rng.next() % 40)
            let bytes = (0..<length).map { _ in
                [0x61, 0x62, 0x41, 0x00, 0xFF, 0x80][Int(rng.next() % 6)] as UInt8
            }
            let targets = (0..<3).map { _ in
                [0x61, 0x41, 0x00, 0xFF, 0x7A][Int(rng.next() % 5)] as UInt8
            }
            let start = length == 0 ? 0 : Int(rng.next() % UInt64(length + 1))
            let needle = (0..<(1 + Int(rng.next() % 3))).map { _ in
                [0x61, 0x62, 0xFF][Int(rng.next() % 3)] as UInt8
            }
            bytes.withUnsafeBufferPointer { buffer in
                let expected = bytes[start...].firstIndex { targets.contains($0) } ?? length
                #expect(
                    ByteSearch.firstIndex(
                        of: targets[0], targets[1], targets[2], in: buffer, from: start) == expected
                )
                #expect(
                    ByteSearch.containsFolded(buffer, needle)
                        == TextPattern.contains(buffer, needle, foldASCII: true))
            }
        }
    }
}
