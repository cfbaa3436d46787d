import TodoPlatform
package import TodoStore
import TodoTxt

/// Everything a command run needs from the outside world, injected so that tests can run
/// commands without a disk, a terminal or a real clock.
package struct Environment {
    /// The environment variables.
    package var variables: [String: String]
    /// How the program was invoked (`argv[0]`); messages name it by its basename.
    package var programPath: String
    /// The working directory, for finding the nearest `todo.txt` and relative paths.
    package var currentDirectory: String
    /// Where files are read and written.
    package var storage: any TodoStorage
    /// What time it is (`TODOTXT_NOW` overrides it).
    package var clock: any LocalClock
    /// Standard output and standard error.
    package var console: Console
    /// Whether standard input is a terminal (prompts and confirmations need one).
    package var inputIsTerminal: Bool
    /// Reads one line of standard input without its newline, or `nil` at end of input.
    package var readLine: () -> String?
    /// Reads all of standard input as bytes.
    package var readAllInput: () -> [UInt8]
    /// Reads one key for a y/n question: at a terminal without waiting for Enter (as bash's
    /// `read -N 1`), otherwise the first character of the next line; `nil` at end of input.
    package var readKey: () -> String?

    /// Creates an environment.
    package init(
        variables: [String: String], programPath: String = "todo", currentDirectory: String,
        storage: any TodoStorage, clock: any LocalClock, console: Console,
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
    package static func current(programPath: String) -> Environment {
        // Built here rather than by ProcessState.environmentVariables(): this module's
        // generic types are reached without a run-time search (see Package.swift).
        var variables: [String: String] = [:]
        variables.reserveCapacity(ProcessState.environmentCount())
        ProcessState.forEachEnvironmentVariable { variables[$0] = $1 }
        let cwd = ProcessState.currentDirectory() ?? (variables["PWD"] ?? ".")
        return Environment(
            variables: variables, programPath: programPath, currentDirectory: cwd,
            storage: FileStorage(temporaryDirectory: variables["TMPDIR"], variables: variables),
            clock: SystemClock(),
            console: .standard(), inputIsTerminal: Terminal.isTerminal(0),
            readLine: { Swift.readLine(strippingNewline: true) },
            readAllInput: { (try? FileDescriptor.readToEnd(0)) ?? [] },
            readKey: {
                guard Terminal.isTerminal(0) else {
                    return Swift.readLine().map { String($0.prefix(1)) }
                }
                return Terminal.readKey()
            })
    }
}
