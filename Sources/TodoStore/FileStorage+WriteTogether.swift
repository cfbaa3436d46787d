import TodoPlatform

/// One file of several written together: the locked file, its state when read, and how its
/// new content goes in.
typealias FileWrite = (file: LockedFile, state: FileState, write: SpliceWrite)

extension FileStorage {
    /// The last step of writing several files together (a splice, ``replaceFiles(_:_:)``):
    /// with two files, a record of the writes first, so that a kill between them is finished by
    /// the next command and no task is left in both files or in neither; then each write in
    /// the order given (those that gain lines first), each checking that its file is as it was
    /// read (`comparingBytes` as ``commitTemporary(_:to:expecting:comparingBytes:keepingOnFailure:)``).
    ///
    /// Takes over the new versions in `writes`: those not renamed into place are removed on the
    /// way out, unless a file was already written when a later one failed; the record and the
    /// rest are then left for the next command to finish.
    ///
    /// - Returns: `false`, with nothing written, when the first file changed since it was read.
    /// - Throws: The store's error of a write that failed (after the first, a file changed since
    ///   is ``StoreError`` "kept changing"); a directory that could not be synced after its
    ///   rename is reported once every file is written.
    func writeTogether(_ writes: [FileWrite], comparingBytes: Bool) throws(StoreError) -> Bool {
        var written = 0
        var record: String?
        var finishLater = false
        defer {
            if !finishLater {
                for (file, _, write) in writes[written...] {
                    if case .rename(let temporary) = write {
                        try? sys.removeAt(file.directory, temporary.name)
                    }
                }
                if let record { try? removeRecord(record) }
            }
        }
        record = try writeSpliceRecord(writes)
        var unsynced: StoreError?
        for (file, state, write) in writes {
            do throws(WriteFailure) {
                switch write {
                case .cut(let length, _):
                    try truncate(file, to: length, expecting: state)
                case .rename(let temporary):
                    try commitTemporary(
                        temporary, to: file, expecting: state, comparingBytes: comparingBytes,
                        keepingOnFailure: record != nil && written > 0)
                }
            } catch {
                switch error {
                case .changed:
                    finishLater = written > 0
                    if written == 0 { return false }
                    throw keptChanging(file.path)
                case .unsynced(let storeError):
                    // In place, only its directory not synced: the others are written too.
                    unsynced = unsynced ?? storeError
                case .failed(let storeError):
                    finishLater = written > 0
                    throw storeError
                }
            }
            written += 1
        }
        if let unsynced { throw unsynced }
        return true
    }

    /// Cuts the locked file to `length` under its lock, unless it changed since `state`, and
    /// syncs it. A failed sync leaves the shorter file in place for every reader, as a failed
    /// append's truncation does, and is not reported.
    func truncate(
        _ file: LockedFile, to length: Int64, expecting state: FileState
    ) throws(WriteFailure) {
        guard try isUnchanged(file, since: state, comparingBytes: false) else { throw .changed }
        do {
            try sys.truncate(file.fd, length)
        } catch {
            throw .failed(failure("write", file.path, error))
        }
        try? sys.sync(file.fd)
    }
}
