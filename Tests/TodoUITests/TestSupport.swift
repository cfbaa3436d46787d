import TodoKit
import TodoTerminal
import TodoUI

/// The day every test runs on.
let testDay: LocalDate = {
    guard let day = LocalDate("2026-11-23") else { preconditionFailure("a valid date") }
    return day
}()

/// A store in memory on the test day.
func memoryStore(
    _ todo: String = "", addsCreationDate: Bool = false, keepsPriority: Bool = false
) -> InMemoryTaskStore {
    InMemoryTaskStore(
        todo: todo,
        options: TaskStoreOptions(
            addsCreationDate: addsCreationDate, keepsPriorityOnCompletion: keepsPriority,
            today: { testDay }))
}

extension TaskListModel {
    /// Presses keys: each character of `text` as a key.
    mutating func type(_ text: String) {
        for scalar in text.unicodeScalars { _ = handle(.text(scalar)) }
    }

    /// Presses one key.
    mutating func press(_ key: Key) {
        _ = handle(key)
    }

    /// The shown tasks' lines.
    var rowTexts: [String] { rows.map(\.text) }
}
