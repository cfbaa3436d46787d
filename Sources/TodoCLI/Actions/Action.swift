/// What the shell completion scripts offer after an action's name.
enum CompletionKind: Sendable {
    /// Nothing in particular (the scripts may still know the action's own words).
    case none
    /// A task number first (`append 3 ...`).
    case task
    /// Task numbers only (`do 1 2 3`).
    case tasks
    /// Action names (`help ls`).
    case actions
}

/// The words the shell completion scripts offer in an action's arguments, declared by the
/// action (``Action/completionWords``) and written into every script by ``CompletionScripts``.
struct CompletionWords: Sendable {
    /// An option that takes a value, and the values offered after it (none: any value).
    struct Option: Sendable {
        /// The option, `--format`.
        var name: String
        /// The values offered after it.
        var values: [String] = []
        /// Whether the value is a comma-separated list whose items may start with `-`
        /// (`--sort pri,-due`): each item is completed.
        var isList = false
    }

    /// The words offered as the first argument only (`git setup`, `completion bash`).
    var first: [String] = []
    /// The options offered when the word being completed starts with `-`.
    var flags: [String] = []
    /// The options that take a value.
    var options: [Option] = []
    /// The words offered at any position (query fields); a word ending with `:` is completed
    /// without a space after it.
    var anywhere: [String] = []
    /// Whether the other arguments are file names.
    var files = false

    /// Whether the action has any words to offer.
    var isEmpty: Bool {
        first.isEmpty && flags.isEmpty && options.isEmpty && anywhere.isEmpty && !files
    }
}

/// One action of the `todo` command, declared in one file under `Actions/`.
///
/// The type says everything the command needs to know about the action: its names, its
/// synopsis and help (for `help`, `shorthelp`), what the shell completes after it, and whether
/// it writes the todo files (they are created first when missing, as todo.sh does). A value is
/// the action with its arguments parsed; ``run(in:)`` does the work.
protocol Action: Sendable {
    /// The name and its aliases, the main name first (`["list", "ls"]`).
    static var names: [String] { get }
    /// One synopsis line per name, as `help` prints it (`"ls [TERM...]"`).
    static var synopses: [String] { get }
    /// The explanation lines under the synopses.
    static var help: [String] { get }
    /// What the shell completes after the name.
    static var completion: CompletionKind { get }
    /// The action's own words that the shell completes in its arguments.
    static var completionWords: CompletionWords { get }
    /// Whether the action writes the todo, done or report file.
    static var writesFiles: Bool { get }
    /// Whether the missing todo, done and report files are created before it runs.
    var createsDataFiles: Bool { get }

    /// Parses the action's arguments (the cursor stands after the action's name).
    init(_ arguments: inout ArgumentCursor) throws(UsageError)

    /// Runs the action and returns its exit status; anything else ends as a
    /// ``CommandFailure`` (or a store error), reported by ``CommandFailure/render(_:program:console:)``.
    func run(in context: Context) throws -> Int32

    /// The files besides the todo file and done.txt that the action may write, whose changes
    /// `undo` is to take back with the rest (the other file of `mv` and `addto`).
    func otherFiles(_ settings: Settings) -> [String]
}

extension Action {
    /// Most actions write only the todo file, done.txt and the report.
    func otherFiles(_ settings: Settings) -> [String] { [] }

    /// Whether the missing todo, done and report files are created before the action runs,
    /// as todo.sh creates them: for every action that writes them.
    var createsDataFiles: Bool { Self.writesFiles }

    /// Most actions complete nothing special.
    static var completion: CompletionKind { .none }

    /// Most actions have no words of their own.
    static var completionWords: CompletionWords { CompletionWords() }
}

/// One of todo.sh's own actions. It keeps the whole command line and leaves checking the
/// words to the shared operations, which check them in todo.sh's order (some only after
/// reading the file), so that messages and exit statuses stay todo.sh's.
protocol TodoShAction: Action {
    /// The whole command line, the action's name first.
    var words: [String] { get }

    /// The action over a command line.
    init(words: [String])
}

extension TodoShAction {
    /// Takes every word.
    init(_ arguments: inout ArgumentCursor) { self.init(words: arguments.all()) }
}
