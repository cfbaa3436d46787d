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
    /// - Throws: `TaskStoreError.invalidQuery` when a range of relative dates in the filter
    ///   runs backwards on the snapshot's day.
    package init(
        _ snapshot: TaskSnapshot, view: TaskListView, filter: Query, sorting: Sorting
    ) throws(TaskStoreError) {
        let list = snapshot.list
        let today = snapshot.today
        let query: Query
        do {
            query = try filter.resolved(today: today)
        } catch {
            throw .invalidQuery(error)
        }
        var selected: [Int] = []
        if query.text.isEmpty {
            // No filter: the view alone decides, from the `x ` a done task starts with, so no
            // task is parsed before the sort.
            for index in list.indices where !list[index].isBlank {
                let isDone = list[index].content.starts(with: [0x78, 0x20])
                if view == .all || (view == .done) == isDone { selected.append(index) }
            }
        } else {
            for index in list.indices where !list[index].isBlank {
                let item = list[index].item
                if view.shows(item), query.matches(item, line: index + 1, today: today) {
                    selected.append(index)
                }
            }
        }
        let request = QueryRequest(query: query, sorting: sorting, includesAll: true)
        self.list = list
        lines = request.ordered(selected, in: list).map { Int32(truncatingIfNeeded: $0) }
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
