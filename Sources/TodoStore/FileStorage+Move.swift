import TodoPlatform
public import TodoTxt

/// How one attempt of a move ended.
enum MoveOutcome<Result> {
    /// The move is complete.
    case done(Result)
    /// A file was replaced while its lock was held: release everything and lock again.
    case restart
    /// Source and destination are one file (hard links).
    case sameFile
}

/// What a move that was killed between its writes needs, decided from its record and the files
/// as they are now (see ``FileStorage/resolve(_:source:destination:)``).
enum MoveResolution: Equatable {
    /// The source already is the move's new version: only the record is left to remove.
    case finished
    /// The append did not reach the destination whole: nothing to take back but a first part
    /// of it at the destination's end (cut back to `cutAt`). The tasks are still in the source.
    case rollBack(cutAt: Int64?)
    /// The append is in place and nobody touched the source since: the append is taken out of
    /// the destination again, and the files are as before the move (running the command again
    /// does what it meant, once).
    case removeAppend
    /// The append is in place but the source changed since (a hand edit): the move is finished
    /// by removing the moved lines that are still in the source, keeping everything else.
    case removeLines
}

extension FileStorage {
    /// Locks both files (in real-path order), prepares the source's new version, records the
    /// move, appends the moved lines to `destination`, then renames the new version over
    /// `source` (see the type, "Moves"). If the rename fails, the append is taken back
    /// (the destination is truncated to its old length), so every line stays in exactly one
    /// file.
    public func move<Result>(
        from source: String, to destination: String,
        _ edit: (inout TodoList) throws -> (moved: [[UInt8]], result: Result)
    ) throws -> Result {
        try move(from: source, to: destination, observing: nil, edit)
    }

    /// ``move(from:to:_:)``, telling `observe` what was written to each file, if anything
    /// (see ``WriteObserver``), so that a caller can record the change without keeping a copy.
    package func move<Result>(
        from source: String, to destination: String, observing observe: WriteObserver?,
        _ edit: (inout TodoList) throws -> (moved: [[UInt8]], result: Result)
    ) throws -> Result {
        let sourceLocation = try locate(source)
        let destinationLocation = try locate(destination)
        if sourceLocation.path == destinationLocation.path
            || isSameFile(
                sourceLocation, destinationLocation)
        {
            return try moveWithin(source, observing: observe, edit)
        }
        if isCharacterDevice(destinationLocation) {
            let file = try lock(sourceLocation, path: source, creating: false)
            defer { unlock([file]) }
            return try rewrite(file, missingIsError: true, observe: observe) { state in
                var list = TodoList(bytes: state.bytes)
                let (moved, result) = try edit(&list)
                var plan = Rewrite(content: .list(list), result: result)
                if !moved.isEmpty {
                    plan.beforeReplace = { () throws(StoreError) in
                        _ = try self.appendToDevice(destination, lines: moved)
                        return {}
                    }
                }
                return plan
            }
        }
        let targets = [
            LockTarget(location: sourceLocation, path: source, creating: false),
            LockTarget(location: destinationLocation, path: destination, creating: true),
        ]
        for _ in 0..<Self.attempts {
            let files = try lockAll(targets)
            let outcome: MoveOutcome<Result>
            do {
                defer { unlock(files) }
                guard files.count == 2 else { throw keptChanging(source) }
                outcome = try moveOnce(
                    from: files[0], to: files[1], observing: observe, edit)
            }
            switch outcome {
            case .done(let result): return result
            case .restart: continue
            case .sameFile: return try moveWithin(source, observing: observe, edit)
            }
        }
        throw keptChanging(source)
    }

    /// A move whose source and destination are one file: the lines go to its end.
    private func moveWithin<Result>(
        _ path: String, observing observe: WriteObserver?,
        _ edit: (inout TodoList) throws -> (moved: [[UInt8]], result: Result)
    ) throws -> Result {
        try update(path, observing: observe) { list in
            let (moved, result) = try edit(&list)
            for line in moved { list.appendLine(line) }
            return result
        }
    }

    /// Whether two existing paths lead to one file (hard links): locking it twice would wait
    /// forever.
    func isSameFile(_ first: RealLocation, _ second: RealLocation) -> Bool {
        guard let one = try? sys.statusOfPath(first.path, true),
            let other = try? sys.statusOfPath(second.path, true)
        else { return false }
        return one.device == other.device && one.inode == other.inode
    }

    /// Reads a locked file by its name; `nil` when the name no longer leads to the locked inode
    /// (the caller must release its locks and start again rather than wait for the new one).
    func lockedState(_ file: LockedFile) throws(StoreError) -> FileState? {
        let state = try readState(file, missingIsError: true)
        let held = try call("read", file.path) { () throws(Errno) in try sys.status(file.fd) }
        guard let identity = state.identity, identity.device == held.device,
            identity.inode == held.inode
        else { return nil }
        return state
    }

    /// One attempt of a move, with both files locked.
    private func moveOnce<Result>(
        from source: LockedFile, to destination: LockedFile, observing observe: WriteObserver?,
        _ edit: (inout TodoList) throws -> (moved: [[UInt8]], result: Result)
    ) throws -> MoveOutcome<Result> {
        guard let state = try lockedState(source) else { return .restart }
        var list = TodoList(bytes: state.bytes)
        let countBefore = list.count
        let (moved, result) = try edit(&list)
        if moved.isEmpty {
            let outcome = list.withSerializedPieces { pieces -> Swift.Result<Void, WriteFailure> in
                if Content.isSame(pieces, as: state.bytes) { return .success(()) }
                do throws(WriteFailure) {
                    try replace(source, pieces: pieces, expecting: state)
                } catch {
                    return .failure(error)
                }
                observe?(source.path, state.bytes, pieces)
                return .success(())
            }
            guard case .failure(let error) = outcome else { return .done(result) }
            switch error {
            case .changed: return .restart
            case .failed(let storeError), .unsynced(let storeError): throw storeError
            }
        }
        guard let target = try lockedState(destination) else { return .restart }
        let length = Int64(target.bytes.count)
        let (tail, _) = appended(moved, to: target.bytes)
        guard let before = state.identity else { return .restart }

        // 1. The source's new version, synced but not yet in place.
        let temporary: TemporaryFile
        do {
            temporary = try prepareTemporary(source, with: .list(list), expecting: state)
        } catch {
            switch error {
            case .changed: return .restart
            case .failed(let storeError), .unsynced(let storeError): throw storeError
            }
        }
        let record = MoveRecord(
            source: source.location.path, destination: destination.location.path,
            sourceBefore: before, temporary: temporary.name,
            temporaryDevice: temporary.device, temporaryInode: temporary.inode,
            destinationLength: length, tail: tail, lines: moved,
            blanks: list.count == countBefore)
        let finished = try recordAppendAndRename(
            record, temporary: temporary, from: source, to: destination, expecting: state,
            comparingBytes: true
        ) { writer throws(Errno) in try writer.copier.write(tail[...]) }
        guard finished else { return .restart }
        if let observe {
            list.withSerializedPieces { observe(source.path, state.bytes, $0) }
            target.bytes.withUnsafeBytes { old in
                tail.withUnsafeBytes { new in observe(destination.path, target.bytes, [old, new]) }
            }
        }
        return .done(result)
    }

    /// Steps 2 to 5 of a move whose source's new version is prepared in `temporary`: checks
    /// that the source is unchanged, writes `record` (its tail and line fields written by
    /// `fields` when given), appends what `append` writes to the destination at the record's
    /// length, renames the new version over the source and removes the record. Returns
    /// `false` when the source changed (nothing is left written then: the caller starts
    /// again). A failed rename takes the append back; a failure after it leaves the record,
    /// which the next command recognises as finished.
    func recordAppendAndRename(
        _ record: MoveRecord, temporary: TemporaryFile, from source: LockedFile,
        to destination: LockedFile, expecting state: FileState, comparingBytes: Bool,
        fields: ((inout ChunkWriter) throws(Errno) -> Void)? = nil,
        append: (inout ChunkWriter) throws(Errno) -> Void
    ) throws -> Bool {
        let length = record.destinationLength
        // 2. The record, then 3. the append.
        var recordName: String?
        do {
            let unchanged: Bool
            do {
                unchanged = try isUnchanged(source, since: state, comparingBytes: comparingBytes)
            } catch {
                if case .failed(let storeError) = error { throw storeError }
                unchanged = false
            }
            guard unchanged else {
                try? sys.removeAt(source.directory, temporary.name)
                return false
            }
            recordName = try writeRecord(record, fields: fields)
            try writeTail(to: destination, at: length, append)
        } catch {
            try? sys.removeAt(source.directory, temporary.name)
            if let recordName { try? removeRecord(recordName) }
            throw error
        }
        // 4. The rename.
        do {
            try commitTemporary(
                temporary, to: source, expecting: state, comparingBytes: comparingBytes)
        } catch {
            // After the rename only the directory sync failed: the move is done, and its
            // record stays until a later command confirms that.
            if case .unsynced(let storeError) = error { throw storeError }
            // Take the append back; if even that fails, the record stays and the next command
            // that locks either file finishes the move.
            try truncatingBack(destination, to: length)()
            if let recordName { try? removeRecord(recordName) }
            switch error {
            case .changed: return false
            case .failed(let storeError), .unsynced(let storeError): throw storeError
            }
        }
        // 5. Done: a record left behind by a failure here is recognised as finished.
        if let recordName { try? removeRecord(recordName) }
        return true
    }

    // MARK: Moves killed between their writes

    /// Finishes or takes back the move of the record `name`, under the locks of both its files
    /// (taken here in real-path order; the caller holds none). A record that is gone meanwhile
    /// was handled by another command; one that is not a record is removed.
    func finishPendingMove(_ name: String) throws(StoreError) {
        guard let first = readRecord(name) else {
            if let bytes = readJournalFile(name), let splice = SpliceRecord(decoding: bytes) {
                try finishPendingSplice(name, splice)
                return
            }
            try removeRecord(name)
            return
        }
        let sourceLocation = RealLocation(splitting: first.source)
        let destinationLocation = RealLocation(splitting: first.destination)
        let files = try lockExisting([sourceLocation, destinationLocation])
        defer { unlock(files) }
        // Read again under the locks: another command may have finished it while we waited.
        guard let record = readRecord(name) else { return }
        guard let source = files.first(where: { $0.location == sourceLocation }) else {
            // The source is gone: there is nothing left to move.
            try removeRecord(name)
            return
        }
        let destination = files.first { $0.location == destinationLocation }
        let sourceState = try readState(source, missingIsError: false)
        let destinationBytes = try destination.map { file throws(StoreError) in
            try readState(file, missingIsError: false).bytes
        }
        let resolution = Self.resolve(
            record, source: sourceState.identity, destination: destinationBytes)
        switch resolution {
        case .finished:
            break
        case .rollBack(let cut):
            if let cut, let destination {
                try truncatingBack(destination, to: cut)()
            }
            try? sys.removeAt(source.directory, record.temporary)
        case .removeAppend:
            if let destination, let bytes = destinationBytes {
                try removeAppend(record, from: destination, bytes: bytes)
            }
            try? sys.removeAt(source.directory, record.temporary)
        case .removeLines:
            try removeMovedLines(record, named: name, from: source, state: sourceState)
        }
        try removeRecord(name)
    }

    /// Locks the files at `locations` that exist, in real-path order (a file that no longer
    /// exists takes no part in finishing a killed move).
    func lockExisting(_ locations: [RealLocation]) throws(StoreError) -> [LockedFile] {
        var files: [LockedFile] = []
        for location in locations.sorted(by: {
            $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
        }) {
            let target = LockTarget(location: location, path: location.path, creating: false)
            do {
                files.append(try lockOne(target))
            } catch {
                guard error.errno == Errno.noSuchFile.rawValue else {
                    unlock(files)
                    throw error
                }
            }
        }
        return files
    }

    /// Takes a killed move's append out of its destination: a truncation when nothing follows
    /// it, else a rewrite without it (something was appended after it by hand).
    private func removeAppend(
        _ record: MoveRecord, from destination: LockedFile, bytes: [UInt8]
    ) throws(StoreError) {
        let start = Int(record.destinationLength)
        let end = start + record.tail.count
        if bytes.count == end {
            try truncatingBack(destination, to: record.destinationLength)()
            return
        }
        let state = try readState(destination, missingIsError: true)
        guard sameBytes(state.bytes, bytes) else { throw keptChanging(destination.path) }
        try keepingChanges(destination) { () throws(WriteFailure) in
            try replace(
                destination, with: .bytes(Array(bytes[..<start] + bytes[end...])),
                expecting: state)
        }
    }

    /// Removes the moved lines still in a source that was edited since the move was killed,
    /// through a new version whose inode the record notes first, so that a kill during this
    /// repair is recognised by the next command as finished.
    private func removeMovedLines(
        _ record: MoveRecord, named name: String, from source: LockedFile, state: FileState
    ) throws(StoreError) {
        let list = Self.remainingSource(record, bytes: state.bytes)
        // The old prepared version is of no use now (and its name may be taken again).
        try? sys.removeAt(source.directory, record.temporary)
        try keepingChanges(source) { () throws(WriteFailure) in
            let temporary = try prepareTemporary(source, with: .list(list), expecting: state)
            var updated = record
            updated.temporary = temporary.name
            updated.temporaryDevice = temporary.device
            updated.temporaryInode = temporary.inode
            do throws(StoreError) {
                _ = try writeRecord(updated, replacing: name)
            } catch {
                try? sys.removeAt(source.directory, temporary.name)
                throw WriteFailure.failed(error)
            }
            try commitTemporary(temporary, to: source, expecting: state)
        }
    }

    /// What a killed move needs, from its record and the files as they are now: the source's
    /// identity (`nil` when missing) and the destination's bytes (`nil` when missing).
    static func resolve(
        _ record: MoveRecord, source: FileIdentity?, destination: [UInt8]?
    ) -> MoveResolution {
        if let source, source.device == record.temporaryDevice,
            source.inode == record.temporaryInode
        {
            return .finished
        }
        let start = Int(record.destinationLength)
        let tail = record.tail
        guard let bytes = destination, bytes.count >= start, let source else {
            return .rollBack(cutAt: nil)
        }
        let present = bytes.count - start
        let landed =
            present >= tail.count
            && bytes.withUnsafeBytes { whole in
                tail.withUnsafeBytes { new in
                    guard let base = whole.baseAddress, let newBase = new.baseAddress else {
                        return tail.isEmpty
                    }
                    return sameMemory(base + start, newBase, tail.count)
                }
            }
        guard landed else {
            // Killed inside the append: the destination ends with a first part of it.
            let cut =
                present > 0 && present < tail.count
                && bytes[start...].elementsEqual(
                    tail[..<present])
            return .rollBack(cutAt: cut ? record.destinationLength : nil)
        }
        return source == record.sourceBefore ? .removeAppend : .removeLines
    }

    /// The source without the moved lines that are still in it (each moved line removes one
    /// equal line, or empties it when the move kept line numbers).
    static func remainingSource(_ record: MoveRecord, bytes: [UInt8]) -> TodoList {
        var list = TodoList(bytes: bytes)
        var taken = Set<Int>()
        for line in record.lines {
            guard
                let index = list.indices.first(where: {
                    !taken.contains($0) && list[$0].content.elementsEqual(line)
                })
            else { continue }
            taken.insert(index)
        }
        if record.blanks {
            for index in taken { list.replaceLine(at: index, with: []) }
        } else {
            list.removeLines(at: taken.sorted())
        }
        return list
    }

    /// `bytes`, just read from `path`, as the file will be once every pending move that
    /// concerns it is finished or taken back: the listing of a file whose move was killed
    /// shows every task once, and writes nothing. Without pending records (the usual case)
    /// this costs one failed `open`.
    func pendingView(of path: String, bytes: [UInt8]) -> [UInt8] {
        let listing = journalListing()
        guard !listing.isEmpty, let real = try? sys.realPath(path) else { return bytes }
        var view = bytes
        for name in pendingRecordNames(concerning: [real], in: listing) {
            guard let record = readRecord(name) else {
                if let bytes = readJournalFile(name), let splice = SpliceRecord(decoding: bytes) {
                    view = spliceView(of: real, bytes: view, record: splice)
                }
                continue
            }
            let isSource = record.source == real
            guard isSource || record.destination == real else { continue }
            let sourceStatus = try? sys.statusOfPath(record.source, true)
            let destination: [UInt8]? =
                isSource ? rawBytes(record.destination) : view
            let resolution = Self.resolve(
                record, source: sourceStatus.map(FileIdentity.init), destination: destination)
            switch resolution {
            case .finished:
                break
            case .rollBack(let cut):
                if !isSource, let cut { view = Array(view[..<Int(cut)]) }
            case .removeAppend:
                if !isSource {
                    let start = Int(record.destinationLength)
                    view = Array(view[..<start] + view[(start + record.tail.count)...])
                }
            case .removeLines:
                if isSource { view = Self.remainingSource(record, bytes: view).serialized() }
            }
        }
        return view
    }

    /// A file's bytes as they are, or `nil`.
    func rawBytes(_ path: String) -> [UInt8]? {
        guard let fd = try? sys.open(path, [], 0) else { return nil }
        defer { try? sys.close(fd) }
        return try? readAll(fd, path: path, operation: "read").bytes
    }
}
