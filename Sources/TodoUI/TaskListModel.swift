package import TodoKit

/// The task list screen without the terminal: what it shows (the rows of the chosen view,
/// filter and sort, the selection, the status line, an open prompt) and what its keys do.
///
/// Every change is one write through the ``TaskStore``, the same write the equivalent `todo`
/// command makes; the store's options carry the clock (`TaskStoreOptions.today`), so a test
/// fixes the day there. The model holds the file as last read (``snapshot``): ``followFile()``
/// reads it again, and the selection stays on the same task (found by its text) whatever moved.
/// A change to a task that was changed on disk since it was read goes through the three-way
/// merge (``ChangePlacer``); when it cannot be placed, nothing is written, the status line says
/// so and an open prompt keeps the user's text. With an ``UndoHistory`` every change is
/// recorded there, and `u` takes back the most recent one (``undo()``).
package struct TaskListModel: Sendable {
    /// The file's lines as one task and its position, to find the task again after a reload.
    private struct SelectionKey {
        var line: Int
        var bytes: [UInt8]
    }

    /// The store every change is written to.
    package let store: any TaskStore
    /// Where changes are recorded and `u` takes them back from; `nil` when there is none.
    package let history: (any UndoHistory)?
    /// The file as last read; `nil` when it could not be read.
    package private(set) var snapshot: TaskSnapshot?
    /// The tasks shown, in order.
    package private(set) var rows = TaskRows()
    /// The number of tasks in the file (blank lines left out).
    package private(set) var taskCount = 0
    /// Which tasks are shown.
    package private(set) var view: TaskListView = .open
    /// How they are sorted.
    package private(set) var sort: TaskListSort = .initial
    /// The filter; the empty query shows every task of the view.
    package private(set) var filter = Query()
    /// The index of the selected row (0 when there are no rows).
    package private(set) var selection = 0
    /// The index of the first row on screen.
    package private(set) var top = 0
    /// The number of rows the screen has room for.
    package private(set) var pageSize = 20
    /// The status line's message; `nil` shows the key hints.
    package var status: StatusMessage?
    /// The prompt open on the status line, if any.
    package internal(set) var prompt: Prompt?
    /// Whether the key list (`?`) covers the rows.
    package internal(set) var showsHelp = false
    /// Lines of tasks completed in this session, each with the line it had before, so that
    /// toggling one again gives its exact bytes back (its priority included).
    private var completedHere: [[UInt8]: [UInt8]] = [:]

    /// A change that was written but not recorded in the history: why, for the status line.
    private var unrecorded: String?
    /// Runs two pieces of work at once, which the sort of many rows uses; `nil`: one after
    /// the other.
    private let inPairs: (@Sendable (() -> Void, () -> Void) -> Void)?
    /// The memory the rows are sorted in, kept from one sort to the next.
    private var sortBuffers = LineSortBuffers()

    /// Opens the list on a store, reading the file; a file that cannot be read leaves the list
    /// empty with the error on the status line.
    ///
    /// - Parameters:
    ///   - store: Where the tasks are read and written.
    ///   - history: Where every change is recorded for `u` (and `todo undo`); without one,
    ///     `u` says that there is no history.
    ///   - inPairs: Runs two pieces of work at once (on two processors), to sort many rows
    ///     faster; without it they run one after the other.
    package init(
        store: any TaskStore, history: (any UndoHistory)? = nil,
        inPairs: (@Sendable (() -> Void, () -> Void) -> Void)? = nil
    ) {
        self.store = store
        self.history = history
        self.inPairs = inPairs
        read(keeping: nil)
    }

    /// The selected task, if any row is shown.
    package var selectedTask: StoredTask? {
        rows.indices.contains(selection) ? rows[selection] : nil
    }

    // MARK: Reading

    /// Reads the file again (`r`).
    package mutating func reload() {
        if read(keeping: selectionKey) { status = .info("reloaded") }
    }

    /// Reads the file and, when another program changed it since the last read, shows the new
    /// content with the selection on the same task and says so. An open prompt stays open.
    ///
    /// - Returns: Whether anything on screen may have changed.
    @discardableResult
    package mutating func followFile() -> Bool {
        let fresh: TaskSnapshot
        do {
            fresh = try store.snapshot()
        } catch {
            let message = StatusMessage.error(error.description)
            guard status != message else { return false }
            status = message
            return true
        }
        guard fresh != snapshot else { return false }
        let key = selectionKey
        snapshot = fresh
        taskCount = fresh.taskCount
        if let failure = rebuildRows(keeping: key) {
            status = .error(failure.description)
        } else {
            status = .info("the file changed on disk; reloaded")
        }
        return true
    }

    /// Reads the file and rebuilds the rows; on failure, empties the list and reports.
    ///
    /// - Returns: Whether the file was read.
    @discardableResult
    private mutating func read(keeping key: SelectionKey?, orSameLine: Bool = false) -> Bool {
        do {
            let fresh = try store.snapshot()
            snapshot = fresh
            taskCount = fresh.taskCount
        } catch {
            snapshot = nil
            taskCount = 0
            rows = TaskRows()
            selection = 0
            top = 0
            status = .error(error.description)
            return false
        }
        if let failure = rebuildRows(keeping: key, orSameLine: orSameLine) {
            status = .error(failure.description)
            return false
        }
        return true
    }

    /// The selected task's position and bytes.
    private var selectionKey: SelectionKey? {
        selectedTask.map { SelectionKey(line: $0.line, bytes: $0.item.line) }
    }

    /// Computes the rows from the snapshot with the current view, filter and sort, and puts
    /// the selection on the task `key` names (its line first, else the same text elsewhere),
    /// or, with `orSameLine`, on the task now on its line), or on the row at the same position.
    ///
    /// - Returns: The error when the filter cannot be evaluated today (rows are then empty).
    private mutating func rebuildRows(
        keeping key: SelectionKey?, orSameLine: Bool = false
    ) -> TaskStoreError? {
        var failure: TaskStoreError?
        // The old rows go first, so that two sets of rows are never held at once.
        rows = TaskRows()
        if let snapshot {
            do {
                rows = try TaskRows(
                    snapshot, view: view, filter: filter, sorting: sort.sorting, inPairs: inPairs,
                    buffers: &sortBuffers)
            } catch {
                failure = error
            }
        }
        if let key {
            // The same line number with the same text first (the usual case), then the same
            // text anywhere.
            let index =
                rows.row(ofLine: key.line, bytes: key.bytes)
                ?? (orSameLine ? rows.row(ofLine: key.line) : nil)
            if let index { selection = index }
        }
        selection = max(0, min(selection, rows.count - 1))
        scrollToSelection()
        return failure
    }

    /// Rebuilds the rows and moves the selection to `task`'s row if it is shown (else keeps
    /// the position).
    private mutating func reread(selecting task: StoredTask?) {
        let key = task.map { SelectionKey(line: $0.line, bytes: $0.item.line) } ?? selectionKey
        read(keeping: key)
    }

    // MARK: Moving

    /// Sets how many rows the screen shows (after a resize), keeping the selection in view.
    package mutating func resize(rows count: Int) {
        pageSize = max(count, 1)
        scrollToSelection()
    }

    /// Moves the selection by `offset` rows (clamped to the list).
    package mutating func moveSelection(by offset: Int) {
        guard !rows.isEmpty else { return }
        selection = max(0, min(rows.count - 1, selection + offset))
        scrollToSelection()
    }

    /// Selects the first row (`g`, `Home`).
    package mutating func selectFirst() { moveSelection(by: -rows.count) }

    /// Selects the last row (`G`, `End`).
    package mutating func selectLast() { moveSelection(by: rows.count) }

    /// Keeps the selected row between ``top`` and the last row on screen.
    private mutating func scrollToSelection() {
        if selection < top { top = selection }
        if selection >= top + pageSize { top = selection - pageSize + 1 }
        top = max(0, min(top, rows.count - pageSize))
    }

    // MARK: View, sort and filter

    /// Shows another view (`Tab`, `1` `2` `3`).
    package mutating func show(_ view: TaskListView) {
        self.view = view
        rebuildAndReport()
    }

    /// Sorts by the next sort of the cycle (`s`).
    package mutating func cycleSort() {
        sort = sort.next
        rebuildAndReport()
    }

    /// Sorts by `sort` (the `S` prompt).
    package mutating func setSort(_ sort: TaskListSort) {
        self.sort = sort
        rebuildAndReport()
    }

    /// Filters by `text`, a `todo query` expression; empty text clears the filter.
    ///
    /// - Throws: `QueryError` (with the column of the bad token) when the text does not parse,
    ///   or when a range of relative dates in it runs backwards today; the filter then stays as
    ///   it was.
    package mutating func setFilter(_ text: String) throws(QueryError) {
        let trimmed = text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        let query = try Query(parsing: String(trimmed))
        if let snapshot {
            _ = try query.resolved(today: snapshot.today)
        }
        filter = query
        rebuildAndReport()
    }

    /// Rebuilds the rows keeping the selected task, and reports an error the filter raises.
    private mutating func rebuildAndReport() {
        if let failure = rebuildRows(keeping: selectionKey) {
            status = .error(failure.description)
        }
    }

    // MARK: Changes

    /// Adds a task as `todo add TEXT` does and selects it.
    ///
    /// - Returns: Whether it was added (else ``status`` says why).
    @discardableResult
    package mutating func add(_ text: String) -> Bool {
        let store = self.store
        do {
            let task = try write("ui: add \(text)") { () throws(TaskStoreError) in
                try store.add(text)
            }
            reread(selecting: task)
            status = .info("task \(task.line) added")
            reportUnrecorded()
            return true
        } catch {
            status = .error(error.description)
            if case .file = error { reread(selecting: nil) }
            return false
        }
    }

    /// Toggles the selected task (`x`, `Space`): completes an open task as `todo -a do N`
    /// does; reopens a done one, giving a task completed in this session its exact line back.
    package mutating func toggleSelected() {
        guard let task = selectedTask, let snapshot else { return }
        let change: TaskChange
        let line = task.item.line
        if !task.item.isDone {
            change = .complete
        } else if let original = completedHere[line],
            String(decoding: original, as: UTF8.self).utf8.elementsEqual(original)
        {
            change = .replace(String(decoding: original, as: UTF8.self))
        } else {
            change = .reopen
        }
        if let result = perform(change, on: task, readFrom: snapshot), let result {
            if change == .complete {
                completedHere[result.item.line] = line
            } else {
                completedHere[line] = nil
            }
            if case .replace = change { status = .info("task \(result.line) reopened as it was") }
        }
    }

    /// Sets or removes the priority of the task read from `base`.
    package mutating func setPriority(
        _ priority: Priority?, of task: StoredTask, readFrom base: TaskSnapshot
    ) {
        perform(.setPriority(priority), on: task, readFrom: base)
    }

    /// Deletes the task read from `base`, as `todo -f del N` does.
    package mutating func delete(_ task: StoredTask, readFrom base: TaskSnapshot) {
        perform(.delete, on: task, readFrom: base)
    }

    /// Replaces the line of the task read from `base`, as `todo replace N TEXT` does.
    ///
    /// - Returns: Whether the change was written or was already in the file.
    @discardableResult
    package mutating func replace(
        _ task: StoredTask, with text: String, readFrom base: TaskSnapshot
    ) -> Bool {
        perform(.replace(text), on: task, readFrom: base) != nil
    }

    /// Moves done tasks to the done file, as `todo archive` does (`A`).
    package mutating func archive() {
        let store = self.store
        do {
            let moved = try write("ui: archive", touchesDoneFile: true) {
                () throws(TaskStoreError) in try store.archive()
            }
            reread(selecting: nil)
            status = .info(
                moved.isEmpty
                    ? "nothing to archive"
                    : "\(moved.count) task\(moved.count == 1 ? "" : "s") archived")
            reportUnrecorded()
        } catch {
            status = .error(error.description)
            reread(selecting: nil)
        }
    }

    /// Makes a change, through the merge when the task changed on disk, then reads the file
    /// again with the selection on the changed task and reports.
    ///
    /// - Returns: `nil` when nothing was written because of a failure or a conflict; else the
    ///   task as it is now (`.some(nil)` once deleted or when the file already held it).
    @discardableResult
    private mutating func perform(
        _ change: TaskChange, on task: StoredTask, readFrom base: TaskSnapshot
    ) -> StoredTask?? {
        let store = self.store
        do {
            let result = try write(change.command(line: task.line)) {
                () throws(TaskStoreError) in try change.apply(to: task, in: store)
            }
            reread(selecting: result)
            status = .info(change.report(line: result?.line ?? task.line))
            reportUnrecorded()
            return .some(result)
        } catch .taskChanged {
            return place(change, on: task, readFrom: base)
        } catch {
            status = .error(error.description)
            reread(selecting: nil)
            return nil
        }
    }

    /// Places a change on a task changed on disk through the three-way merge.
    private mutating func place(
        _ change: TaskChange, on task: StoredTask, readFrom base: TaskSnapshot
    ) -> StoredTask?? {
        let placement: ChangePlacer.Placement
        let placer = ChangePlacer(store: store)
        do {
            placement = try write(change.command(line: task.line)) { () throws(TaskStoreError) in
                try placer.place(change, of: task, readFrom: base)
            }
        } catch {
            status = .error(error.description)
            reread(selecting: nil)
            return nil
        }
        switch placement {
        case .applied(let result):
            reread(selecting: result)
            status = .info(
                change.report(line: result?.line ?? task.line)
                    + " (merged with the change made on disk)")
            reportUnrecorded()
            return .some(result)
        case .alreadyInFile:
            reread(selecting: nil)
            status = .info("task \(task.line) changed on disk the same way; nothing to write")
            return .some(nil)
        case .conflict(let reason):
            reread(selecting: nil)
            status = .error(
                "task \(task.line) changed on disk and this change cannot be placed: \(reason)")
            return nil
        }
    }

    /// Takes back the most recent change recorded in the history (`u`), whichever program
    /// made it, as `todo undo` does; the selection stays on the same task (or on the task now
    /// on its line, when the undo changed the selected task).
    package mutating func undo() {
        guard let history else {
            status = .error("undo: there is no history (TODOTXT_HISTORY=0)")
            return
        }
        let key = selectionKey
        let report: String
        do {
            report = try history.undoLast()
        } catch {
            status = .error("undo: \(error)")
            reread(selecting: nil)
            return
        }
        if read(keeping: key, orSameLine: true) { status = .info(report) }
    }

    /// Makes one change through `body`, recorded in the history when there is one; a change
    /// written but not recorded leaves its reason for ``reportUnrecorded()``.
    private mutating func write<Result>(
        _ command: String, touchesDoneFile: Bool = false,
        _ body: () throws(TaskStoreError) -> Result
    ) throws(TaskStoreError) -> Result {
        guard let history else { return try body() }
        let outcome = try history.recording(command, touchesDoneFile: touchesDoneFile, body)
        unrecorded = outcome.warning
        return outcome.result
    }

    /// Adds to the status line that the change just made is not in the history, if so.
    private mutating func reportUnrecorded() {
        guard let reason = unrecorded else { return }
        unrecorded = nil
        status = .error((status.map { $0.text + "; " } ?? "") + "not recorded for undo: \(reason)")
    }
}
