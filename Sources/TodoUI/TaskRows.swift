package import TodoKit

/// The tasks the list shows, in order, kept small: one line index per row into the file as
/// read, and each task parsed only when it is looked at (the rows on screen, the selection).
///
/// A 100,000-line file costs 4 bytes a row here, on top of the file's bytes and line index
/// that the snapshot holds once.
package struct TaskRows: RandomAccessCollection, Sendable {
    /// The file's lines, as the snapshot the rows come from holds them.
    private let list: TodoList
    /// The 0-based line indices of the rows, in order.
    private let lines: [Int32]

    /// No rows.
    package init() {
        list = TodoList(bytes: [])
        lines = []
    }

    /// The tasks of `snapshot` that `view` shows and `filter` matches, sorted by `sorting`
    /// (file order breaks ties): the rows `todo query FILTER --all --sort KEYS` lists, cut to
    /// the view.
    ///
    /// `inPairs`, when given, runs two pieces of work at once (two processors), which a sort
    /// of many rows uses.
    ///
    /// - Throws: `TaskStoreError.invalidQuery` when a range of relative dates in the filter
    ///   runs backwards on the snapshot's day.
    package init(
        _ snapshot: TaskSnapshot, view: TaskListView, filter: Query, sorting: Sorting,
        inPairs: ((() -> Void, () -> Void) -> Void)? = nil
    ) throws(TaskStoreError) {
        var buffers = LineSortBuffers()
        try self.init(
            snapshot, view: view, filter: filter, sorting: sorting, inPairs: inPairs,
            buffers: &buffers)
    }

    /// The rows, sorted in `buffers`, whose memory is kept for the next sort.
    ///
    /// - Throws: `TaskStoreError.invalidQuery` when a range of relative dates in the filter
    ///   runs backwards on the snapshot's day.
    package init(
        _ snapshot: TaskSnapshot, view: TaskListView, filter: Query, sorting: Sorting,
        inPairs: ((() -> Void, () -> Void) -> Void)?, buffers: inout LineSortBuffers
    ) throws(TaskStoreError) {
        let list = snapshot.list
        var selected: [Int32] = []
        if filter.text.isEmpty {
            // No filter: the view alone decides, from the `x ` a done task starts with.
            list.withLineBytes { lines in
                for index in 0..<lines.count {
                    let content = lines[index]
                    guard !content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
                    if view == .all || (view == .done) == TaskRows.isDone(content) {
                        selected.append(Int32(truncatingIfNeeded: index))
                    }
                }
            }
        } else {
            // The lines `todo query FILTER --all` selects (a word of the filter is looked for
            // in the file's bytes before any line is parsed), cut to the view.
            let request = QueryRequest(query: filter, includesAll: true)
            let matched: [Int]
            do {
                matched = try request.selectedLines(in: list, today: snapshot.today)
            } catch {
                throw .invalidQuery(error)
            }
            list.withLineBytes { lines in
                for index in matched
                where view == .all || (view == .done) == TaskRows.isDone(lines[index]) {
                    selected.append(Int32(truncatingIfNeeded: index))
                }
            }
        }
        self.list = list
        // Sorted from the lines' bytes: no parsed task is kept, only a few integers a row.
        lines = sorting.sortedLines(selected, in: list, inPairs: inPairs, buffers: &buffers)
    }

    /// Whether a line is a done task's: it starts with `x `.
    private static func isDone(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
        content.count >= 2 && content[0] == 0x78 && content[1] == 0x20
    }

    /// The first row.
    package var startIndex: Int { 0 }
    /// Past the last row.
    package var endIndex: Int { lines.count }

    /// The task of a row, parsed now.
    package subscript(position: Int) -> StoredTask {
        let index = Int(lines[position])
        return StoredTask(line: index + 1, item: list[index].item)
    }

    /// The row of the task on line `number` whose bytes are `bytes`, else the first row whose
    /// task has those bytes; compared without parsing a task.
    package func row(ofLine number: Int, bytes: [UInt8]) -> Int? {
        let list = self.list
        let wanted = Int32(truncatingIfNeeded: number - 1)
        if let row = lines.firstIndex(of: wanted), number - 1 < list.count,
            list[number - 1].content.elementsEqual(bytes)
        {
            return row
        }
        return lines.firstIndex { list[Int($0)].content.elementsEqual(bytes) }
    }

    /// The row of the task on line `number`, whatever it holds now.
    package func row(ofLine number: Int) -> Int? {
        lines.firstIndex(of: Int32(truncatingIfNeeded: number - 1))
    }
}
