import TestSupport
import Testing
import TodoJSON

@testable import TodoLanguageServer

@Suite struct FramingTests {
    static let shutdown = TestClient.frame(["jsonrpc": "2.0", "id": 7, "method": "shutdown"])

    /// Sends `bad`, then a valid request, and returns all answers.
    private func answers(after bad: [UInt8]) -> [JSONValue] {
        var client = TestClient.initialized()
        return client.sendBytes(bad + FramingTests.shutdown)
    }

    @Test func headerWithoutContentLengthIsAParseErrorAndReadingGoesOn() {
        let found = answers(after: Array("Content-Type: x\r\n\r\n".utf8))
        #expect(found.count == 2)
        #expect(found.first?["error"]?["code"] == -32700)
        #expect(found.first?["id"] == .null)
        #expect(found.last == ["jsonrpc": "2.0", "id": 7, "result": nil])
    }

    @Test func badContentLengthIsAParseError() {
        for header in [
            "Content-Length: abc\r\n\r\n", "Content-Length: -5\r\n\r\n", "garbage\r\n\r\n",
        ] {
            let found = answers(after: Array(header.utf8))
            #expect(found.map { $0["error"]?["code"] } == [-32700, nil], "\(header)")
            #expect(found.last?["id"] == 7)
        }
    }

    @Test func garbageBeforeAHeaderIsSkipped() {
        let found = answers(after: Array("{oops}".utf8))
        #expect(found.map { $0["error"]?["code"] } == [-32700, nil])
    }

    @Test func bodyThatIsNotJSONIsAParseError() {
        let body = Array("{\"jsonrpc\": \"2.0\", \"id\": 1,".utf8)
        let found = answers(after: Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        #expect(found.first?["error"]?["code"] == -32700)
        #expect(found.first?["id"] == .null)
        #expect(found.last?["result"] == .null && found.last?["id"] == 7)
    }

    @Test func jsonThatIsNotAMessageIsAnInvalidRequest() {
        let cases: [(JSONValue, JSONValue?)] = [
            ([1, 2], nil),
            (["jsonrpc": "2.0", "id": 3], 3),
            (["jsonrpc": "1.0", "id": 4, "method": "shutdown"], 4),
            (["jsonrpc": "2.0", "id": 5, "method": 12], 5),
            (["jsonrpc": "2.0", "id": ["x": 1], "method": "shutdown"], nil),
            (["jsonrpc": "2.0", "id": 6, "method": "textDocument/hover", "params": 3], 6),
        ]
        for (message, id) in cases {
            let found = answers(after: TestClient.frame(message))
            #expect(found.first?["error"]?["code"] == -32600, "\(message)")
            #expect(found.first?["id"] == (id ?? .null), "\(message)")
            #expect(found.last?["id"] == 7)
        }
    }

    @Test func unknownMethodsAndNotifications() {
        var client = TestClient.initialized()
        let response = client.requestMessage("workspace/frobnicate", [:])
        #expect(response["error"]?["code"] == -32601)
        #expect(response["error"]?["message"] == "unknown method 'workspace/frobnicate'")
        #expect(client.notify("workspace/frobnicate", [:]).isEmpty)
        #expect(client.notify("$/setTrace", ["value": "off"]).isEmpty)
    }

    @Test func badParamsAreInvalidParams() {
        var client = TestClient.initialized()
        client.open("call mom\n")
        let missing = client.requestMessage("textDocument/hover", ["textDocument": [:]])
        #expect(missing["error"]?["code"] == -32602)
        let negative = client.requestMessage(
            "textDocument/hover",
            [
                "textDocument": ["uri": "file:///home/me/todo.txt"],
                "position": ["line": -1, "character": 0],
            ])
        #expect(negative["error"]?["code"] == -32602)
        let noRange = client.requestMessage(
            "textDocument/codeAction", ["textDocument": ["uri": "file:///home/me/todo.txt"]])
        #expect(noRange["error"]?["code"] == -32602)
    }

    @Test func messagesSplitAcrossReadsAreJoined() {
        var client = TestClient.initialized()
        var found: [JSONValue] = []
        let bytes = FramingTests.shutdown + FramingTests.shutdown
        for byte in bytes { found += client.sendBytes([byte]) }
        #expect(found.map { $0["id"] } == [7, 7])
        #expect(found.last?["error"]?["code"] == -32600)  // the second comes after shutdown
    }

    @Test func headerNamesAreCaseInsensitiveAndOtherHeadersAreAllowed() {
        var client = TestClient.initialized()
        let body = JSONWriter.bytes(["jsonrpc": "2.0", "id": 9, "method": "shutdown"])
        let header =
            "content-length: \(body.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"
        #expect(client.sendBytes(Array(header.utf8) + body).first?["id"] == 9)
    }

    @Test func randomGarbageNeverStopsTheServer() {
        var random = SeededGenerator(seed: 42)
        let pieces = [
            "Content-Length: ", "\r\n", "\r\n\r\n", "{", "}", "\"jsonrpc\"", ":", "\"2.0\"", "x",
            "\u{FF}", "[", "]", "Content-Length: 2\r\n\r\n{}",
        ]
        for _ in 0..<200 {
            var client = TestClient.initialized()
            var garbage: [UInt8] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                garbage += Array((pieces.randomElement(using: &random) ?? "").utf8)
            }
            // Whatever came before, a header block end and a few spaces (more than any body
            // length the garbage can declare) end it, and the next request is answered.
            let padding = Array("\r\n\r\n".utf8) + Array(repeating: 0x20, count: 40)
            let found = client.sendBytes(garbage + padding + FramingTests.shutdown)
            #expect(found.contains { $0["id"] == 7 }, "\(String(decoding: garbage, as: UTF8.self))")
        }
    }

    /// A message of more than a megabyte (handed over without a copy, its text decoded in
    /// place), arriving with a small message before it and half of one after it in the same
    /// read, and the rest later: every message is read whole and in order.
    @Test func aBigMessageBetweenOthersIsReadWhole() throws {
        var client = TestClient.initialized()
        var text = ""
        for line in 0..<40_000 {
            text +=
                line == 15_000
                ? "(B) café \u{1F600} due:2026-02-30 +big\r\n" : "(A) task \(line) +big @here\r\n"
        }
        let open = TestClient.frame([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": [
                    "uri": "file:///big/todo.txt", "languageId": "todotxt", "version": 1,
                    "text": .string(text),
                ]
            ],
        ])
        #expect(open.count > 1 << 20)
        let before = TestClient.frame(["jsonrpc": "2.0", "id": 5, "method": "shutdownx"])
        let after = TestClient.frame([
            "jsonrpc": "2.0", "id": 6, "method": "textDocument/hover",
            "params": [
                "textDocument": ["uri": "file:///big/todo.txt"],
                "position": ["line": 15_000, "character": 5],
            ],
        ])
        var found = client.sendBytes(before + open + after.prefix(10))
        found += client.sendBytes(Array(after.dropFirst(10)))
        #expect(found.count == 3)
        #expect(found.first?["id"] == 5 && found.first?["error"]?["code"] == -32601)
        let diagnostics = found.dropFirst().first?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.count == 1)
        // UTF-16: "(B) café 😀 " is 12 units, and the date's value starts 4 units later.
        #expect(
            diagnostics.first?["range"]
                == [
                    "start": ["line": 15_000, "character": 16],
                    "end": ["line": 15_000, "character": 26],
                ])
        #expect(found.last?["id"] == 6 && found.last?["result"] != nil)
    }
}
