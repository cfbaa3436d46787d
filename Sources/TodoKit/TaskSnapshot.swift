/// The todo file as read at one moment: a `Sendable` value to query, sort and show.
public struct TaskSnapshot: Sendable, Equatable {
    /// The file's lines (for TodoUI, which keeps its rows as indices into them).
    package let list: TodoList
    /// The day the snapshot was read on, for relative dates in queries.
    public let today: LocalDate

    /// Wraps a list read on `today`.
    init(list: TodoList, today: LocalDate) {
        self.list = list
        self.today = today
    }

    /// Every task of the file (blank lines left out), in file order, done tasks included.
    public var tasks: [StoredTask] {
        list.indices.compactMap { index in
            let line = list[index]
            return line.isBlank ? nil : StoredTask(line: index + 1, item: line.item)
        }
    }

    /// The tasks `todo query EXPRESSION --sort KEYS` lists, in that order.
    ///
    /// Unless `includingAll` is set (`--all`) or the query asks about them, completed tasks,
    /// hidden tasks (`h:1`) and tasks whose threshold `t:` is after today are left out. Ties
    /// keep file order.
    ///
    /// - Parameters:
    ///   - query: The filter; the empty query matches every task of the default view.
    ///   - keys: The sort keys, most significant first; none keeps file order.
    ///   - includingAll: Whether to turn the default view off.
    /// - Throws: ``TaskStoreError/invalidQuery(_:)`` when a range of relative dates runs
    ///   backwards on ``today``.
    public func tasks(
        matching query: Query = Query(), sortedBy keys: [SortKey] = [],
        includingAll: Bool = false
    ) throws(TaskStoreError) -> [StoredTask] {
        let request = QueryRequest(
            query: query, sorting: Sorting(keys: keys), includesAll: includingAll)
        do {
            return try request.matchingLines(in: list, today: today).map {
                StoredTask(line: $0 + 1, item: list[$0].item)
            }
        } catch {
            throw .invalidQuery(error)
        }
    }

    /// The tasks that match the query text, such as `+work pri:A-B`; see
    /// ``tasks(matching:sortedBy:includingAll:)-(Query,_,_)``.
    ///
    /// - Throws: ``TaskStoreError/invalidQuery(_:)`` when the text does not parse.
    public func tasks(
        matching text: String, sortedBy keys: [SortKey] = [], includingAll: Bool = false
    ) throws(TaskStoreError) -> [StoredTask] {
        let query: Query
        do {
            query = try Query(parsing: text)
        } catch {
            throw .invalidQuery(error)
        }
        return try tasks(matching: query, sortedBy: keys, includingAll: includingAll)
    }

    /// The task on line `number`, if that line holds one.
    public func task(atLine number: Int) -> StoredTask? {
        guard number >= 1, number <= list.count, !list[number - 1].isBlank else { return nil }
        return StoredTask(line: number, item: list[number - 1].item)
    }

    /// The file's bytes, as read.
    public var bytes: [UInt8] { list.serialized() }

    /// The number of lines in the file, blank ones included: the highest line number a task
    /// can have, whose digits `todo ls` pads every number to.
    public var lineCount: Int { list.count }

    /// The number of tasks in the file (blank lines left out): `tasks.count`, counted without
    /// parsing a line.
    public var taskCount: Int { list.reduce(0) { $0 + ($1.isBlank ? 0 : 1) } }
}
