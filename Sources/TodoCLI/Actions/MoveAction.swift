import TodoStore
import TodoTxt

/// Moves a task to another file (todo.sh `move`).
struct MoveAction: TodoShAction {
    static let names = [
        "move",
        "mv",
    ]
    static let synopses = [
        "move NR DEST [SRC]",
        "mv NR DEST [SRC]",
    ]
    static let help = [
        "Moves task NR from SRC (the todo file by default) to the end of DEST, both in",
        "the todo directory. The task is written to DEST before it leaves SRC.",
    ]
    static let completion = CompletionKind.task
    static let writesFiles = true

    let words: [String]

    /// `mv NR DEST [SRC]` (TodoShCompatibility.md §5.17): the task is appended to DEST before
    /// it leaves SRC, and is never left in both (the store's move).
    func run(in context: Context) throws -> Int32 {
        let session = context.operations
        let settings = context.settings
        let usage = ["usage: \(context.program) mv NR DEST [SRC]"]
        let (destination, source) = Self.files(words, settings)
        let storage = context.storage
        guard storage.fileExists(source) else {
            throw session.die("TODO: Source file \(source) does not exist.")
        }
        guard words.count > 2, storage.fileExists(destination) else {
            throw session.die("TODO: Destination file \(destination) does not exist.")
        }
        let word = words.count > 1 ? words[1] : nil
        let lineGuard = LineGuard()
        func index(in list: LineWindow) throws -> Int {
            try session.guardedTaskIndex(
                word, in: list, file: source, usage: usage, lineGuard: lineGuard)
        }
        let sourcePrefix = Session.prefix(of: source)
        var asked: [UInt8]?
        if !settings.force {
            // The question shows the task, so it is read (and checked) before asking.
            let current = LineWindow(try storage.read(source))
            let task = Array(try current.content(at: try index(in: current)))
            asked = task
            let text = String(decoding: task, as: UTF8.self)
            if !session.confirm("Move '\(text)' from \(source) to \(destination)? (y/n) ") {
                throw session.die("\(sourcePrefix): No tasks moved.")
            }
        }
        let moved: [UInt8]
        let count: Int
        let lines = Session.lineIndices([word].compactMap { $0 })
        if let taken = try session.takeOut(lines, from: source, to: destination, asked: asked) {
            moved = taken.line
            count = try taken.destinationLineCount ?? storage.read(destination).count
        } else {
            moved = try storage.move(from: source, to: destination) {
                list -> (moved: [[UInt8]], result: [UInt8]) in
                try LineWindow.editing(&list) { window in
                    let index = try index(in: window)
                    let line = Array(try window.content(at: index))
                    try session.blankOrRemove(index, in: &window)
                    return ([line], line)
                }
            }
            count = try storage.read(destination).count
        }
        let number = words[1]
        if settings.verbosity > 0 {
            session.echo(number, moved)
            context.console.line(
                "\(sourcePrefix): \(number) moved to \(count) in "
                    + "\(Session.prefix(of: destination)).")
        }
        return 0
    }

    func otherFiles(_ settings: Settings) -> [String] {
        let (destination, source) = Self.files(words, settings)
        return words.count > 2 ? [destination, source] : [source]
    }

    /// DEST and SRC (the todo file when not given) in the todo directory.
    private static func files(
        _ words: [String], _ settings: Settings
    ) -> (destination: String, source: String) {
        let directory = settings.todoDirectory
        let destination = directory + "/" + (words.count > 2 ? words[2] : "")
        let source =
            words.count > 3 && !words[3].isEmpty ? directory + "/" + words[3] : settings.todoFile
        return (destination, source)
    }
}
