import TodoStore
import TodoTxt

/// Moves done tasks to the done file (todo.sh `archive`).
struct ArchiveAction: TodoShAction {
    static let names = ["archive"]
    static let synopses = ["archive"]
    static let help = ["Moves every done task to the done file and removes empty lines."]
    static let writesFiles = true

    let words: [String]

    /// `archive` (TodoShCompatibility.md §5.18): removes empty lines and moves the done tasks to
    /// the done file, echoing them; with TODOTXT_VERBOSE=0 it prints nothing at all.
    func run(in context: Context) throws -> Int32 {
        let settings = context.settings
        let console = context.console
        let verbose = settings.verbosity > 0
        let moved = try context.storage.move(from: settings.todoFile, to: settings.doneFile) {
            list -> (moved: [[UInt8]], result: [[UInt8]]) in
            var done: [[UInt8]] = []
            var doomed: [Int] = []
            for (index, line) in list.enumerated() {
                if line.content.isEmpty {
                    doomed.append(index)
                } else if line.content.starts(with: [0x78, 0x20]) {
                    done.append(Array(line.content))
                    doomed.append(index)
                }
            }
            list.removeLines(at: doomed)
            return (done, done)
        }
        guard verbose else { return 0 }
        guard !moved.isEmpty else {
            console.line("TODO: \(settings.todoFile) does not contain any done tasks.")
            return 0
        }
        for line in moved {
            console.write(line)
            console.write([0x0A])
        }
        console.line("TODO: \(settings.todoFile) archived.")
        return 0
    }
}
