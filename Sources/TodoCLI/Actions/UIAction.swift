import TodoKit
import TodoPlatform
import TodoStore
import TodoTerminal
import TodoUI

/// `ui`: the task list as a full-screen terminal view (TodoUI), over the same settings, clock
/// and files as every other action.
struct UIAction: Action {
    static let names = ["ui"]
    static let synopses = ["ui"]
    static let help = [
        "Shows the tasks in a full-screen list: move with j/k, add (a), edit (e),",
        "mark done (x), set a priority (p), delete (d), archive (A), filter (/),",
        "sort (s), switch views (Tab); ? lists the keys, q quits. Follows the file",
        "when something else changes it. Standard input and output must be a terminal.",
    ]
    static let writesFiles = false

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        guard arguments.rest().isEmpty else { throw .synopsis("ui") }
    }

    func run(in context: Context) throws -> Int32 {
        guard context.environment.inputIsTerminal, !context.console.isCapturing,
            Terminal.isTerminal(0), Terminal.isTerminal(1)
        else {
            throw UsageError.invalid(
                action: "ui", message: "standard input and output must be a terminal")
        }
        let settings = context.settings
        let path = settings.todoFile
        let store = TodoFileStore(
            path: path, donePath: settings.doneFile, options: storeOptions(context))
        let look = RowLook(
            colours: settings.colours.mapValues(Painter.escapes),
            hidesPriority: settings.hidePriority, hidesProjects: settings.hideProjects,
            hidesContexts: settings.hideContexts)
        let usesColor = !settings.plain && context.environment.variables["TERM"] != "dumb"
        context.console.flush()
        let terminal: RawTerminal
        do {
            terminal = try RawTerminal(
                enter: TerminalSequences.enterFullScreen, leave: TerminalSequences.leaveFullScreen)
        } catch {
            throw CommandFailure.die("\(context.program): ui: cannot use the terminal: \(error)")
        }
        defer { terminal.restore() }
        var watch = FileWatch(path: path)
        var session = TaskListSession(
            model: TaskListModel(store: store),
            composer: ScreenComposer(fileName: Path.basename(path), look: look),
            device: LiveTerminal(terminal: terminal, context: context), usesColor: usesColor,
            fileMayHaveChanged: { watch.hasChanged() })
        session.run()
        terminal.restore()
        return terminal.stopSignal.map { 128 + $0 } ?? 0
    }

    /// The store writes as `add`, `do`, `pri`, `replace`, `del` and `archive` would with these
    /// settings, on the day they would use.
    private func storeOptions(_ context: Context) -> TaskStoreOptions {
        let settings = context.settings
        let fixed = context.now.date
        // The computer's clock is read on every change, so a session left open past midnight
        // writes the new day; `TODOTXT_NOW` or an injected clock fixes the day for the session.
        let clock = context.environment.clock as? SystemClock
        let usesFixedDay = context.environment.variables["TODOTXT_NOW"].map { !$0.isEmpty } ?? false
        return TaskStoreOptions(
            addsCreationDate: settings.dateOnAdd,
            defaultPriority: Priority(settings.priorityOnAdd),
            keepsPriorityOnCompletion: settings.keepPriority,
            preservesLineNumbers: settings.preserveLineNumbers,
            today: {
                guard !usesFixedDay, let clock else { return fixed }
                return clock.now().date
            })
    }
}

/// The cheap change check of the todo file: its `stat` (device, inode, size, times) against
/// the last one, so that the list reads the file only when it may have changed.
private struct FileWatch {
    let path: String
    private var last: FileStatus?

    init(path: String) {
        self.path = path
        last = try? FileSystem.live.statusOfPath(path, true)
    }

    mutating func hasChanged() -> Bool {
        let now = try? FileSystem.live.statusOfPath(path, true)
        defer { last = now }
        return now != last
    }
}

/// The real terminal for the session loop; `E` runs `todo edit N` with the terminal given
/// back for the time.
private struct LiveTerminal: TerminalDevice {
    let terminal: RawTerminal
    let context: Context

    func size() -> (width: Int, height: Int) { terminal.size() }

    func read(waitingUpTo milliseconds: Int) -> [UInt8] {
        terminal.read(waitingUpTo: milliseconds)
    }

    func write(_ bytes: [UInt8]) { terminal.write(bytes) }

    func takeResize() -> Bool { terminal.takeResize() }

    func mustStop() -> Bool { terminal.mustStop() }

    func runEditor(atLine line: Int) -> String? {
        let status = terminal.suspended { () -> Int32 in
            do {
                return try EditAction(line: line).run(in: context)
            } catch {
                return CommandFailure.render(
                    error, program: context.program, console: context.console)
            }
        }
        context.console.flush()
        return status == 0 ? nil : "todo edit ended with status \(status); nothing was written"
    }
}
