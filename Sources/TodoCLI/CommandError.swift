/// How a command ends early: the messages were already printed, only the status is left.
struct CommandExit: Error {
    /// The exit status.
    var status: Int32
}

/// A task number that names no task: the lines to print (todo.sh's usage message, or
/// `TODO: No task N.`), exit 1.
struct TaskError: Error {
    /// The message lines, printed on standard error.
    var lines: [String]
}
