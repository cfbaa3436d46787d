import TestSupport
import Testing

@testable import TodoJSON

/// `JSONReader.parse(taking:keepingStringBytes:)`, which decodes the first long string in place,
/// must read every input exactly as `parse(_:keepingStringBytes:)` does: the same value, or the
/// same error at the same offset.
@Suite struct JSONReaderInPlaceTests {
    /// The outcome of one reading, comparable.
    enum Outcome: Equatable {
        case value(JSONValue)
        case error(JSONError)
    }

    static func copying(_ bytes: [UInt8]) -> Outcome {
        do { return .value(try JSONReader.parse(bytes, keepingStringBytes: true)) } catch {
            return .error(error)
        }
    }

    static func inPlace(_ bytes: [UInt8]) -> Outcome {
        var buffer = bytes
        defer { #expect(buffer.isEmpty) }
        do { return .value(try JSONReader.parse(taking: &buffer, keepingStringBytes: true)) } catch
        {
            return .error(error)
        }
    }

    /// A `didOpen`-like message whose text is `body` (already escaped for JSON).
    static func message(_ body: String, then more: String = "") -> [UInt8] {
        Array(
            #"{"method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///t","#.utf8)
            + Array(#""text":""#.utf8) + Array(body.utf8) + Array(#"","version":3\#(more)}}}"#.utf8)
    }

    @Test func aDocumentWithEveryEscapeReadsTheSame() throws {
        let line =
            #"(A) caf\u00e9 \ud83d\ude00 😀 \"quoted\" back\\slash \/ \b\f\t+p @c due:2026-01-01\r\n"#
        let input = Self.message(String(repeating: line, count: 200))
        let outcome = Self.inPlace(input)
        #expect(outcome == Self.copying(input))
        guard case .value(let value) = outcome,
            let text = value["params"]?["textDocument"]?["text"]?.stringBytes
        else {
            Issue.record("no text in \(outcome)")
            return
        }
        let decoded = "(A) café 😀 😀 \"quoted\" back\\slash / \u{8}\u{C}\t+p @c due:2026-01-01\r\n"
        #expect(text == Array(String(repeating: decoded, count: 200).utf8))
        #expect(value["params"]?["textDocument"]?["version"] == 3)
        #expect(value["params"]?["textDocument"]?["uri"] == "file:///t")
    }

    @Test func invalidUTF8InALongStringIsKept() {
        var input = Self.message(String(repeating: "x", count: 5000))
        let at = input.firstIndex(of: 0x78) ?? 0
        input[at + 10] = 0xFF
        input[at + 20] = 0xC3
        let outcome = Self.inPlace(input)
        #expect(outcome == Self.copying(input))
        if case .value(let value) = outcome {
            let text = value["params"]?["textDocument"]?["text"]?.stringBytes ?? []
            #expect(text.count == 5000 && text[10] == 0xFF && text[20] == 0xC3)
        }
    }

    @Test func onlyTheFirstLongStringIsTakenTheOthersAreCopied() {
        let long = String(repeating: #"a\nb"#, count: 2000)
        let input = Self.message(long, then: #","other":"\#(long)","short":"s\u0041""#)
        let outcome = Self.inPlace(input)
        #expect(outcome == Self.copying(input))
        if case .value(let value) = outcome {
            let expected = Array(String(repeating: "a\nb", count: 2000).utf8)
            #expect(value["params"]?["textDocument"]?["text"] == .stringBytes(expected))
            #expect(value["params"]?["textDocument"]?["other"] == .stringBytes(expected))
            #expect(value["params"]?["textDocument"]?["short"] == "sA")
        }
    }

    @Test func aLongSpanThatDecodesShortIsAString() {
        // 6 bytes of escape for each letter: long before decoding, short after.
        let input = Self.message(String(repeating: #"\u0041"#, count: 1000))
        let outcome = Self.inPlace(input)
        #expect(outcome == Self.copying(input))
        if case .value(let value) = outcome {
            #expect(
                value["params"]?["textDocument"]?["text"]
                    == .string(String(repeating: "A", count: 1000)))
        }
    }

    @Test(arguments: [
        #"\x"#, #"\ud83d"#, #"\ud83dx"#, #"\ud83d\u0041"#, #"\ude00"#, #"\u12G4"#, #"\u12"#,
        "\t", "\u{1}",
    ])
    func errorsInALongStringAreTheSame(_ bad: String) {
        let padding = String(repeating: "y", count: 5000)
        for input in [
            Self.message(padding + bad + padding), Self.message(padding + bad),
            Array("[\"\(padding)\(bad)".utf8), Array("\"\(padding)\\".utf8),
            Array("\"\(padding)".utf8),
        ] {
            let outcome = Self.inPlace(input)
            #expect(outcome == Self.copying(input))
            if case .value = outcome { Issue.record("accepted \(bad)") }
        }
    }

    @Test func randomLongStringsReadTheSame() {
        var random = SeededGenerator(seed: 4)
        let pieces = [
            "a", "b", " ", #"\n"#, #"\r\n"#, #"\""#, #"\\"#, #"\/"#, #"\t"#, #"\u00e9"#,
            #"\ud83d\ude00"#, "é", "😀", #"\"#, #"\u"#, #"\ud800"#, "\u{7}", "\"",
        ]
        for _ in 0..<200 {
            var text = ""
            let count = Int.random(in: 0...3000, using: &random)
            for _ in 0..<count { text += pieces.randomElement(using: &random) ?? "" }
            var input = Self.message(text)
            if Bool.random(using: &random), !input.isEmpty {
                input.removeLast(Int.random(in: 0...min(input.count, 40), using: &random))
            }
            #expect(Self.inPlace(input) == Self.copying(input))
        }
    }
}
