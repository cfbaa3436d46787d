import TodoLanguageServer
import TodoPlatform
import TodoStore
import TodoTxt

/// `language-server [--stdio] [--log-level off|warning|debug]`: the todo.txt language server
/// (LSP) on standard input and output.
struct LanguageServerAction: Action {
    static let names = ["language-server"]
    static let synopses = ["language-server [--stdio] [--log-level off|warning|debug]"]
    static let help = [
        "Runs a language server for todo.txt files on standard input and output, for editors",
        "that speak LSP: check findings as you type, completion, hover, code actions (mark",
        "done, priorities, quick fixes), highlighting, references and an outline by project.",
        "--stdio is accepted and ignored; logs go to standard error (warnings by default).",
    ]
    static let writesFiles = false

    /// How much to log on standard error.
    let logLevel: ServerEnvironment.LogLevel

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let synopsis = Self.synopses[0]
        var level = ServerEnvironment.LogLevel.warning
        while let word = arguments.peek {
            if word == "--stdio" {
                _ = arguments.next()
                continue
            }
            if let text = try arguments.value(
                of: "--log-level", action: "language-server", synopsis: synopsis)
            {
                switch text {
                case "off": level = .off
                case "warning": level = .warning
                case "debug": level = .debug
                default:
                    throw .invalid(
                        action: "language-server",
                        message: "unknown log level '\(text)'; expected off, warning or debug",
                        synopsis: synopsis)
                }
                continue
            }
            throw .invalid(
                action: "language-server", message: "unknown argument '\(word)'",
                synopsis: synopsis)
        }
        logLevel = level
    }

    func run(in context: Context) throws -> Int32 {
        let environment = context.environment
        let console = context.console
        let started = context.now.date
        var transport = StandardStreams(console: console)
        var server = LanguageServer(
            environment: ServerEnvironment(
                // Read for every message, so that a server left running past midnight moves
                // on with the clock; TODOTXT_NOW pins it, as for every other action.
                today: {
                    if case .success(let now) = Clocks.now(environment: environment) {
                        return now.date
                    }
                    return started
                },
                readFile: { path in try? environment.storage.readBytes(path) },
                keepPriority: context.settings.keepPriority,
                logLevel: logLevel,
                log: { line in console.error(line) }))
        return server.run(&transport)
    }
}

/// Standard input and output as the server's transport: reads whatever input has arrived (up to
/// 64 KiB), and writes each message out at once.
private final class StandardStreams: ServerTransport {
    private let input = FileDescriptor(owning: 0)
    private let console: Console
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(console: Console) {
        self.console = console
    }

    func read() -> [UInt8] {
        let count = buffer.withUnsafeMutableBytes { raw in
            (try? input.read(into: raw)) ?? 0
        }
        return Array(buffer[0..<count])
    }

    func write(_ bytes: [UInt8]) {
        console.write(bytes)
        console.flush()
    }
}
