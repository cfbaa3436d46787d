import Testing
import TodoJSON

@testable import TodoLanguageServer

/// A document, a finding on it, and its range in UTF-16 and in UTF-8 columns.
struct PositionCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: [UInt8]
    var rule: String
    var line: Int
    var utf16: Range<Int>
    var utf8: Range<Int>

    init(
        _ name: String, _ text: [UInt8], _ rule: String, line: Int = 0, utf16: Range<Int>,
        utf8: Range<Int>
    ) {
        self.name = name
        self.text = text
        self.rule = rule
        self.line = line
        self.utf16 = utf16
        self.utf8 = utf8
    }

    var testDescription: String { name }
}

/// The body of a `didOpen` whose text is `bytes` exactly, invalid UTF-8 included (as some
/// editors send a buffer that holds such bytes).
func didOpenFrame(_ bytes: [UInt8], uri: String = "file:///home/me/todo.txt") -> [UInt8] {
    var text: [UInt8] = [0x22]
    for byte in bytes {
        switch byte {
        case 0x0A: text += Array("\\n".utf8)
        case 0x0D: text += Array("\\r".utf8)
        case 0x09: text += Array("\\t".utf8)
        case 0x22, 0x5C: text += [0x5C, byte]
        default: text.append(byte)
        }
    }
    text.append(0x22)
    let body =
        Array(
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"todotxt","version":1,"text":"#
                .utf8)
        + text + Array("}}}".utf8)
    return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
}

@Suite struct PositionTests {
    static let cases: [PositionCase] = [
        PositionCase(
            "emoji", Array("call 📞 due:2024-02-30\n".utf8), "invalid-date", utf16: 12..<22,
            utf8: 14..<24),
        PositionCase(
            "CJK", Array("電話 due:2024-02-30\n".utf8), "invalid-date", utf16: 7..<17, utf8: 11..<21),
        PositionCase(
            "combining mark", Array("cafe\u{301} due:2024-02-30\n".utf8), "invalid-date",
            utf16: 10..<20, utf8: 11..<21),
        PositionCase(
            "invalid byte before a finding", [0x61, 0xFF] + Array(" due:2024-02-30\n".utf8),
            "invalid-date", utf16: 7..<17, utf8: 7..<17),
        PositionCase(
            "invalid byte itself", [0x61, 0xFF] + Array(" x\n".utf8), "invalid-utf8", utf16: 1..<2,
            utf8: 1..<2),
        PositionCase(
            "truncated sequence counts per byte", [0xE2, 0x82] + Array("📞  \n".utf8),
            "trailing-whitespace", utf16: 4..<6, utf8: 6..<8),
        PositionCase(
            "CRLF", Array("first\r\nX second\r\n".utf8), "uppercase-done-mark", line: 1,
            utf16: 0..<1, utf8: 0..<1),
        PositionCase(
            "lone CR ends a line", Array("one\rX two\n".utf8), "uppercase-done-mark", line: 1,
            utf16: 0..<1, utf8: 0..<1),
        PositionCase(
            "mixed line ends", Array("a\r\n電\n".utf8), "mixed-line-endings", line: 1,
            utf16: 1..<1, utf8: 3..<3),
        PositionCase(
            "byte order mark", Array("\u{FEFF}X 📞\n".utf8), "uppercase-done-mark",
            utf16: 1..<2, utf8: 3..<4),
    ]

    @Test(arguments: cases, [false, true])
    func diagnosticRange(_ example: PositionCase, utf8: Bool) throws {
        var client = TestClient.initialized(utf8: utf8)
        let sent = client.sendBytes(didOpenFrame(example.text))
        let diagnostics = try #require(sent.last?["params"]?["diagnostics"]?.arrayValue)
        let found = try #require(diagnostics.first { $0["code"]?.stringValue == example.rule })
        let columns = utf8 ? example.utf8 : example.utf16
        #expect(
            found["range"]
                == span(example.line, columns.lowerBound, example.line, columns.upperBound).json)
        #expect(found["source"] == "todo")
        #expect(found["severity"] == 2)
        // The text is held byte for byte, invalid UTF-8 included.
        #expect(client.text() == example.text)
    }

    @Test func diagnosticsCarryCheckMessagesAndCodes() {
        var client = TestClient.initialized()
        let diagnostics = client.open("X call mom\ncall mom due:tomorrow  \n")
        #expect(
            diagnostics.map { $0["code"] }
                == ["uppercase-done-mark", "relative-date", "trailing-whitespace"])
        #expect(
            diagnostics.map { $0["message"] }
                == [
                    "'X ' does not mark a task done; write a lower-case 'x '",
                    "'tomorrow' in due: is a relative date; write 2026-11-24 (what it means today)",
                    "trailing whitespace",
                ])
    }

    @Test func positionsInsideACharacterOrPastTheLineAreClamped() {
        let line = ArraySlice(Array("a📞b".utf8))
        #expect(PositionEncoding.utf16.byteOffset(in: line, units: 2) == 1)  // inside the emoji
        #expect(PositionEncoding.utf16.byteOffset(in: line, units: 3) == 5)
        #expect(PositionEncoding.utf16.byteOffset(in: line, units: 99) == 6)
        #expect(PositionEncoding.utf8.byteOffset(in: line, units: 3) == 1)
        #expect(PositionEncoding.utf8.byteOffset(in: line, units: 5) == 5)
        #expect(PositionEncoding.utf16.units(in: line, upTo: 6) == 4)
    }

    @Test func closingClearsDiagnostics() {
        var client = TestClient.initialized()
        #expect(!client.open("X call\n").isEmpty)
        let sent = client.notify(
            "textDocument/didClose", ["textDocument": ["uri": "file:///home/me/todo.txt"]])
        #expect(sent.first?["params"]?["diagnostics"] == [])
        #expect(client.text() == nil)
    }
}
