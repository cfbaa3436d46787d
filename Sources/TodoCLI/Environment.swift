import Glibc
public import TodoStore
public import TodoTxt

/// Everything a command run needs from the outside world, injected so that tests can run
/// commands without a disk, a terminal or a real clock.
public struct Environment {
    /// The environment variables.
    public var variables: [String: String]
    /// How the program was invoked (`argv[0]`); messages name it by its basename.
    public var programPath: String
    /// The working directory, for finding the nearest `todo.txt` and relative paths.
    public var currentDirectory: String
    /// Where files are read and written.
    public var storage: any TodoStorage
    /// What time it is (`TODOTXT_NOW` overrides it).
    public var clock: any Clock
    /// Standard output and standard error.
    public var console: Console
    /// Whether standard input is a terminal (prompts and confirmations need one).
    public var inputIsTerminal: Bool
    /// Reads one line of standard input without its newline, or `nil` at end of input.
    public var readLine: () -> String?
    /// Reads all of standard input as bytes.
    public var readAllInput: () -> [UInt8]
    /// Reads one key for a y/n question: at a terminal without waiting for Enter (as bash's
    /// `read -N 1`), otherwise the first character of the next line; `nil` at end of input.
    public var readKey: () -> String?

    /// Creates an environment.
    public init(
        variables: [String: String], programPath: String = "todo", currentDirectory: String,
        storage: any TodoStorage, clock: any Clock, console: Console,
        inputIsTerminal: Bool = false, readLine: @escaping () -> String? = { nil },
        readAllInput: @escaping () -> [UInt8] = { [] },
        readKey: (() -> String?)? = nil
    ) {
        self.variables = variables
        self.programPath = programPath
        self.currentDirectory = currentDirectory
        self.storage = storage
        self.clock = clock
        self.console = console
        self.inputIsTerminal = inputIsTerminal
        self.readLine = readLine
        self.readAllInput = readAllInput
        self.readKey = readKey ?? { readLine().map { String($0.prefix(1)) } }
    }

    /// The real environment of this process: its variables, working directory, files on disk,
    /// the system clock, file descriptors 0, 1 and 2.
    public static func current(programPath: String) -> Environment {
        var variables: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        var directory = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let cwd =
            getcwd(&directory, directory.count) != nil
            ? String(
                decoding: directory.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : (variables["PWD"] ?? ".")
        return Environment(
            variables: variables, programPath: programPath, currentDirectory: cwd,
            storage: FileStorage(), clock: SystemClock(), console: .standard(),
            inputIsTerminal: isatty(0) == 1,
            readLine: { Swift.readLine(strippingNewline: true) },
            readAllInput: {
                var bytes: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let count = read(0, &chunk, chunk.count)
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    bytes += chunk[0..<count]
                }
                return bytes
            },
            readKey: {
                guard isatty(0) == 1 else { return Swift.readLine().map { String($0.prefix(1)) } }
                return Environment.readTerminalKey()
            })
    }

    /// Reads one byte from the terminal with canonical mode and echo off, then restores it.
    static func readTerminalKey() -> String? {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return Swift.readLine() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
        defer { tcsetattr(0, TCSANOW, &saved) }
        var byte: UInt8 = 0
        while true {
            let count = read(0, &byte, 1)
            if count == 1 { return String(decoding: [byte], as: UTF8.self) }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }
}
