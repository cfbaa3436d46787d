import Foundation
import TestSupport
import TodoKit

/// The day every test store lives on.
let testDay: LocalDate = {
    guard let day = LocalDate("2026-11-22") else { preconditionFailure("a valid date") }
    return day
}()

/// Options with the test day as today.
func testOptions(
    addsCreationDate: Bool = false, defaultPriority: Priority? = nil,
    keepsPriorityOnCompletion: Bool = false, preservesLineNumbers: Bool = true,
    resolvesTypedDates: Bool = true
) -> TaskStoreOptions {
    TaskStoreOptions(
        addsCreationDate: addsCreationDate, defaultPriority: defaultPriority,
        keepsPriorityOnCompletion: keepsPriorityOnCompletion,
        preservesLineNumbers: preservesLineNumbers, resolvesTypedDates: resolvesTypedDates,
        today: { testDay })
}

/// The two kinds of store, so that a test runs against both.
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory
    case file

    var description: String { rawValue }

    /// A store holding these files, with ways to read them and to edit them behind its back.
    func make(
        todo: String, done: String = "", options: TaskStoreOptions = testOptions()
    ) throws
        -> TestStore
    {
        switch self {
        case .memory:
            let store = InMemoryTaskStore(todo: todo, done: done, options: options)
            return TestStore(
                store: store, todoText: { store.todoText }, doneText: { store.doneText },
                handEdit: { store.replaceTodo(with: $0) })
        case .file:
            let directory = try temporaryDirectory()
            let todoPath = directory + "/todo.txt"
            let donePath = directory + "/done.txt"
            try Data(todo.utf8).write(to: URL(fileURLWithPath: todoPath))
            try Data(done.utf8).write(to: URL(fileURLWithPath: donePath))
            return TestStore(
                store: TodoFileStore(path: todoPath, options: options),
                todoText: { fileText(todoPath) }, doneText: { fileText(donePath) },
                handEdit: { text in
                    // As an editor saves: a new file renamed over the old one.
                    let temporary = directory + "/.edit-\(UUID().uuidString)"
                    try? Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
                    _ = rename(temporary, todoPath)
                })
        }
    }
}

/// A store under test and its files.
struct TestStore {
    let store: any TaskStore
    let todoText: @Sendable () -> String
    let doneText: @Sendable () -> String
    /// Writes the todo file as another program would, without the store.
    let handEdit: @Sendable (String) -> Void
}

/// A new empty directory, removed when the test process exits (``TestDirectories``).
func temporaryDirectory() throws -> String {
    try TestDirectories.make("todokit-test")
}

/// A file's content as text, or `<missing>`.
@Sendable func fileText(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "<missing>" }
    return String(decoding: data, as: UTF8.self)
}
