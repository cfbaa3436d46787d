import TodoCheck
import TodoPlatform
import TodoStore
import TodoTxt

/// `check [FILE|-] [--format text|json] [--fix]`: the findings of TodoCheck for the todo file
/// (or FILE, or standard input); with `--fix`, their unambiguous repairs applied in place.
struct CheckAction: Action {
    static let names = ["check"]
    static let synopses = ["check [FILE|-] [--format text|json] [--fix]"]
    static let help = [
        "Reports lines that probably do not mean what was meant (X for x, (a) for (A),",
        "bad dates, mixed line endings, invalid UTF-8, trailing spaces, duplicates) as",
        "FILE:LINE:COLUMN: warning: MESSAGE. --fix repairs in place, in one safe write,",
        "every finding that has one sure repair, prints FILE:LINE:COLUMN: fixed: MESSAGE",
        "for each, then what is left. Exits 0 when clean (after fixing), 1 when not,",
        "2 on error.",
    ]
    static let writesFiles = false
    static let completionWords = CompletionWords(
        flags: ["--format"], options: [.init(name: "--format", values: ["text", "json"])],
        files: true)

    /// The file and the format.
    let arguments: FileArguments
    /// Whether to repair the file.
    let fix: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let words = arguments.rest()
        fix = words.contains("--fix")
        var rest = ArgumentCursor(["check"] + words.filter { $0 != "--fix" })
        self.arguments = try FileArguments(&rest, action: "check", formats: ["text", "json"])
        if fix && self.arguments.file == "-" {
            throw .invalid(action: "check", message: "--fix needs a file, not standard input")
        }
    }

    func run(in context: Context) throws -> Int32 {
        let name = arguments.file ?? context.settings.todoFile
        if fix { return try repair(name, in: context) }
        let today = context.now.date
        let report: CheckReport
        if arguments.file == "-" {
            report = Checker.report(
                context.environment.readAllInput(), today: today, together: Concurrently.run)
        } else {
            let path = Path.absolute(name, from: context.environment.currentDirectory)
            let storage = context.storage
            // The file is read in pieces, a large one in two halves at once, and never held
            // whole; only a file with repeated lines or mixed line ends is read again.
            var low = CheckScan(today: today, atFileStart: true)
            var high = CheckScan(today: today, atFileStart: false)
            do {
                try storage.readPieces(
                    path,
                    inHalves: { half, piece in
                        if half == 0 { low.take(piece) } else { high.take(piece) }
                    })
                report = try CheckReport([low, high], together: Concurrently.run) { body in
                    try storage.readPieces(path, body)
                }
            } catch {
                throw CommandFailure.message(["\(context.program): check: \(error)"], status: 2)
            }
        }
        let file = arguments.file == "-" ? "-" : name
        if arguments.format == "json" {
            context.console.write(Session.json(report.diagnostics, file: file))
        } else {
            report.writeText(file: file, together: Concurrently.run) { context.console.write($0) }
        }
        return report.isEmpty ? 0 : 1
    }

    /// `--fix`: repairs the file under the store's lock in one atomic write (recorded for
    /// `undo` and committed like other writes when it is the todo file or done.txt), then
    /// reports what it repaired and what is left.
    private func repair(_ name: String, in context: Context) throws -> Int32 {
        let path = Path.absolute(name, from: context.environment.currentDirectory)
        let settings = context.settings
        let recorder =
            settings.history
            ? RecordingStorage(context.storage, watching: [settings.todoFile, settings.doneFile])
            : nil
        let storage: any TodoStorage = recorder ?? context.storage
        let today = context.now.date
        let outcome: (fixed: [Diagnostic], left: [Diagnostic])
        do {
            outcome = try storage.update(path) { list in
                let repaired = Fixer.fix(list.serialized(), today: today)
                if !repaired.fixed.isEmpty { list = TodoList(bytes: repaired.bytes) }
                return (repaired.fixed, Checker.check(repaired.bytes, today: today))
            }
        } catch {
            throw CommandFailure.message(["\(context.program): check: \(error)"], status: 2)
        }
        if let recorder {
            var command = ["check", "--fix"]
            if let file = arguments.file { command.append(file) }
            context.operations.record(command: command, changes: recorder.changes)
        }
        if !outcome.fixed.isEmpty && settings.gitCommit
            && (path == settings.todoFile || path == settings.doneFile)
        {
            GitAutoCommit(context: context).run()
        }
        report(outcome.left, fixed: outcome.fixed, file: name, in: context)
        return outcome.left.isEmpty ? 0 : 1
    }

    /// Prints the repaired findings and the findings left, in the format asked for.
    private func report(
        _ diagnostics: [Diagnostic], fixed: [Diagnostic], file: String, in context: Context
    ) {
        if arguments.format == "json" {
            context.console.write(Session.json(diagnostics, file: file, fixed: fixed))
        } else {
            for diagnostic in fixed {
                context.console.line(Session.text(diagnostic, file: file, kind: "fixed"))
            }
            for diagnostic in diagnostics {
                context.console.line(Session.text(diagnostic, file: file))
            }
        }
    }
}
