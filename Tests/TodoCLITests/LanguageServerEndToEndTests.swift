import Foundation
import Testing

/// `todo language-server` as an editor runs it: the built binary, spoken to over pipes.
@Suite struct LanguageServerEndToEndTests {
    /// What one session produced.
    struct Session {
        /// Every message the server wrote, in order.
        var messages: [[String: Any]]
        /// Standard error.
        var errors: String
        /// The exit status.
        var status: Int32

        /// The response to request `id`.
        func response(_ id: Int) -> [String: Any]? {
            messages.first { ($0["id"] as? Int) == id && $0["method"] == nil }
        }

        /// The last diagnostics published.
        var diagnostics: [[String: Any]] {
            let published = messages.last {
                $0["method"] as? String == "textDocument/publishDiagnostics"
            }
            return (published?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
                ?? []
        }
    }

    /// A framed message.
    static func frame(_ message: [String: Any]) throws -> Data {
        let body = try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    static func request(_ id: Int, _ method: String, _ params: [String: Any] = [:]) throws -> Data {
        try frame(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
    }

    static func notification(_ method: String, _ params: [String: Any] = [:]) throws -> Data {
        try frame(["jsonrpc": "2.0", "method": method, "params": params])
    }

    static func initialize(utf8: Bool = false) throws -> Data {
        let encodings = utf8 ? ["utf-8", "utf-16"] : ["utf-16"]
        return try request(
            1, "initialize", ["capabilities": ["general": ["positionEncodings": encodings]]])
            + notification("initialized")
    }

    static let end =
        (try? request(99, "shutdown")).map { $0 + ((try? notification("exit")) ?? Data()) }
        ?? Data()

    /// Runs the server with `input` on standard input (then end of input) in a directory that
    /// holds `files`, and collects what it wrote.
    static func run(
        _ input: Data, arguments: [String] = ["language-server"], files: [String: String] = [:],
        now: String = "2026-11-23"
    ) throws -> Session {
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        for (name, text) in files {
            try Data(text.utf8).write(to: home.appendingPathComponent(name))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TodoBinary.path)
        process.arguments = arguments
        process.environment = TodoBinary.environment(home: home, extra: ["TODOTXT_NOW": now])
        process.currentDirectoryURL = home
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Session(
            messages: try messages(in: output), errors: String(decoding: errors, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// Splits the output into framed messages; every frame must be exactly
    /// `Content-Length: N` CR LF CR LF and N bytes of JSON.
    static func messages(in output: Data) throws -> [[String: Any]] {
        var bytes = [UInt8](output)
        var found: [[String: Any]] = []
        let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        while !bytes.isEmpty {
            let end = try #require((0..<bytes.count).first { bytes[$0...].starts(with: separator) })
            let header = String(decoding: bytes[..<end], as: UTF8.self)
            let length = try #require(Int(header.dropFirst("Content-Length: ".count)))
            #expect(header == "Content-Length: \(length)")
            let body = Data(bytes[(end + 4)..<(end + 4 + length)])
            found.append(
                try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any]))
            bytes.removeFirst(end + 4 + length)
        }
        return found
    }

    static let uri = "file:///tmp/todo-e2e/todo.txt"

    static func open(_ text: String, uri: String = uri) throws -> Data {
        try notification(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "todotxt", "version": 1, "text": text]])
    }

    static func at(_ line: Int, _ character: Int, uri: String = uri) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }

    static func range(_ value: Any?) -> [Int] {
        guard let range = value as? [String: Any], let start = range["start"] as? [String: Int],
            let end = range["end"] as? [String: Int]
        else { return [] }
        return [
            start["line"] ?? -1, start["character"] ?? -1, end["line"] ?? -1,
            end["character"] ?? -1,
        ]
    }

    @Test func aWholeSessionOverPipes() throws {
        let text =
            "(A) 2026-11-20 call mom +family @phone due:2026-11-20\nX 📞 電話 due:2026-02-30 +family\nplan +\n"
        let session = try Self.run(
            Self.initialize() + Self.open(text)
                + Self.request(2, "textDocument/completion", Self.at(2, 6))
                + Self.request(3, "textDocument/hover", Self.at(0, 45))
                + Self.request(
                    4, "textDocument/codeAction",
                    [
                        "textDocument": ["uri": Self.uri],
                        "range": [
                            "start": ["line": 1, "character": 0],
                            "end": ["line": 1, "character": 0],
                        ],
                        "context": ["diagnostics": []],
                    ])
                + Self.request(
                    5, "textDocument/semanticTokens/full", ["textDocument": ["uri": Self.uri]])
                + Self.request(
                    6, "textDocument/documentSymbol", ["textDocument": ["uri": Self.uri]])
                + Self.request(7, "textDocument/references", Self.at(0, 26))
                + Self.end)
        #expect(session.status == 0)
        #expect(session.errors == "")
        let capabilities =
            try #require(session.response(1)?["result"] as? [String: Any])["capabilities"]
            as? [String: Any]
        #expect(capabilities?["positionEncoding"] as? String == "utf-16")
        // Diagnostics: exact ranges in UTF-16 on a line with an emoji and CJK.
        let diagnostics = session.diagnostics
        #expect(
            diagnostics.map { $0["code"] as? String } == ["uppercase-done-mark", "invalid-date"])
        #expect(diagnostics.map { Self.range($0["range"]) } == [[1, 0, 1, 1], [1, 12, 1, 22]])
        #expect(
            diagnostics.allSatisfy {
                $0["source"] as? String == "todo" && $0["severity"] as? Int == 2
            })
        let items = try #require(
            (session.response(2)?["result"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.map { $0["label"] as? String } == ["+family"])
        #expect(items.first?["detail"] as? String == "2 tasks")
        let hover = try #require(session.response(3)?["result"] as? [String: Any])
        #expect(
            (hover["contents"] as? [String: Any])?["value"] as? String
                == "Friday 2026-11-20, 3 days overdue")
        let actions = try #require(session.response(4)?["result"] as? [[String: Any]])
        #expect(
            actions.contains {
                $0["title"] as? String == "Write a lower-case 'x'"
                    && $0["kind"] as? String == "quickfix"
            })
        #expect(actions.contains { $0["title"] as? String == "Mark done" })
        let tokens = try #require(
            (session.response(5)?["result"] as? [String: Any])?["data"] as? [Int])
        #expect(tokens.count % 5 == 0 && !tokens.isEmpty)
        let symbols = try #require(session.response(6)?["result"] as? [[String: Any]])
        #expect(symbols.map { $0["name"] as? String } == ["+family"])
        let references = try #require(session.response(7)?["result"] as? [[String: Any]])
        #expect(references.map { Self.range($0["range"]) } == [[0, 24, 0, 31], [1, 23, 1, 30]])
    }

    @Test func utf8PositionsWhenTheClientOffersThem() throws {
        let session = try Self.run(
            Self.initialize(utf8: true) + Self.open("X 📞 電話 due:2026-02-30\n") + Self.end)
        #expect(session.status == 0)
        #expect(
            session.diagnostics.map { Self.range($0["range"]) } == [[0, 0, 0, 1], [0, 18, 0, 28]])
    }

    @Test func doneTxtBesideTheFileAddsToCompletion() throws {
        let files = ["done.txt": "x 2026-11-01 old +garden\nx 2026-11-02 older +garden\n"]
        // The document's URI names the run's directory, whose done.txt the server reads.
        let session = try Self.runInOwnDirectory(files: files) { directory in
            let uri = "file://" + directory + "/todo.txt"
            return try Self.initialize() + Self.open("a +home\nb +\n", uri: uri)
                + Self.request(2, "textDocument/completion", Self.at(1, 3, uri: uri)) + Self.end
        }
        let items = try #require(
            (session.response(2)?["result"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.map { $0["label"] as? String } == ["+garden", "+home"])
        #expect(items.map { $0["detail"] as? String } == ["2 tasks", "1 task"])
    }

    /// Like ``run(_:arguments:files:now:)``, with input that needs the directory's path.
    static func runInOwnDirectory(
        files: [String: String], input: (String) throws -> Data
    ) throws -> Session {
        let directory = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TodoBinary.path)
        process.arguments = ["language-server", "--stdio"]
        process.environment = TodoBinary.environment(
            home: directory, extra: ["TODOTXT_NOW": "2026-11-23"])
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(try input(directory.path))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Session(
            messages: try messages(in: output), errors: "", status: process.terminationStatus)
    }

    @Test func todotxtNowPinsToday() throws {
        let session = try Self.run(
            Self.initialize() + Self.open("call due:2026-12-01\n")
                + Self.request(2, "textDocument/hover", Self.at(0, 12)) + Self.end,
            now: "2026-11-22T10:00:00")
        let hover = try #require(session.response(2)?["result"] as? [String: Any])
        #expect(
            (hover["contents"] as? [String: Any])?["value"] as? String
                == "Tuesday 2026-12-01, in 9 days")
    }

    @Test func malformedInputIsAnsweredAndTheNextRequestStillServed() throws {
        let garbage = Data("Content-Length: x\r\n\r\n".utf8)
        let badJSON = Data("Content-Length: 5\r\n\r\n{oops".utf8)
        let session = try Self.run(
            Self.initialize() + garbage + badJSON + Self.request(2, "workspace/unknown")
                + Self.request(3, "shutdown"))
        let errors = session.messages.compactMap {
            ($0["error"] as? [String: Any])?["code"] as? Int
        }
        #expect(errors == [-32700, -32700, -32601])
        #expect(session.response(3)?.keys.contains("result") == true)
        // End of input after shutdown: status 0; the warnings went to standard error.
        #expect(session.status == 0)
        #expect(session.errors.contains("todo language-server: bad message header"))
    }

    @Test func requestsBeforeInitializeAndExitWithoutShutdown() throws {
        let session = try Self.run(
            Self.request(1, "textDocument/hover", Self.at(0, 0)) + Self.notification("exit"))
        #expect((session.response(1)?["error"] as? [String: Any])?["code"] as? Int == -32002)
        #expect(session.status == 1)
        let ended = try Self.run(Self.initialize())
        #expect(ended.status == 1)  // end of input without shutdown
    }

    @Test func debugLogGoesToStandardErrorOnly() throws {
        let session = try Self.run(
            Self.initialize() + Self.end,
            arguments: ["language-server", "--stdio", "--log-level", "debug"])
        #expect(session.status == 0)
        #expect(session.errors.contains("todo language-server: received: "))
        #expect(session.messages.count == 2)
    }

    @Test func badArgumentsAreAUsageError() throws {
        let session = try Self.run(Data(), arguments: ["language-server", "--log-level", "loud"])
        #expect(session.status == 2)
        #expect(session.messages.isEmpty)
        #expect(
            session.errors.hasPrefix(
                "todo: language-server: unknown log level 'loud'; expected off, warning or debug"))
    }
}
