import TodoStore
import TodoTxt

extension Session {
    /// `mv NR DEST [SRC]` (TodoShCompatibility.md §5.17): the task is appended to DEST before it
    /// leaves SRC.
    func move(_ words: [String]) throws -> Int32 {
        let usage = ["usage: \(program) mv NR DEST [SRC]"]
        let directory = settings.todoDirectory
        let destination = directory + "/" + (words.count > 2 ? words[2] : "")
        let source =
            words.count > 3 && !words[3].isEmpty ? directory + "/" + words[3] : settings.todoFile
        guard storage.fileExists(source) else {
            throw die("TODO: Source file \(source) does not exist.")
        }
        guard words.count > 2, storage.fileExists(destination) else {
            throw die("TODO: Destination file \(destination) does not exist.")
        }
        let word = words.count > 1 ? words[1] : nil
        let lineGuard = LineGuard()
        func index(in list: TodoList) throws -> Int {
            let found = try taskIndex(word, in: list, file: source, usage: usage).get()
            lineGuard.beginAttempt()
            try lineGuard.check(list, found)
            return found
        }
        let sourcePrefix = Session.prefix(of: source)
        if !settings.force {
            // The question shows the task, so it is read (and checked) before asking.
            let current = try storage.read(source)
            let text = current[try index(in: current)].text
            if !confirm("Move '\(text)' from \(source) to \(destination)? (y/n) ") {
                throw die("\(sourcePrefix): No tasks moved.")
            }
        }
        let moved = try storage.move(from: source, to: destination) {
            list -> (moved: [[UInt8]], result: [UInt8]) in
            let index = try index(in: list)
            let line = Array(list[index].content)
            self.blankOrRemove(index, in: &list)
            return ([line], line)
        }
        let number = words[1]
        let target = try storage.read(destination)
        if verbose {
            echo(number, moved)
            console.line(
                "\(sourcePrefix): \(number) moved to \(target.count) in \(Session.prefix(of: destination))."
            )
        }
        return 0
    }
}
