import TodoStore
import TodoTxt

extension Session {
    /// Task numbers separated by spaces or commas, as `do` and `depri` take them.
    static func numberWords(_ words: ArraySlice<String>) -> [String] {
        words.flatMap {
            $0.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
        }
    }

    /// Runs `body` for each task number of `words` (spaces or commas) inside one store update of
    /// those lines; a number that names no task stops the loop but keeps the tasks before it
    /// (todo.sh commits task by task). Prints the messages and returns the status.
    func eachTask(
        _ words: [String], usage: String,
        _ body: (Int, String, inout LineWindow, inout Messages) throws -> Void
    ) throws -> Int32 {
        let numbers = Session.numberWords(words.dropFirst())
        guard !numbers.isEmpty else { throw die(usage) }
        let file = settings.todoFile
        let lineGuard = LineGuard()
        let messages = try storage.update(file, lines: Session.lineIndices(numbers)) {
            list -> Messages in
            lineGuard.beginAttempt()
            var messages = Messages()
            for word in numbers {
                switch try taskIndex(word, in: list, file: file, usage: [usage]) {
                case .failure(let error):
                    messages.stop = error.lines
                    return messages
                case .success(let index):
                    try lineGuard.check(list, index)
                    try body(index, word, &list, &messages)
                    // The body stops as todo.sh's `die` does, after what it wrote.
                    if messages.stop != nil { return messages }
                }
            }
            return messages
        }
        try emit(messages)
        return messages.status
    }
}
