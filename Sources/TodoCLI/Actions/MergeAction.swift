import TodoMerge

/// `merge BASE OURS THEIRS [--marker-size N] [--path NAME] [--ours-label L] [--base-label L]
/// [--theirs-label L]`: the task-aware three-way merge, usable as git's merge driver.
struct MergeAction: Action {
    static let names = ["merge"]
    static let synopses = ["merge BASE OURS THEIRS [--marker-size N] [--path NAME]"]
    static let help = [
        "Merges two edited versions of a todo file task by task, writing the result",
        "into OURS; used by git as a merge driver. Exits 1 when a conflict is left,",
        "marked in place with one block per task.",
    ]
    static let writesFiles = false

    /// BASE, OURS and THEIRS as given.
    let files: [String]
    /// Marker size and labels.
    let options: MergeOptions
    /// The name to report conflicts under (`--path`), else OURS.
    let name: String?

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        func mistake(_ message: String) -> UsageError {
            .invalid(action: "merge", message: message, synopsis: Self.synopses[0])
        }
        var files: [String] = []
        var options = MergeOptions()
        var name: String?
        let valued = ["--marker-size", "--path", "--ours-label", "--base-label", "--theirs-label"]
        outer: while let word = arguments.peek {
            for option in valued {
                guard
                    let text = try arguments.value(
                        of: option, action: "merge", synopsis: Self.synopses[0])
                else { continue }
                // Before git 2.44, %S %X %Y reach the driver literally: no label then.
                let label = text.hasPrefix("%") ? nil : text
                switch option {
                case "--marker-size":
                    guard let size = Int(text), size > 0, size < 1000 else {
                        throw mistake("invalid marker size '\(text)'")
                    }
                    options.markerSize = size
                case "--path": name = text
                case "--ours-label": if let label { options.oursLabel = label }
                case "--base-label": if let label { options.baseLabel = label }
                default: if let label { options.theirsLabel = label }
                }
                continue outer
            }
            _ = arguments.next()
            if word.hasPrefix("-") && word.count > 1 { throw mistake("unknown option '\(word)'") }
            files.append(word)
        }
        guard files.count == 3 else { throw mistake("needs three files, BASE OURS THEIRS") }
        self.files = files
        self.options = options
        self.name = name
    }

    func run(in context: Context) throws -> Int32 {
        try context.operations.mergeFiles(files, options: options, name: name)
    }
}
