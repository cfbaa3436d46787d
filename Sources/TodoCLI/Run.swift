import TodoPlatform
import TodoStore
import TodoTxt

/// Runs the `todo` command line and returns its exit status.
///
/// Everything is caught here: a user mistake, a missing file or a failed write ends with one
/// line on standard error and a non-zero status, never a crash.
///
/// - Parameters:
///   - arguments: The arguments after the program name.
///   - environment: The variables, files, clock and console to use.
/// - Returns: 0 on success, 1 on failure (todo.sh's codes), 2 for errors of our own commands'
///   usage, or an add-on's own status.
package func run(_ arguments: [String], environment: Environment) -> Int32 {
    let status = Session.start(arguments, environment: environment)
    environment.console.flush()
    return status
}

/// One run of the command: resolved settings, the injected world, and the commands.
final class Session {
    let environment: Environment
    let settings: Settings
    let options: Options
    let today: LocalDate
    let now: LocalDateTime
    /// `basename argv[0]`, used in every usage message.
    let program: String

    var console: Console { environment.console }
    var storage: any TodoStorage { environment.storage }

    init(environment: Environment, settings: Settings, options: Options, now: LocalDateTime) {
        self.environment = environment
        self.settings = settings
        self.options = options
        self.now = now
        self.today = now.date
        self.program = Path.basename(environment.programPath)
    }

    static func start(_ arguments: [String], environment: Environment) -> Int32 {
        let console = environment.console
        let program = Path.basename(environment.programPath)
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            // `--file` is ours: say what is missing. todo.sh's options keep its usage text.
            let failure: any Error =
                error.option == "--file"
                ? CommandFailure.die("\(program): option --file needs a PATH") : UsageError.todoSh
            return CommandFailure.render(failure, program: program, console: console)
        }
        if options.version {
            console.line("todo \(todoVersion)")
            console.line("")
            console.line("A todo.txt command line tool, compatible with todo.sh.")
            console.line("License: Apache License 2.0")
            return 0
        }
        let settings: Settings
        do {
            settings = try Settings.resolve(options: options, environment: environment)
        } catch {
            guard let message = error.message else { return error.status }
            var lines = [message]
            if options.shortHelp
                || ["help", "shorthelp"].contains(options.words.first?.lowercased() ?? "")
            {
                lines.insert(Help.shortHelp(program: program, addons: []), at: 0)
            }
            return CommandFailure.render(
                CommandFailure.message(lines), program: program, console: console)
        }
        let now: LocalDateTime
        switch Clocks.now(environment: environment) {
        case .success(let moment): now = moment
        case .failure(let message):
            return CommandFailure.render(
                CommandFailure.message(["\(program): \(message)"], status: 2), program: program,
                console: console)
        }
        let session = Session(
            environment: environment, settings: settings, options: options, now: now)
        do {
            // todo.sh gives its usage for a missing action before it checks the settings.
            if !options.shortHelp && options.words.isEmpty && settings.defaultAction.isEmpty {
                throw session.usage()
            }
            try session.prepare()
            if options.shortHelp {
                return try ShortHelpAction().run(in: Context(session: session))
            }
            return try session.dispatch(options.words)
        } catch {
            return CommandFailure.render(error, program: program, console: console)
        }
    }

    /// todo.sh's usage text, exit 1.
    func usage() -> CommandFailure { .usage(.todoSh) }

    /// todo.sh's `die`: `message` on standard error, exit 1 (printed by the renderer).
    func die(_ message: String) -> CommandFailure { .die(message) }

    /// Checks the settings every action depends on (TodoShCompatibility.md §3.1).
    func prepare() throws {
        if directoryFromConfig && !storage.directoryExists(settings.todoDirectory) {
            do {
                try storage.createDirectory(settings.todoDirectory)
            } catch {
                throw die("Fatal Error: \(settings.todoDirectory) is not a directory")
            }
        }
        let priority = settings.priorityOnAdd
        if !priority.isEmpty && Priority(priority) == nil {
            throw die(
                "TODOTXT_PRIORITY_ON_ADD should be a capital letter from A to Z (it is now \"\(priority)\")."
            )
        }
    }

    /// Creates the todo, done and report files when they are missing, as todo.sh does on every
    /// run of an action that uses them.
    func createDataFiles() throws {
        if !storage.directoryExists(settings.todoDirectory) {
            // Only a TODO_DIR from a configuration file is created, as todo.sh does; a missing
            // directory named on the command line or in the environment is refused.
            guard directoryFromConfig else {
                throw StoreError(
                    operation: "write", path: settings.todoFile,
                    reason: "the directory \(settings.todoDirectory) does not exist")
            }
            try storage.createDirectory(settings.todoDirectory)
        }
        for path in [settings.todoFile, settings.doneFile, settings.reportFile]
        where !storage.fileExists(path) {
            try storage.createFileIfMissing(path)
        }
    }

    /// Whether the todo directory comes from a configuration file's TODO_DIR (and not from
    /// `--file`), the one case where a missing directory is created.
    var directoryFromConfig: Bool { settings.configPath != nil && options.todoFile == nil }

    /// Reads a file the user's configuration names; a missing one reads as empty, but a
    /// symbolic link loop is an error.
    func readList(_ path: String) throws -> TodoList {
        guard storage.fileExists(path) || storage.directoryExists(path) else {
            do {
                return try storage.read(path)
            } catch {
                if error.errno == Errno.tooManySymbolicLinks.rawValue { throw error }
                return TodoList()
            }
        }
        return try storage.read(path)
    }

    /// The file prefix todo.sh prints: the basename up to its first `.`, upper-cased.
    static func prefix(of path: String) -> String {
        let name = Path.basename(path).utf8
        let stem = name.prefix { $0 != UInt8(ascii: ".") }
        return String(
            decoding: stem.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// Echo lines such as `3 text` are printed only when verbose.
    var verbose: Bool { settings.verbosity > 0 }
}
