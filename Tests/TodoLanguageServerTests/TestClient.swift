import TodoJSON
import TodoTxt

@testable import TodoLanguageServer

/// A language client in memory: it frames requests, feeds them to a ``LanguageServer`` and
/// reads back every message the server writes, through the same bytes a pipe would carry.
struct TestClient {
    /// The pinned "today" of every test: Monday 2026-11-23.
    static let today: LocalDate = {
        guard let day = LocalDate(year: 2026, month: 11, day: 23) else {
            preconditionFailure("2026-11-23 is a date")
        }
        return day
    }()

    var server: LanguageServer
    private var nextID = 1
    /// Every notification the server sent, in order.
    var notifications: [JSONValue] = []
    /// Files the server may read (`done.txt`), by absolute path.
    let files: [String: [UInt8]]

    init(files: [String: [UInt8]] = [:], keepPriority: Bool = false) {
        self.files = files
        server = LanguageServer(
            environment: ServerEnvironment(
                today: { TestClient.today }, readFile: { files[$0] }, keepPriority: keepPriority))
    }

    /// A client that has initialized the server, offering UTF-8 positions when `utf8`.
    static func initialized(
        utf8: Bool = false, files: [String: [UInt8]] = [:], keepPriority: Bool = false
    ) -> TestClient {
        var client = TestClient(files: files, keepPriority: keepPriority)
        let encodings: JSONValue = utf8 ? ["utf-8", "utf-16"] : ["utf-16"]
        _ = client.request(
            "initialize", ["capabilities": ["general": ["positionEncodings": encodings]]])
        client.notify("initialized", [:])
        return client
    }

    /// Sends raw bytes and returns the decoded messages the server wrote.
    mutating func sendBytes(_ bytes: [UInt8]) -> [JSONValue] {
        var messages: [JSONValue] = []
        for frame in server.receive(bytes) {
            messages.append(TestClient.decode(frame))
        }
        notifications += messages.filter { $0["method"] != nil }
        return messages
    }

    /// The JSON body of one framed message; fails the test (as `.null`) when the framing is
    /// not exactly `Content-Length: N` CR LF CR LF and N bytes.
    static func decode(_ frame: [UInt8]) -> JSONValue {
        let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        guard let end = (0..<frame.count).first(where: { frame[$0...].starts(with: separator) })
        else { return .null }
        let header = String(decoding: frame[..<end], as: UTF8.self)
        let body = Array(frame[(end + 4)...])
        guard header == "Content-Length: \(body.count)" else { return .null }
        return (try? JSONReader.parse(body)) ?? .null
    }

    /// Frames one JSON message.
    static func frame(_ message: JSONValue) -> [UInt8] {
        let body = JSONWriter.bytes(message)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Sends a request and returns the whole response message.
    mutating func requestMessage(_ method: String, _ params: JSONValue) -> JSONValue {
        let id = nextID
        nextID += 1
        let messages = sendBytes(
            TestClient.frame(
                ["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params])
        )
        return messages.first { $0["id"] == .integer(id) } ?? .null
    }

    /// Sends a request and returns its result (`.null` on an error).
    mutating func request(_ method: String, _ params: JSONValue) -> JSONValue {
        requestMessage(method, params)["result"] ?? .null
    }

    /// Sends a notification and returns what the server sent back.
    @discardableResult
    mutating func notify(_ method: String, _ params: JSONValue) -> [JSONValue] {
        sendBytes(
            TestClient.frame(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    /// Opens a document and returns the diagnostics published for it.
    @discardableResult
    mutating func open(_ text: String, uri: String = "file:///home/me/todo.txt") -> [JSONValue] {
        let sent = notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "todotxt", "version": 1,
                    "text": .string(text),
                ]
            ])
        return sent.last?["params"]?["diagnostics"]?.arrayValue ?? []
    }

    /// Applies changes (a range and its new text) and returns the diagnostics published.
    @discardableResult
    mutating func change(
        _ changes: [(range: TextRange?, text: String)], uri: String = "file:///home/me/todo.txt",
        version: Int = 2
    ) -> [JSONValue] {
        let list: [JSONValue] = changes.map { change in
            var fields: [String: JSONValue] = ["text": .string(change.text)]
            if let range = change.range { fields["range"] = range.json }
            return .object(fields)
        }
        let sent = notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": .integer(version)],
                "contentChanges": .array(list),
            ])
        return sent.last?["params"]?["diagnostics"]?.arrayValue ?? []
    }

    /// The text the server holds for a document.
    func text(uri: String = "file:///home/me/todo.txt") -> [UInt8]? {
        server.documents[uri]?.text.bytes
    }

    /// `{"textDocument": {"uri": ...}, "position": {...}}`.
    static func at(
        _ line: Int, _ character: Int, uri: String = "file:///home/me/todo.txt"
    )
        -> JSONValue
    {
        [
            "textDocument": ["uri": .string(uri)],
            "position": Position(line: line, character: character).json,
        ]
    }
}

/// A range from (line, character) to (line, character).
func span(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> TextRange
{
    TextRange(
        start: Position(line: startLine, character: startCharacter),
        end: Position(line: endLine, character: endCharacter))
}
