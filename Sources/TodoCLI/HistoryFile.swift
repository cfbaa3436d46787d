import TodoHistory
import TodoPlatform
import TodoStore
import TodoTxt

/// The history of one todo file on disk: `$XDG_STATE_HOME/todo/` (default
/// `~/.local/state/todo/`), one file per real path of the todo file, private to its user.
///
/// The directory is created with mode 0700 and the files with 0600 whatever the umask; a
/// directory owned by someone else or writable by others is not used. Every change holds a lock
/// on a sidecar file and replaces the history with a rename, so concurrent commands never lose
/// each other's entries.
struct HistoryFile {
    /// Why the history cannot be used, for one warning line.
    struct Unusable: Error, CustomStringConvertible {
        /// What went wrong, naming the path.
        var description: String
    }

    /// Why an undo changed nothing, in words that follow `undo: `.
    struct Refusal: Error, CustomStringConvertible {
        /// `nothing to undo`, or which change cannot be taken back and why.
        var description: String
        /// Whether the refused change is in the history and could be passed over (`--skip`).
        var skippable = false
    }

    /// The directory of the histories.
    let directory: String
    /// The history's file name inside it.
    let name: String
    /// The file-system calls.
    private let fileSystem = FileSystem.live

    /// The history of the todo file at `todoFile`, or `nil` when there is none to keep: the
    /// todo file does not exist on disk.
    ///
    /// - Throws: ``Unusable`` when the history directory cannot be created or is not safe.
    static func locate(
        todoFile: String, variables: [String: String]
    ) throws(Unusable) -> HistoryFile? {
        let fileSystem = FileSystem.live
        guard let real = try? fileSystem.realPath(todoFile) else { return nil }
        let state: String
        if let xdg = variables["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            state = xdg
        } else if let home = variables["HOME"], home.hasPrefix("/") {
            state = home + "/.local/state"
        } else {
            throw Unusable(description: "no history: neither XDG_STATE_HOME nor HOME is set")
        }
        let directory = state + "/todo"
        try prepare(directory)
        return HistoryFile(directory: directory, name: History.fileName(forTodoFile: real))
    }

    /// Creates the directory (and its missing parents) with mode 0700, and checks that it is a
    /// directory of this user that no one else can write to.
    private static func prepare(_ directory: String) throws(Unusable) {
        let fileSystem = FileSystem.live
        var missing: [String] = []
        var path = directory
        while !path.isEmpty, (try? fileSystem.statusOfPath(path, true)) == nil {
            missing.append(path)
            path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        }
        for path in missing.reversed() {
            do {
                try fileSystem.makeDirectory(path, 0o700)
            } catch let error where error != .exists {
                throw Unusable(description: "cannot create \(path): \(error)")
            } catch {}
        }
        if !missing.isEmpty {
            // mkdir's mode passes through the umask; set it exactly.
            if let fd = try? fileSystem.open(directory, [.directory], 0) {
                try? fileSystem.setPermissions(fd, 0o700)
                try? fileSystem.close(fd)
            }
        }
        guard let status = try? fileSystem.statusOfPath(directory, false), status.kind == .directory
        else { throw Unusable(description: "\(directory) is not a directory") }
        guard status.owner == ProcessState.effectiveUserID() else {
            throw Unusable(description: "\(directory) belongs to another user")
        }
        guard status.permissions & 0o022 == 0 else {
            throw Unusable(description: "\(directory) can be written by others")
        }
    }

    /// The path of the history file.
    var path: String { directory + "/" + name }

    /// Reads the history without changing it (an unreadable one reads as empty).
    func read() -> History {
        guard let fd = try? fileSystem.open(path, [], 0) else { return History() }
        let descriptor = FileDescriptor(owning: fd)
        let bytes = (try? descriptor.readToEnd()) ?? []
        try? descriptor.close()
        return (try? History(decoding: bytes)) ?? History()
    }

    /// What `undo --list` shows of each entry, oldest first, read through the headers of the
    /// history alone (an older version's file is read whole; an unreadable one reads as
    /// empty).
    func listing() -> [(time: Int64, command: String, summary: String)] {
        guard let fd = try? fileSystem.open(path, [], 0) else { return [] }
        defer { try? fileSystem.close(fd) }
        let size = (try? fileSystem.status(fd).size) ?? 0
        let listed =
            size == 0
            ? [] : History.listing { buffer, offset in try? fileSystem.readAt(fd, buffer, offset) }
        return listed ?? read().entries.map { ($0.time, $0.command, $0.summary) }
    }

    /// Reads, under the lock, only the entries that recording one more change keeps (see
    /// ``History/decodingRecent(read:)``), lets `body` record it, and writes the history back,
    /// reading the lines its hunks name by where they lie through `spans`.
    /// `body` must record a change: the entries it would have dropped are gone.
    func record(spans: LineSpan.Reader? = nil, _ body: (inout History) throws -> Void) throws {
        try update(recent: true, spans: spans, body)
    }

    /// The entries of the history that recording one more change keeps; the whole history
    /// when it is of an older version.
    private func readRecent() -> History {
        guard let fd = try? fileSystem.open(path, [], 0) else { return History() }
        defer { try? fileSystem.close(fd) }
        let recent = History.decodingRecent { buffer, offset in
            try? fileSystem.readAt(fd, buffer, offset)
        }
        return recent ?? read()
    }

    /// Changes the history under its lock and writes it back.
    func update<Result>(_ body: (inout History) throws -> Result) throws -> Result {
        try update(recent: false, body)
    }

    /// Changes the history under its lock (read whole, or only its `recent` entries) and
    /// writes it back.
    private func update<Result>(
        recent: Bool, spans: LineSpan.Reader? = nil, _ body: (inout History) throws -> Result
    ) throws -> Result {
        try locked {
            var history = recent ? readRecent() : read()
            let result = try body(&history)
            try write(history, spans: spans)
            return result
        }
    }

    /// Runs `body` holding the history's lock.
    private func locked<Result>(_ body: () throws -> Result) throws -> Result {
        let lock: Int32
        do {
            lock = try fileSystem.open(path + ".lock", [.writeOnly, .create], 0o600)
            try fileSystem.lockExclusive(lock, true)
        } catch {
            throw Unusable(description: "cannot lock \(path).lock: \(error)")
        }
        defer { try? fileSystem.close(lock) }
        return try body()
    }

    /// Replaces the history file: a private temporary file, written as it is encoded (a large
    /// record is never held twice; lines named by where they lie are read through `spans`),
    /// then a rename.
    private func write(_ history: History, spans: LineSpan.Reader? = nil) throws(Unusable) {
        var complete = true
        do {
            try replace { fd throws(Errno) in
                complete = try history.encode(spans: spans) { bytes throws(Errno) in
                    try FileDescriptor.writeAll(fd, bytes)
                }
                // Lines that could not be read back: no record rather than a wrong one.
                if !complete { throw Errno.ioError }
            }
        } catch  where !complete {
            throw Unusable(description: "\(path) not written: removed lines could not be read back")
        }
    }

    /// Replaces the history file with its bytes as they are and what `produce` writes after
    /// them, without decoding them (an undo drops no entry): a private temporary file, then a
    /// rename.
    private func write(appending produce: (Int32) throws(Errno) -> Void) throws(Unusable) {
        try replace { fd throws(Errno) in
            let old = try fileSystem.open(path, [], 0)
            defer { try? fileSystem.close(old) }
            let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
            defer { piece.deallocate() }
            while true {
                let count = try fileSystem.read(old, piece)
                if count == 0 { break }
                try FileDescriptor.writeAll(fd, Array(piece[..<count]))
            }
            try produce(fd)
        }
    }

    /// Replaces the history file with what `produce` writes to a private temporary file
    /// beside it, then a rename; on any failure the temporary file is removed.
    private func replace(_ produce: (Int32) throws(Errno) -> Void) throws(Unusable) {
        let temporary = "." + name + ".tmp-\(fileSystem.processID())"
        do {
            let folder = try fileSystem.open(directory, [.directory], 0)
            defer { try? fileSystem.close(folder) }
            try? fileSystem.removeAt(folder, temporary)
            let fd = try fileSystem.openAt(
                folder, temporary, [.writeOnly, .create, .exclusive], 0o600)
            do {
                try fileSystem.setPermissions(fd, 0o600)
                try produce(fd)
                try fileSystem.close(fd)
            } catch {
                try? fileSystem.close(fd)
                try? fileSystem.removeAt(folder, temporary)
                throw error
            }
            try fileSystem.rename(folder, temporary, name)
        } catch {
            throw Unusable(description: "cannot write \(path): \(error)")
        }
    }

    /// Takes back the most recent change of the history that is not undone yet and records the
    /// undo at `time`. Only the entry taken back is read from the history (an older version's
    /// file is read whole): its lines are read as the files are checked and written, and the
    /// undo's entry is added after the others without decoding them. Every file is checked
    /// before any is written, so a refusal changes nothing.
    ///
    /// With `skipping`, no file is read or written: the change is recorded as taken back
    /// (its own change turned around), so that the next undo reaches the one before it.
    ///
    /// - Returns: The command taken back and what it changed (see ``HistoryEntry/summary``).
    /// - Throws: ``Refusal`` when there is nothing to undo or the change cannot be placed on
    ///   the files as they are now; ``Unusable`` or the store's error when a file cannot be
    ///   read or written.
    func undoLast(
        through storage: any TodoStorage, time: Int64, skipping: Bool = false
    ) throws -> (command: String, summary: String) {
        try locked {
            let fd = try? fileSystem.open(path, [], 0)
            defer { if let fd { try? fileSystem.close(fd) } }
            let read: (UnsafeMutableRawBufferPointer, Int64) -> Int? = { buffer, offset in
                fd.flatMap { try? fileSystem.readAt($0, buffer, offset) }
            }
            let size = fd.flatMap { try? fileSystem.status($0).size } ?? 0
            guard
                let (found, nextID) = size == 0
                    ? (nil, 1) : History.findingUndoTarget(read: read)
            else {
                // A history of an older version: read whole, written back whole.
                var history = self.read()
                guard let target = history.undoTarget else {
                    throw Refusal(description: "nothing to undo")
                }
                let made = Self.record(
                    of: skipping ? [] : try takeBack(target, through: storage), target)
                history.record(command: "undo", time: time, files: made, undid: target.id)
                try write(history)
                return (target.command, target.summary)
            }
            guard let stored = found else { throw Refusal(description: "nothing to undo") }
            var lines = StoredLines(read: read)
            if !skipping, try stored.undoBySplicing(through: storage, lines: lines) {
                try write(appending: { out throws(Errno) in
                    let complete = try History.encodeUndo(
                        of: stored, id: nextID, time: time, lines: &lines
                    ) { bytes throws(Errno) in try FileDescriptor.writeAll(out, bytes) }
                    if !complete { throw Errno.ioError }
                })
                return (stored.command, stored.summary)
            }
            // A hunk not in place: the whole entry, through the three-way merge.
            guard let target = History.decodingEntry(stored, read: read) else {
                throw Unusable(description: "cannot read \(path)")
            }
            // Splicing was tried on these very hunks just now: straight to the merge.
            let made = Self.record(
                of: skipping ? [] : try takeBack(target, through: storage, splicing: false),
                target)
            let entry = HistoryEntry(
                id: nextID, time: time, command: "undo", undid: target.id, files: made)
            try write(appending: { out throws(Errno) in
                try History.encode([entry], withMagic: false) { bytes throws(Errno) in
                    try FileDescriptor.writeAll(out, bytes)
                }
            })
            return (target.command, target.summary)
        }
    }

    /// The record of an undo of `target` that wrote `made`: what it wrote to each file, or,
    /// for a file where nothing was left to take back (by hand, or by an undo killed after its
    /// writes and finished by the next command), the file's change turned around, so that the
    /// undo is recorded whole all the same: the next undo walks on, and an undo of this one
    /// puts the whole change back.
    private static func record(of made: [FileChange], _ target: HistoryEntry) -> [FileChange] {
        target.files.map { change in
            made.first { $0.path == change.path && !$0.isEmpty } ?? change.inverted
        }
    }

    /// Takes `target` back, every file through the three-way merge (lines edited since are
    /// kept), all of them checked before any is written and written together
    /// (``TodoStorage/replaceFiles(_:_:)``); unless `splicing` is false, a change
    /// whose lines are all still in place is first tried without reading the files whole
    /// (``FileChange/undoBySplicing(_:through:)``).
    ///
    /// - Returns: The records of the undo, one per file.
    private func takeBack(
        _ target: HistoryEntry, through storage: any TodoStorage, splicing: Bool = true
    ) throws -> [FileChange] {
        if splicing, let made = try FileChange.undoBySplicing(target.files, through: storage) {
            return made
        }
        let written = try storage.replaceFiles(target.files.map(\.path)) { current in
            try zip(target.files, current).map { change, bytes in
                do {
                    return try change.undo(current: bytes)
                } catch {
                    throw Refusal(
                        description: "cannot take back '\(target.command)': \(error)",
                        skippable: true)
                }
            }
        }
        return zip(target.files, written).map { change, bytes in
            FileChange(path: change.path, before: bytes.before, after: bytes.after)
        }
    }
}
