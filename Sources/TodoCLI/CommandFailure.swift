import TodoStore

/// A mistake in how one of our own actions was called, or todo.sh's "wrong usage".
///
/// todo.sh's actions keep todo.sh's answer (its usage text on standard output, exit 1); our own
/// actions (`query`, `export`, `check`, `merge`, `git`, `edit`, `completion`) say what is wrong
/// in one line on standard error and exit 2, as ``run(_:environment:)`` documents.
enum UsageError: Error, Equatable {
    /// todo.sh's usage text on standard output, exit 1.
    case todoSh
    /// `PROGRAM: ACTION: MESSAGE`, then `usage: PROGRAM SYNOPSIS` when a synopsis is given;
    /// exit 2.
    case invalid(action: String, message: String, synopsis: String? = nil)
    /// `usage: PROGRAM SYNOPSIS` alone; exit 2.
    case synopsis(String)
}

/// Every way a command ends other than by returning its status: one family, rendered to
/// standard error with its exit status in one place, ``render(_:program:console:)``.
enum CommandFailure: Error {
    /// The action was called wrongly.
    case usage(UsageError)
    /// Lines for standard error (todo.sh's `die`, `TODO: No task 3.`), then `status`.
    case message([String], status: Int32 = 1)

    /// The lines of a ``message(_:status:)``; none for the other cases.
    var lines: [String] {
        if case .message(let lines, _) = self { return lines }
        return []
    }

    /// One line for standard error and status 1.
    static func die(_ line: String) -> CommandFailure { .message([line]) }

    /// Prints what `error` says to standard error (todo.sh's usage text to standard output)
    /// and returns the exit status: the one place where a failed command is reported.
    static func render(_ error: any Error, program: String, console: Console) -> Int32 {
        switch error {
        case let failure as CommandFailure:
            switch failure {
            case .usage(.todoSh):
                printTodoShUsage(program: program, console: console)
                return 1
            case .usage(.invalid(let action, let message, let synopsis)):
                console.error("\(program): \(action): \(message)")
                if let synopsis { console.error("usage: \(program) \(synopsis)") }
                return 2
            case .usage(.synopsis(let synopsis)):
                console.error("usage: \(program) \(synopsis)")
                return 2
            case .message(let lines, let status):
                for line in lines { console.error(line) }
                return status
            }
        case let usage as UsageError:
            return render(CommandFailure.usage(usage), program: program, console: console)
        case let error as StoreError:
            console.error("\(program): \(error)")
            return 1
        default:
            console.error("\(program): \(error)")
            return 1
        }
    }

    /// todo.sh's two usage lines, on standard output.
    static func printTodoShUsage(program: String, console: Console) {
        console.line(
            "Usage: \(program) [-fhpantvV] [-d todo_config] action [task_number] [task_description]"
        )
        console.line("Try '\(program) -h' for more information.")
    }
}
