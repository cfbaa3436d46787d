import TodoStore

/// Adds a line to another file of the todo directory (todo.sh `addto`).
struct AddToAction: TodoShAction {
    static let names = ["addto"]
    static let synopses = ["addto DEST \"TEXT TO ADD\""]
    static let help = ["Adds a line to the file DEST in the todo directory, which must exist."]
    static let writesFiles = true

    let words: [String]

    /// `addto DEST TEXT` (TodoShCompatibility.md §5.4): DEST and the first word of the text
    /// must both be non-empty.
    func run(in context: Context) throws -> Int32 {
        guard words.count >= 3, !words[1].isEmpty, !words[2].isEmpty else {
            throw CommandFailure.die("usage: \(context.program) addto DEST \"TODO ITEM\"")
        }
        let destination = Self.destination(words, context.settings)
        guard context.storage.fileExists(destination) else {
            throw CommandFailure.die("TODO: Destination file \(destination) does not exist.")
        }
        try context.operations.addTasks(
            [words.dropFirst(2).joined(separator: " ")], to: destination)
        return 0
    }

    func otherFiles(_ settings: Settings) -> [String] {
        words.count >= 3 && !words[1].isEmpty ? [Self.destination(words, settings)] : []
    }

    /// DEST in the todo directory.
    private static func destination(_ words: [String], _ settings: Settings) -> String {
        settings.todoDirectory + "/" + words[1]
    }
}
