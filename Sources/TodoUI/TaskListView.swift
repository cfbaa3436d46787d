package import TodoKit

/// Which tasks the list shows: the picker of the original app, plus a view of everything.
package enum TaskListView: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Tasks not done yet (the start view).
    case open
    /// Done tasks that are still in the todo file (not archived).
    case done
    /// Every task of the file.
    case all

    /// `open`, `done` or `all`, as the header shows it.
    package var description: String {
        switch self {
        case .open: "open"
        case .done: "done"
        case .all: "all"
        }
    }

    /// The view after this one in the `Tab` cycle: open → done → all → open.
    package var next: TaskListView {
        TaskListView(rawValue: (rawValue + 1) % TaskListView.allCases.count) ?? .open
    }

    /// Whether a task belongs in this view.
    package func shows(_ item: TODOItem) -> Bool {
        switch self {
        case .open: !item.isDone
        case .done: item.isDone
        case .all: true
        }
    }
}
