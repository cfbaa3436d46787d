import Foundation
import Testing
import TodoPlatform

@testable import TodoCLI

/// Search terms read as GNU grep reads them, the limits checked before regcomp, the filter
/// command quoted as bash's `printf %q` quotes, and control characters made visible as
/// `cat -v` shows them: each checked against the real tool.
struct GrepTermTests {
    /// Runs `executable` with `arguments` and `input`; returns its standard output and status.
    static func run(
        _ executable: String, _ arguments: [String], input: [UInt8] = []
    ) throws -> (
        output: [UInt8], status: Int32
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = inputPipe
        try process.run()
        inputPipe.fileHandleForWriting.write(Data(input))
        try inputPipe.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (Array(data), process.terminationStatus)
    }

    static let lines = [
        "d1", "abc", "\\d", "{x}", "a{1}", "tab\there", "Word boundary", "x 2024 done", "(A) top",
        "digits 42", "n and t", "aaa", "z", "Zeta", "e1", "under_score", "a.b", "a*b",
    ]

    /// Terms made of escaped letters (what the rewrite changes) among the constructs grep's
    /// own matcher handles alone. (grep hands terms with `\\w`, `\\s`, `\\b`, negated
    /// brackets or intervals to the C library's matcher, where `\\d` matches nothing, and
    /// reads `\\n` under -i as a newline in some positions: no single rule is grep's there.)
    static let pieces = [
        "\\d", "\\t", "\\e", "\\z", "\\a", "\\D", "a", "b", "d", "x", "z", "1", "[ab]", ".", "*",
        "^", "$", " ", "\\.", "\\*", "\\(a\\)", "\\(d\\)*", "\\|",
    ]

    /// Every term of two pieces, and a spread of three-piece terms.
    static var terms: [String] {
        var terms = pieces.flatMap { first in pieces.map { first + $0 } }
        for index in stride(from: 0, to: pieces.count * pieces.count * pieces.count, by: 7) {
            let count = pieces.count
            terms.append(
                pieces[index % count] + pieces[(index / count) % count]
                    + pieces[index / (count * count)])
        }
        return terms
    }

    @Test func termsMatchWhatGNUGrepMatches() throws {
        let input = Array(Self.lines.joined(separator: "\n").utf8) + [0x0A]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grep-terms-\(UUID().uuidString).txt")
        try Data(input).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var compared = 0
        for term in Self.terms {
            let grep = try Self.run("/usr/bin/env", ["grep", "-i", "-n", "-e", term, file.path])
            guard grep.status != 2 else { continue }
            let expected = String(decoding: grep.output, as: UTF8.self)
                .split(separator: "\n").compactMap { $0.split(separator: ":").first }
                .compactMap { Int($0) }
            guard let regex = try? BasicRegex(GrepTerm.pattern(for: term), ignoringCase: true)
            else {
                Issue.record("grep accepts '\(term)', todo refuses it")
                continue
            }
            let got = Self.lines.enumerated().filter { regex.matches(Array($0.element.utf8)) }
                .map { $0.offset + 1 }
            #expect(got == expected, "term '\(term)'")
            compared += 1
        }
        #expect(compared > 500)
    }

    @Test func limitsAreCheckedBeforeCompiling() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "\\(", count: depth) + "a" + String(repeating: "\\)", count: depth)
        }
        #expect(throws: Never.self) { try GrepTerm.pattern(for: nested(GrepTerm.nestingLimit)) }
        #expect {
            try GrepTerm.pattern(for: nested(GrepTerm.nestingLimit + 1))
        } throws: { ($0 as? BasicRegex.Invalid)?.reason == "nested deeper than 256 groups" }
        #expect(throws: Never.self) {
            try GrepTerm.pattern(for: String(repeating: "a", count: GrepTerm.lengthLimit))
        }
        #expect {
            try GrepTerm.pattern(for: String(repeating: "a", count: GrepTerm.lengthLimit + 1))
        } throws: { ($0 as? BasicRegex.Invalid)?.reason == "longer than 4096 bytes" }
        #expect(throws: Never.self) { try GrepTerm.pattern(for: "\\(a\\{255\\}\\)\\{255\\}") }
        for term in [
            "\\(\\(a\\{255\\}\\)\\{255\\}\\)\\{255\\}", "a\\{400\\}\\{400\\}",
            "\\(ab\\{1,400\\}\\)\\{300,\\}",
        ] {
            #expect(throws: BasicRegex.Invalid.self, "\(term)") {
                try GrepTerm.pattern(for: term)
            }
        }
    }

    @Test func filterCommandsQuoteLikeBashPrintfQ() throws {
        var words = (0x20...0x7E).flatMap { code -> [String] in
            let character = String(UnicodeScalar(UInt8(code)))
            return [character, "a" + character + "b", character + "x", "x=" + character]
        }
        words += [
            "", "a\tb", "it's\t\\ x", "\u{1}\u{7F}\u{1B}\u{7}\u{8}\u{C}\n\r\u{B}", "é", "\u{85}",
        ]
        words += ["é\tx", "\u{200B}", "~/x~", "a:~b", "#a#", "^ *3 "]
        for word in words {
            let bash = try Self.run("/bin/bash", ["-c", "printf %q \"$1\"", "quote", word])
            #expect(
                ShellWords.quote(word) == String(decoding: bash.output, as: UTF8.self), "\(word)")
        }
    }

    @Test func controlsAreShownAsCatShowsThem() throws {
        for byte in UInt8(0)...UInt8(0x7F) where byte != 0x0A {
            let text: [UInt8] = [0x61, byte, 0x62]
            var shown: [UInt8] = []
            Listing.appendVisible(text[...], to: &shown)
            let cat = try Self.run("/bin/cat", ["-v"], input: text)
            // Tab stays a tab; cat -v shows it as it is too.
            #expect(shown == cat.output, "byte \(byte)")
        }
        // A C1 control (U+009B, which terminals read as CSI) is shown as its byte would be.
        var shown: [UInt8] = []
        Listing.appendVisible([0x61, 0xC2, 0x9B, 0xC3, 0xA9][...], to: &shown)
        #expect(shown == Array("aM-^[é".utf8))
    }
}
