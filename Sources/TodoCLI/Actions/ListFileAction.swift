import TodoStore

/// Lists another file of the todo directory (todo.sh `listfile`).
struct ListFileAction: TodoShAction {
    static let names = [
        "listfile",
        "lf",
    ]
    static let synopses = [
        "listfile [SRC [TERM...]]",
        "lf [SRC [TERM...]]",
    ]
    static let help = [
        "Lists the tasks of the file SRC, or the .txt files of the todo directory."
    ]
    static let writesFiles = false

    let words: [String]

    /// `lf [SRC [TERM...]]` (TodoShCompatibility.md §5.9): SRC is looked for as todo.sh looks
    /// for it (an absolute path, in the todo directory, from the working directory, in the todo
    /// directory with `.txt` added).
    func run(in context: Context) throws -> Int32 {
        let settings = context.settings
        let storage = context.storage
        guard words.count > 1 else {
            if settings.verbosity > 0 { context.console.line("Files in the todo.txt directory:") }
            let names = (try? storage.directoryEntries(settings.todoDirectory)) ?? []
            for name in names where name.hasSuffix(".txt") && !name.hasPrefix(".") {
                context.console.line(name)
            }
            return 0
        }
        let source = words[1]
        let directory = settings.todoDirectory
        let candidates =
            (source.hasPrefix("/") ? [source] : [])
            + [
                directory + "/" + source,
                Path.absolute(source, from: context.environment.currentDirectory),
                directory + "/" + source + ".txt",
            ]
        // todo.sh creates the todo, done and report files on every run, so it finds them even
        // before anything was written to them; `todo` lists a missing one as empty.
        let dataFiles = Set(
            [settings.todoFile, settings.doneFile, settings.reportFile].map(squeezedSlashes))
        guard !source.isEmpty,
            let path = candidates.first(where: {
                storage.fileExists($0) || dataFiles.contains(squeezedSlashes($0))
            })
        else {
            throw CommandFailure.die("TODO: File \(source) does not exist.")
        }
        try context.operations.listFile(path: path, terms: Array(words.dropFirst(2)))
        return 0
    }

    /// `path` with every run of slashes written as one, for comparing paths by their text.
    private func squeezedSlashes(_ path: String) -> String {
        var bytes: [UInt8] = []
        for byte in path.utf8 where !(byte == 0x2F && bytes.last == 0x2F) { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
