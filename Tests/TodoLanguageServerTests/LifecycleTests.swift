import Testing
import TodoJSON

@testable import TodoLanguageServer

/// Input that ends after the given chunks.
struct ChunkedInput: ServerTransport {
    var chunks: [[UInt8]]
    var written: [UInt8] = []

    mutating func read() -> [UInt8] {
        chunks.isEmpty ? [] : chunks.removeFirst()
    }

    mutating func write(_ bytes: [UInt8]) { written += bytes }
}

@Suite struct LifecycleTests {
    @Test func requestsBeforeInitializeGetServerNotInitialized() {
        var client = TestClient()
        let response = client.requestMessage("textDocument/hover", TestClient.at(0, 0))
        #expect(response["error"]?["code"] == -32002)
        // A notification before initialize is dropped, and the server still answers.
        #expect(
            client.notify("textDocument/didOpen", ["textDocument": ["uri": "a", "text": "X"]])
                .isEmpty)
        #expect(client.requestMessage("shutdown", nil)["error"]?["code"] == -32002)
    }

    @Test func initializeListsEveryCapability() throws {
        var client = TestClient()
        let result = client.request("initialize", ["capabilities": [:]])
        let capabilities = try #require(result["capabilities"])
        #expect(capabilities["positionEncoding"] == "utf-16")
        #expect(
            capabilities["textDocumentSync"] == [
                "openClose": true, "change": 2, "save": ["includeText": false],
            ])
        #expect(capabilities["completionProvider"]?["triggerCharacters"] == ["+", "@", ":", "("])
        #expect(capabilities["hoverProvider"] == true)
        #expect(capabilities["definitionProvider"] == true)
        #expect(capabilities["referencesProvider"] == true)
        #expect(capabilities["documentSymbolProvider"] == true)
        #expect(
            capabilities["codeActionProvider"]?["codeActionKinds"] == [
                "quickfix", "refactor.rewrite",
            ])
        let tokens = try #require(capabilities["semanticTokensProvider"])
        #expect(tokens["full"] == true && tokens["range"] == true)
        #expect(
            tokens["legend"]?["tokenTypes"]
                == ["comment", "keyword", "number", "namespace", "variable", "property", "string"])
        #expect(tokens["legend"]?["tokenModifiers"] == ["deprecated"])
    }

    @Test func utf8IsChosenWhenTheClientOffersIt() {
        var client = TestClient()
        let result = client.request(
            "initialize", ["capabilities": ["general": ["positionEncodings": ["utf-16", "utf-8"]]]])
        #expect(result["capabilities"]?["positionEncoding"] == "utf-8")
        #expect(client.server.encoding == .utf8)
    }

    @Test func secondInitializeIsAnInvalidRequest() {
        var client = TestClient.initialized()
        #expect(
            client.requestMessage("initialize", ["capabilities": [:]])["error"]?["code"] == -32600)
    }

    @Test func shutdownThenExitEndsWithStatusZero() {
        var client = TestClient.initialized()
        #expect(
            client.requestMessage("shutdown", nil) == ["jsonrpc": "2.0", "id": 2, "result": nil])
        // After shutdown every request is refused, but still answered.
        #expect(
            client.requestMessage("textDocument/hover", TestClient.at(0, 0))["error"]?["code"]
                == -32600)
        #expect(client.requestMessage("shutdown", nil)["error"]?["code"] == -32600)
        client.notify("exit", nil)
        #expect(client.server.phase == .exited(0))
    }

    @Test func exitWithoutShutdownEndsWithStatusOne() {
        var client = TestClient.initialized()
        client.notify("exit", nil)
        #expect(client.server.phase == .exited(1))
    }

    @Test func runReturnsTheExitStatusAndStopsReading() {
        let messages: [JSONValue] = [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]],
            ["jsonrpc": "2.0", "id": 2, "method": "shutdown"],
            ["jsonrpc": "2.0", "method": "exit"],
            ["jsonrpc": "2.0", "id": 3, "method": "shutdown"],
        ]
        var input = ChunkedInput(chunks: [messages.flatMap(TestClient.frame)])
        var server = LanguageServer(environment: ServerEnvironment(today: { TestClient.today }))
        #expect(server.run(&input) == 0)
        let written = String(decoding: input.written, as: UTF8.self)
        #expect(written.contains(#""id":2,"jsonrpc":"2.0","result":null"#))
        #expect(!written.contains(#""id":3"#))
    }

    @Test func endOfInputEndsWithStatusOneUnlessShutDown() {
        let initialize = TestClient.frame(
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        var input = ChunkedInput(chunks: [initialize])
        var server = LanguageServer(environment: ServerEnvironment(today: { TestClient.today }))
        #expect(server.run(&input) == 1)
        let shutdown = TestClient.frame(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
        var second = ChunkedInput(chunks: [initialize, shutdown])
        var other = LanguageServer(environment: ServerEnvironment(today: { TestClient.today }))
        #expect(other.run(&second) == 0)
    }

    @Test func cancelRequestIsAccepted() {
        var client = TestClient.initialized()
        #expect(client.notify("$/cancelRequest", ["id": 1]).isEmpty)
        #expect(client.request("shutdown", nil) == nil)
    }
}
