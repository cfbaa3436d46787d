/// One recorded change: what a command (or an `undo`) changed in the todo file and, when it
/// touched it too, in done.txt.
package struct HistoryEntry: Hashable, Sendable {
    /// A number that grows with each entry of one history.
    package var id: Int
    /// When the change was made, in seconds since 1970-01-01 UTC.
    package var time: Int64
    /// The command as typed after `todo` (`do 3`, `undo`).
    package var command: String
    /// For an `undo`, the id of the entry it took back.
    package var undid: Int?
    /// The changes, one per file.
    package var files: [FileChange]

    /// Creates an entry.
    package init(id: Int, time: Int64, command: String, undid: Int? = nil, files: [FileChange]) {
        self.id = id
        self.time = time
        self.command = command
        self.undid = undid
        self.files = files
    }

    /// What changed, for `undo --list`: each file's name with the lines removed and added, such
    /// as `todo.txt -1 +2, done.txt +1`.
    package var summary: String {
        HistoryEntry.summary(files.map { ($0.path, $0.removedLines, $0.addedLines) })
    }

    /// The summary of changes to `files`: each file's name with the lines removed and added.
    package static func summary(_ files: [(path: String, removed: Int, added: Int)]) -> String {
        files.map { file in
            let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
            var parts = [name]
            if file.removed > 0 { parts.append("-\(file.removed)") }
            if file.added > 0 { parts.append("+\(file.added)") }
            return parts.joined(separator: " ")
        }.joined(separator: ", ")
    }

    /// The bytes the entry keeps.
    var byteCount: Int {
        command.utf8.count + files.reduce(0) { $0 + $1.byteCount } + 64
    }
}
