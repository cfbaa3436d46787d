import TodoJSON
import TodoTxt

/// The bytes the server reads and writes: standard input and output in the command, memory in
/// the tests.
package protocol ServerTransport {
    /// The next bytes of input, waiting for them if needed; empty at the end of the input.
    mutating func read() -> [UInt8]
    /// Writes all of `bytes` to the output.
    mutating func write(_ bytes: [UInt8])
}

/// The todo.txt language server: JSON-RPC 2.0 over the base protocol's framing, the protocol's
/// lifecycle, the documents the client opened, and the features (diagnostics, completion,
/// hover, code actions, semantic tokens, definition, references, document symbols).
///
/// It never reads or writes a document's file; it works on the text the client sends.
package struct LanguageServer {
    /// Where the server is in the protocol's lifecycle.
    package enum Phase: Sendable, Hashable {
        /// Waiting for `initialize`.
        case uninitialized
        /// Serving requests.
        case running
        /// `shutdown` was answered; waiting for `exit`.
        case shutDown
        /// `exit` was received (or the input ended) with this process status.
        case exited(Int32)
    }

    /// Where the server is in its lifecycle.
    package private(set) var phase: Phase = .uninitialized
    /// The negotiated position encoding.
    package private(set) var encoding: PositionEncoding = .utf16
    let environment: ServerEnvironment
    var documents: [String: OpenDocument] = [:]
    private var framer = MessageFramer()

    /// A server that uses `environment` for the clock, files and logging.
    package init(environment: ServerEnvironment) {
        self.environment = environment
    }

    /// Serves `transport` until `exit` or the end of the input, and returns the process
    /// status: 0 after `shutdown` then `exit`, 1 otherwise.
    package mutating func run(_ transport: inout some ServerTransport) -> Int32 {
        while true {
            let input = transport.read()
            if input.isEmpty {
                if framer.hasPartialMessage { log(.warning, "input ended inside a message") }
                phase = .exited(phase == .shutDown ? 0 : 1)
            }
            var messages = receive(input)
            for index in messages.indices {
                transport.write(messages[index])
                messages[index] = []  // a big message goes as soon as it is written
            }
            if case .exited(let status) = phase { return status }
        }
    }

    /// Takes bytes of input and returns the framed messages to write, in order.
    package mutating func receive(_ bytes: [UInt8]) -> [[UInt8]] {
        framer.append(bytes)
        var output: [[UInt8]] = []
        while case .running = isServing, var frame = framer.next() {
            var messages: [Outgoing]
            switch frame {
            case .body(var body):
                frame = .malformed("")  // the body's only owner is `body` now
                messages = handle(body: &body)
            case .malformed(let problem):
                log(.warning, "bad message header: \(problem)")
                messages = [.json(Self.errorResponse(id: .null, .parseError(problem)))]
            }
            for index in messages.indices {
                var body: [UInt8]
                switch messages[index] {
                case .json(let value): body = JSONWriter.bytes(value)
                case .body(let bytes): body = bytes
                }
                messages[index] = .body([])  // `body` is the only owner, so framing does not copy
                if environment.logLevel >= .debug {
                    log(.debug, "sent: \(String(decoding: body, as: UTF8.self))")
                }
                MessageFramer.frame(&body)
                output.append(body)
            }
        }
        return output
    }

    private enum Serving { case running, stopped }

    /// A message to send: a JSON value, or a body already written as JSON (diagnostics, which
    /// are kept rendered).
    enum Outgoing {
        case json(JSONValue)
        case body([UInt8])
    }

    private var isServing: Serving {
        if case .exited = phase { return .stopped }
        return .running
    }

    func log(_ level: ServerEnvironment.LogLevel, _ message: @autoclosure () -> String) {
        if level <= environment.logLevel { environment.log("todo language-server: \(message())") }
    }

    /// Handles one message body and returns the messages to send. The body is taken by the
    /// reader, so that a big one does not stay in memory beside what was read from it.
    mutating func handle(body: inout [UInt8]) -> [Outgoing] {
        if environment.logLevel >= .debug {
            log(.debug, "received: \(String(decoding: body, as: UTF8.self))")
        }
        let message: JSONValue
        do {
            // The body's buffer becomes the longest string in it (a document's text).
            message = try JSONReader.parse(taking: &body, keepingStringBytes: true)
        } catch {
            log(.warning, "message is not JSON: \(error)")
            return [
                .json(Self.errorResponse(id: .null, .parseError("message is not JSON: \(error)")))
            ]
        }
        return handle(message: message)
    }

    /// Handles one parsed message and returns the messages to send.
    mutating func handle(message: JSONValue) -> [Outgoing] {
        func failure(_ id: JSONValue?, _ error: ResponseError) -> [Outgoing] {
            [.json(Self.errorResponse(id: id ?? .null, error))]
        }
        guard case .object = message else {
            return failure(nil, .invalidRequest("a message must be a JSON object"))
        }
        let id = message["id"]
        let validID: JSONValue?
        switch id {
        case .none: validID = nil
        case .some(.integer), .some(.string): validID = id
        case .some(.double(let number)) where number.rounded() == number: validID = id
        default:
            return failure(nil, .invalidRequest("the id must be a number or a string"))
        }
        guard message["jsonrpc"] == "2.0" else {
            return failure(validID, .invalidRequest("'jsonrpc' must be \"2.0\""))
        }
        guard let methodValue = message["method"] else {
            if validID != nil && (message["result"] != nil || message["error"] != nil) {
                return []  // a response to a request of ours; the server sends none
            }
            return failure(validID, .invalidRequest("a request needs a 'method'"))
        }
        guard let method = methodValue.stringValue else {
            return failure(validID, .invalidRequest("'method' must be a string"))
        }
        let params = message["params"] ?? .null
        if let value = message["params"], !value.isNull, value.objectValue == nil,
            value.arrayValue == nil
        {
            guard let validID else { return [] }
            return failure(validID, .invalidRequest("'params' must be an object or an array"))
        }
        if let validID {
            var output: [Outgoing] = []
            let result: Result<JSONValue, ResponseError>
            do {
                result = .success(try request(method, params: params, notifications: &output))
            } catch {
                result = .failure(error)
            }
            switch result {
            case .success(let value):
                output.insert(.json(Self.response(id: validID, value)), at: 0)
            case .failure(let error):
                log(.warning, "\(method): \(error.message)")
                output.insert(.json(Self.errorResponse(id: validID, error)), at: 0)
            }
            return output
        }
        return notification(method, params: params)
    }

    /// A successful response.
    static func response(id: JSONValue, _ result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    /// An error response.
    static func errorResponse(id: JSONValue, _ error: ResponseError) -> JSONValue {
        [
            "jsonrpc": "2.0", "id": id,
            "error": ["code": .integer(error.code), "message": .string(error.message)],
        ]
    }

    /// A notification from the server.
    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    /// Answers a request; notifications it causes (diagnostics) go to `notifications`.
    private mutating func request(
        _ method: String, params: JSONValue, notifications: inout [Outgoing]
    ) throws(ResponseError) -> JSONValue {
        switch phase {
        case .uninitialized:
            guard method == "initialize" else { throw .serverNotInitialized }
            return initialize(params)
        case .shutDown, .exited:
            throw .invalidRequest("the server is shut down; only 'exit' is accepted")
        case .running: break
        }
        switch method {
        case "initialize": throw .invalidRequest("the server is already initialized")
        case "shutdown":
            phase = .shutDown
            return .null
        case "textDocument/completion": return try completion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/semanticTokens/full": return try semanticTokens(params, ranged: false)
        case "textDocument/semanticTokens/range": return try semanticTokens(params, ranged: true)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        default: throw .methodNotFound(method)
        }
    }

    /// Handles a notification; unknown ones are ignored, as the protocol asks.
    private mutating func notification(_ method: String, params: JSONValue) -> [Outgoing] {
        if method == "exit" {
            phase = .exited(phase == .shutDown ? 0 : 1)
            return []
        }
        guard case .running = phase else { return [] }
        switch method {
        case "textDocument/didOpen": return didOpen(params)
        case "textDocument/didChange": return didChange(params)
        case "textDocument/didClose": return didClose(params)
        default: return []
        }
    }

    /// `initialize`: picks the position encoding and lists the capabilities.
    private mutating func initialize(_ params: JSONValue) -> JSONValue {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        phase = .running
        let tokenTypes = SemanticToken.Kind.allCases.map { JSONValue.string($0.name) }
        return [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": [
                    "openClose": true, "change": 2, "save": ["includeText": false],
                ],
                "completionProvider": [
                    "triggerCharacters": ["+", "@", ":", "("], "resolveProvider": false,
                ],
                "hoverProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix", "refactor.rewrite"]],
                "semanticTokensProvider": [
                    "legend": ["tokenTypes": .array(tokenTypes), "tokenModifiers": ["deprecated"]],
                    "full": true, "range": true,
                ],
                "definitionProvider": true,
                "referencesProvider": true,
                "documentSymbolProvider": true,
            ],
            "serverInfo": ["name": "todo"],
        ]
    }
}
