/// The recorded changes of one todo file, oldest first, bounded: at most
/// ``maximumEntries`` entries and, besides the newest one, ``maximumBytes`` bytes of lines.
///
/// `undo` follows the model of Emacs: consecutive undos walk back one change each, and an undo is
/// itself recorded, so once another command has written, the undos before it are changes like
/// any other and can be taken back too.
package struct History: Hashable, Sendable {
    /// The most entries a history keeps.
    package static let maximumEntries = 100
    /// The most bytes the entries before the newest one may hold.
    package static let maximumBytes = 1 << 20

    /// The entries, oldest first.
    package private(set) var entries: [HistoryEntry]

    /// Creates a history of these entries (oldest first).
    package init(entries: [HistoryEntry] = []) {
        self.entries = entries
    }

    /// Appends an entry for a change made at `time` by `command` (and, for an undo, the id of
    /// the entry it took back), then drops the oldest entries past the bounds. Changes that
    /// touched nothing are not recorded.
    ///
    /// Undos do not drop entries: a walk back through the whole history must not lose the
    /// changes it is walking towards. The next other command trims the history again, so it
    /// never holds more than twice the bounds.
    package mutating func record(
        command: String, time: Int64, files: [FileChange], undid: Int? = nil
    ) {
        let changed = files.filter { !$0.isEmpty }
        guard !changed.isEmpty else { return }
        let id = (entries.last?.id ?? 0) + 1
        entries.append(
            HistoryEntry(id: id, time: time, command: command, undid: undid, files: changed))
        guard undid == nil else { return }
        if entries.count > History.maximumEntries {
            entries.removeFirst(entries.count - History.maximumEntries)
        }
        var bytes = entries.dropLast().reduce(0) { $0 + $1.byteCount }
        var drop = 0
        while bytes > History.maximumBytes && drop < entries.count - 1 {
            bytes -= entries[drop].byteCount
            drop += 1
        }
        entries.removeFirst(drop)
    }

    /// The name of the history file of the todo file at `realPath` (symbolic links resolved):
    /// the file's name and a fingerprint of the whole path, so that every todo file has its own
    /// history and a reader can still tell which is which (`todo.txt-5f0c1e2a9b3d7a41`).
    package static func fileName(forTodoFile realPath: String) -> String {
        let name = realPath.split(separator: "/").last.map(String.init) ?? "todo"
        let hex = String(FileLines.fingerprint(Array(realPath.utf8)), radix: 16)
        let safe = name.unicodeScalars.allSatisfy { $0.isASCII && $0 != " " } ? name : "todo"
        return safe + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The entry the next `undo` takes back: the newest entry, or, right after an undo, the
    /// entry before the one that undo took back; `nil` when there is none.
    package var undoTarget: HistoryEntry? {
        History.undoTarget(of: entries, id: \.id, undid: \.undid)
    }
}
