package import TodoKit

/// How the list is sorted: one of the four sorts that `s` cycles through, or one typed at the
/// `S` prompt in `todo query --sort` syntax.
package struct TaskListSort: Hashable, Sendable, CustomStringConvertible {
    /// The sort keys, most significant first; file order breaks ties.
    package let sorting: Sorting
    /// The position in ``cycle``, or `nil` for a typed sort.
    package let cycleIndex: Int?

    /// The sorts `s` steps through, in order: `priority, text` → `text, priority` →
    /// `due, priority` → `line`.
    package static let cycle: [Sorting] = [
        Sorting(keys: [.priority, .text]),
        Sorting(keys: [.text, .priority]),
        Sorting(keys: [.due, .priority]),
        Sorting(keys: [.line]),
    ]

    /// The start sort: priority, then text.
    package static let initial = TaskListSort(cycleIndex: 0)

    private init(cycleIndex: Int) {
        self.init(sorting: TaskListSort.cycle[cycleIndex], cycleIndex: cycleIndex)
    }

    private init(sorting: Sorting, cycleIndex: Int?) {
        self.sorting = sorting
        self.cycleIndex = cycleIndex
    }

    /// A typed sort; one equal to a sort of the cycle takes its place in the cycle.
    package init(_ sorting: Sorting) {
        self.init(sorting: sorting, cycleIndex: TaskListSort.cycle.firstIndex(of: sorting))
    }

    /// Parses a sort as `todo query --sort` takes it, such as `due,-pri`.
    ///
    /// - Throws: `QueryError` for an unknown or empty key, listing the valid keys.
    package init(parsing text: String) throws(QueryError) {
        self.init(try Sorting(parsing: text))
    }

    /// The next sort of the cycle; after a typed sort, the first one.
    package var next: TaskListSort {
        TaskListSort(cycleIndex: cycleIndex.map { ($0 + 1) % TaskListSort.cycle.count } ?? 0)
    }

    /// The keys as `--sort` spells them, such as `pri,text`.
    package var description: String { sorting.description }
}
