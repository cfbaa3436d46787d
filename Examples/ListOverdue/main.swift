// Prints the open tasks of a todo.txt file whose due: date is past.
//
//     swift run ListOverdue Examples/todo.txt 2026-11-25
//     swift run ListOverdue ~/todo.txt              # overdue today
//
// Uses TodoKit alone, with no C library, so it builds wherever Swift does: a TodoFileStore reads
// the file and the query `due<DATE` picks the tasks, soonest due first. As with `todo query`,
// done tasks, hidden ones (`h:1`) and those whose threshold `t:` is still ahead are left out.
import TodoKit

/// The lines to print for these command-line arguments: the overdue tasks, or a message.
func report(_ arguments: [String]) -> [String] {
    guard arguments.count == 2 || arguments.count == 3 else {
        return ["usage: ListOverdue FILE [YYYY-MM-DD]"]
    }
    var day = "today"
    if arguments.count == 3 {
        guard let date = LocalDate(arguments[2]) else {
            return ["ListOverdue: invalid date '\(arguments[2])'; expected YYYY-MM-DD"]
        }
        day = date.description
    }
    do {
        let store = TodoFileStore(path: arguments[1])
        return try store.tasks(matching: "due<\(day)", sortedBy: [.due]).map(\.description)
    } catch {
        return ["ListOverdue: \(error)"]
    }
}

for line in report(CommandLine.arguments) {
    print(line)
}
