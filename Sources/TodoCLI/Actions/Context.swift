import TodoStore
import TodoTxt

/// What an action runs against: the resolved settings, the store, the time, the console and
/// the outside world (variables, working directory, standard input), plus the operations that
/// several actions share (reading the files, listings, task edits, add-ons), reached through
/// ``operations``.
struct Context {
    /// The resolved configuration.
    let settings: Settings
    /// The command-line options.
    let options: Options
    /// Where files are read and written.
    let storage: any TodoStorage
    /// The moment the command runs at (`TODOTXT_NOW` or the clock).
    let now: LocalDateTime
    /// Standard output and standard error.
    let console: Console
    /// Variables, working directory, standard input and the rest of the outside world.
    let environment: Environment
    /// The shared operations, over the same settings and world.
    let operations: Session

    /// `basename argv[0]`, for messages.
    var program: String { operations.program }

    /// The context of one run.
    init(session: Session) {
        settings = session.settings
        options = session.options
        storage = session.storage
        now = session.now
        console = session.console
        environment = session.environment
        operations = session
    }
}
