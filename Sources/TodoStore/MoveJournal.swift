import TodoPlatform

/// Where moves between files write their ``MoveRecord``s: `$XDG_STATE_HOME/todo/` (default
/// `~/.local/state/todo/`), private to the user (mode 0700, files 0600), as `move-*` files next
/// to the undo history and never beside the user's files. The directory is normally empty: a record
/// lives only while its move runs, or until the next command that locks one of its files
/// finishes a move that was killed.
struct MoveJournal {
    /// The journal directory.
    let directory: String

    /// The journal of the user whose variables these are; `nil` when neither `XDG_STATE_HOME`
    /// nor `HOME` is an absolute path.
    static func directory(variables: [String: String]) -> String? {
        if let state = variables["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/todo"
        }
        if let home = variables["HOME"], home.hasPrefix("/") {
            return home + "/.local/state/todo"
        }
        return nil
    }
}

extension FileStorage {
    /// The names of the records that may concern any of `paths` (real paths), without reading
    /// them, from a listing of the journal (``journalListing()``).
    func pendingRecordNames(concerning paths: [String], in listing: [String]) -> [String] {
        guard !listing.isEmpty else { return [] }
        let tags = paths.map(MoveRecord.tag)
        return listing.filter { name in tags.contains { MoveRecord.name(name, concerns: $0) } }
    }

    /// The names of the records that may concern any of `paths` (real paths).
    func pendingRecordNames(concerning paths: [String]) -> [String] {
        pendingRecordNames(concerning: paths, in: journalListing())
    }

    /// Every record's name in the journal (drafts too), sorted; none when there is no usable journal,
    /// which costs one failed `open`.
    func journalListing() -> [String] {
        guard let journal, let fd = openJournal(journal) else { return [] }
        try? sys.close(fd)
        guard let names = try? sys.directoryEntries(journal.directory) else { return [] }
        return names.filter { $0.hasPrefix("move-") || $0.hasPrefix(".move-") }.sorted()
    }

    /// Removes the unfinished drafts (`.NAME.new`) of records that concern any of `paths`: a
    /// draft is written while its writer holds the locks of both its files, so one found while
    /// we hold the lock of one of them was left by a writer that died.
    func removeStaleRecordDrafts(concerning paths: [String], in listing: [String]) {
        let tags = paths.map(MoveRecord.tag)
        let drafts = listing.filter { name in
            guard name.hasPrefix(".") && name.hasSuffix(".new") else { return false }
            let record = String(name.dropFirst().dropLast(4))
            return tags.contains { MoveRecord.name(record, concerns: $0) }
        }
        guard !drafts.isEmpty, let journal, let directory = openJournal(journal) else { return }
        defer { try? sys.close(directory) }
        for name in drafts { try? sys.removeAt(directory, name) }
    }

    /// Opens the journal directory when it exists, belongs to this user and no one else can
    /// write to it (records name files to rename, so a record planted by someone else must
    /// never be obeyed).
    func openJournal(_ journal: MoveJournal) -> Int32? {
        guard let fd = try? sys.open(journal.directory, .directory, 0) else { return nil }
        guard let status = try? sys.status(fd), status.kind == .directory,
            status.owner == ProcessState.effectiveUserID(), status.permissions & 0o022 == 0
        else {
            try? sys.close(fd)
            return nil
        }
        return fd
    }

    /// Reads a record; `nil` when it is gone (another command finished its move) or is not a
    /// record.
    func readRecord(_ name: String) -> MoveRecord? {
        readJournalFile(name).flatMap(MoveRecord.init(decoding:))
    }

    /// The bytes of the journal file `name`; `nil` when it is gone.
    func readJournalFile(_ name: String) -> [UInt8]? {
        guard let journal, let directory = openJournal(journal) else { return nil }
        defer { try? sys.close(directory) }
        guard let fd = try? sys.openAt(directory, name, [], 0) else { return nil }
        defer { try? sys.close(fd) }
        return try? readAll(fd, path: name, operation: "read").bytes
    }

    /// Writes a record whole: to a hidden name, synced, renamed into place, the directory
    /// synced. Returns its name, or `nil` when this user has no usable journal (no `HOME`, or a
    /// directory that cannot be created or is not private); then the move runs without one.
    ///
    /// With `fields`, the record's `tail` and `line` fields are not taken from `record` but
    /// written by `fields`, after the others, so that a large move is never held in memory.
    ///
    /// - Throws: when the journal exists but the record cannot be written (a full disk): the
    ///   move must not start then.
    func writeRecord(
        _ record: MoveRecord, replacing old: String? = nil,
        fields: ((inout ChunkWriter) throws(Errno) -> Void)? = nil
    ) throws(StoreError)
        -> String?
    {
        try writeJournalFile(
            concerning: (record.source, record.destination), replacing: old,
            record.encoded(tailAndLines: fields == nil), fields: fields)
    }

    /// Writes a journal file whole, named after the two files it concerns (see
    /// ``MoveRecord/name(_:concerns:)``), as ``writeRecord(_:replacing:fields:)`` describes:
    /// `head`, then what `fields` writes.
    func writeJournalFile(
        concerning files: (String, String), replacing old: String? = nil, _ head: [UInt8],
        fields: ((inout ChunkWriter) throws(Errno) -> Void)? = nil
    ) throws(StoreError) -> String? {
        guard let journal else { return nil }
        if openJournal(journal) == nil { prepareJournal(journal) }
        guard let directory = openJournal(journal) else { return nil }
        defer { try? sys.close(directory) }
        let pid = sys.processID()
        let name =
            old
            ?? "move-\(MoveRecord.tag(files.0))-\(MoveRecord.tag(files.1))-\(pid)-"
            + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let hidden = ".\(name).new"
        let path = journal.directory + "/" + name
        try call("write", path) { () throws(Errno) in
            let fd = try sys.openAt(directory, hidden, [.writeOnly, .create], 0o600)
            var isOpen = true
            do throws(Errno) {
                try sys.truncate(fd, 0)
                try writeAll(fd, head)
                if let fields {
                    var writer = ChunkWriter(destination: fd, at: Int64(head.count), sys: sys)
                    try fields(&writer)
                    try writer.flush()
                }
                try sys.sync(fd)
                isOpen = false
                try sys.close(fd)
                try sys.rename(directory, hidden, name)
                try syncDirectory(directory)
            } catch {
                if isOpen { try? sys.close(fd) }
                try? sys.removeAt(directory, hidden)
                throw error
            }
        }
        return name
    }

    /// Removes a finished move's record (no directory sync: a record that comes back after a
    /// crash is recognised as finished).
    func removeRecord(_ name: String) throws(StoreError) {
        guard let journal, let directory = openJournal(journal) else { return }
        defer { try? sys.close(directory) }
        try call("write", journal.directory + "/" + name) { () throws(Errno) in
            do throws(Errno) {
                try sys.removeAt(directory, name)
            } catch {
                if error != .noSuchFile { throw error }
            }
        }
    }

    /// Creates the journal directory and its missing parents, mode 0700.
    private func prepareJournal(_ journal: MoveJournal) {
        var missing: [String] = []
        var path = journal.directory
        while !path.isEmpty, (try? sys.statusOfPath(path, true)) == nil {
            missing.append(path)
            path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        }
        for path in missing.reversed() {
            try? sys.makeDirectory(path, 0o700)
        }
        // mkdir's mode passes through the umask; a directory made here gets 0700 exactly.
        if !missing.isEmpty, let fd = try? sys.open(journal.directory, .directory, 0) {
            try? sys.setPermissions(fd, 0o700)
            try? sys.close(fd)
        }
    }
}
