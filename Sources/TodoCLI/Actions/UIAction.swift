import TodoHistory
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
        let look = ListingLook(
            colours: settings.colours.mapValues(ListingLook.escapes),
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
            model: TaskListModel(
                store: store, history: CommandHistory(context),
                inPairs: Concurrently.processorCount > 1 ? Concurrently.run : nil),
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
            resolvesTypedDates: settings.relativeDates,
            today: {
                guard !usesFixedDay, let clock else { return fixed }
                return clock.now().date
            })
    }
}

/// The history `todo undo` keeps, shared with the list: each change the list writes is
/// recorded there as the command it stands for (`ui: do 3`), and `u` takes back the most
/// recent change recorded, whichever program made it, as `todo undo` does.
///
/// A change is recorded as the files' bytes just before and just after the store's write; a
/// writer slipping in between would have its change recorded with it (as with an append made
/// by a command). With `TODOTXT_HISTORY=0` nothing is recorded and `u` says the history is off.
private struct CommandHistory: UndoHistory {
    let todoPath: String
    let donePath: String
    let isOn: Bool
    let variables: [String: String]
    let temporaryDirectory: String?
    /// The moment a change is recorded at: fixed by `TODOTXT_NOW`, else the clock's.
    let time: @Sendable () -> Int64

    init(_ context: Context) {
        todoPath = context.settings.todoFile
        donePath = context.settings.doneFile
        isOn = context.settings.history
        variables = context.environment.variables
        temporaryDirectory = variables["TMPDIR"]
        let fixed = Session.historyTime(of: context.now)
        let usesClock =
            context.environment.clock is SystemClock
            && (variables["TODOTXT_NOW"] ?? "").isEmpty
        time = { usesClock ? Session.historyTime(of: SystemClock().now()) : fixed }
    }

    func recording<Result>(
        _ command: String, touchesDoneFile: Bool,
        _ write: () throws(TaskStoreError) -> Result
    ) throws(TaskStoreError) -> (result: Result, warning: String?) {
        guard isOn else { return (try write(), nil) }
        let storage = FileStorage(temporaryDirectory: temporaryDirectory)
        let paths = touchesDoneFile ? [todoPath, donePath] : [todoPath]
        let before = paths.map { (try? storage.readBytes($0)) ?? [] }
        let result = try write()
        let changes = zip(paths, before).compactMap { path, old -> FileChange? in
            let change = FileChange(
                path: path, before: old, after: (try? storage.readBytes(path)) ?? [])
            return change.isEmpty ? nil : change
        }
        guard !changes.isEmpty else { return (result, nil) }
        do {
            guard let file = try HistoryFile.locate(todoFile: todoPath, variables: variables)
            else { return (result, nil) }
            try file.update { history in
                history.record(command: command, time: time(), files: changes)
            }
        } catch {
            return (result, "\(error)")
        }
        return (result, nil)
    }

    func undoLast() throws(UndoRefusal) -> String {
        guard isOn else { throw UndoRefusal("the history is off (TODOTXT_HISTORY=0)") }
        do {
            guard let file = try HistoryFile.locate(todoFile: todoPath, variables: variables)
            else { throw UndoRefusal("nothing to undo") }
            let undone = try file.undoLast(
                through: FileStorage(temporaryDirectory: temporaryDirectory), time: time())
            return "undid '\(undone.command)' (\(undone.summary))"
        } catch let refusal as UndoRefusal {
            throw refusal
        } catch {
            throw UndoRefusal("\(error)")
        }
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
