import TodoStore
import TodoTxt

/// Records the numbers of open and done tasks (todo.sh `report`).
struct ReportAction: TodoShAction {
    static let names = ["report"]
    static let synopses = ["report"]
    static let help = [
        "Archives, then records the numbers of open and done tasks in the report file."
    ]
    static let writesFiles = true

    let words: [String]

    /// `report` (TodoShCompatibility.md §5.20): archive, then append `TIMESTAMP OPEN DONE` to
    /// the report file unless its last line already says the same counts.
    func run(in context: Context) throws -> Int32 {
        let settings = context.settings
        let console = context.console
        let verbose = settings.verbosity > 0
        let archived = try context.operations.runArchiveAction()
        let total = try context.storage.read(settings.todoFile).count
        let done = try context.storage.read(settings.doneFile).count
        let counts = "\(total) \(done)"
        let report = try context.storage.read(settings.reportFile)
        let last = report.last?.text ?? ""
        let lastCounts = last.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init)
        if lastCounts == counts {
            console.line(last)
            if verbose { console.line("TODO: Report file is up-to-date.") }
        } else {
            let line = "\(context.now) \(counts)"
            try context.storage.append(settings.reportFile, lines: [Array(line.utf8)])
            console.line(line)
            if verbose { console.line("TODO: Report file updated.") }
        }
        return archived
    }
}
