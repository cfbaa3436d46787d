import TodoPlatform

/// How far a killed splice got with one of its files.
enum SpliceStep: Equatable {
    /// The file is written as the splice meant.
    case written
    /// The file is as the splice found it, and its write can still be done.
    case pending
    /// Neither: the file was changed by hand since, before it was written (or its new version
    /// is gone); it is left as it is.
    case stuck

    /// The step of `file` of a record, from the file's identity now (`nil`: missing), whether
    /// its new version is still beside it, and whether the bytes a cut takes off are still in
    /// place.
    init(
        of file: SpliceRecord.File, now: FileIdentity?, temporaryExists: Bool, cutPending: Bool
    ) {
        switch file.write {
        case .rename(_, let device, let inode):
            if let now, now.device == device, now.inode == inode {
                self = .written
            } else if now == file.before {
                self = temporaryExists ? .pending : .stuck
            } else {
                // Changed since: after the rename when the new version is gone from beside it.
                self = temporaryExists ? .stuck : .written
            }
        case .cut:
            self = cutPending ? .pending : .written
        }
    }

    /// What each file of a killed splice needs: once any file is written, the others are
    /// finished too (`true` for those); when none is, nothing was written and the record and
    /// the new versions are simply removed (all `false`).
    static func toFinish(_ steps: [SpliceStep]) -> [Bool] {
        let anyWritten = steps.contains(.written)
        return steps.map { anyWritten && $0 == .pending }
    }
}

extension FileStorage {
    /// Writes the record of a splice of two files, `files` in the order they will be
    /// written: each as it was read (`state`), and either its new version or the length it is
    /// cut to. Returns the record's name, or `nil` without a usable journal.
    func writeSpliceRecord(
        _ files: [(file: LockedFile, state: FileState, write: SpliceWrite)]
    ) throws(StoreError) -> String? {
        guard files.count == 2, journal != nil else { return nil }
        var entries: [SpliceRecord.File] = []
        for file in files {
            guard let before = file.state.identity else { return nil }
            let write: SpliceRecord.Write
            switch file.write {
            case .rename(let temporary):
                write = .rename(
                    temporary: temporary.name, device: temporary.device, inode: temporary.inode)
            case .cut(let length, let fd):
                let end = before.size
                guard let hash = try fingerprint(fd, length..<end, path: file.file.path)
                else { return nil }
                write = .cut(length: length, end: end, hash: hash)
            }
            entries.append(
                SpliceRecord.File(path: file.file.location.path, before: before, write: write))
        }
        let record = SpliceRecord(files: entries)
        return try writeJournalFile(
            concerning: (entries[0].path, entries[1].path), record.encoded())
    }

    /// The fingerprint of the bytes `range` of the file read through `fd`; `nil` when the file
    /// ends first.
    func fingerprint(
        _ fd: Int32, _ range: Range<Int64>, path: String
    ) throws(StoreError) -> UInt64? {
        var hash = SpliceRecord.emptyFingerprint
        var buffer = [UInt8](repeating: 0, count: Int(min(range.count, 1 << 17)))
        var position = range.lowerBound
        while position < range.upperBound {
            let wanted = Int(min(Int64(buffer.count), range.upperBound - position))
            let outcome = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) in
                    let got = try sys.readAt(
                        fd, UnsafeMutableRawBufferPointer(rebasing: raw[..<wanted]), position)
                    SpliceRecord.fingerprint(
                        UnsafeRawBufferPointer(rebasing: raw[..<got]), into: &hash)
                    return got
                }
            }
            let got = try call("read", path) { () throws(Errno) in try outcome.get() }
            guard got > 0 else { return nil }
            position += Int64(got)
        }
        return hash
    }

    /// Finishes (or, when it wrote nothing, forgets) the splice of the record `name`, under the
    /// locks of both its files (taken here in real-path order; the caller holds none).
    func finishPendingSplice(_ name: String, _ first: SpliceRecord) throws(StoreError) {
        let files = try lockExisting(first.files.map { RealLocation(splitting: $0.path) })
        defer { unlock(files) }
        // Read again under the locks: another command may have finished it while we waited.
        guard let bytes = readJournalFile(name) else { return }
        guard let record = SpliceRecord(decoding: bytes) else {
            try removeRecord(name)
            return
        }
        let locked = record.files.map { file in
            files.first { $0.location == RealLocation(splitting: file.path) }
        }
        var steps: [SpliceStep] = []
        for (file, lockedFile) in zip(record.files, locked) {
            guard let lockedFile else {
                steps.append(.stuck)
                continue
            }
            steps.append(try step(of: file, locked: lockedFile))
        }
        for (index, finish) in SpliceStep.toFinish(steps).enumerated() {
            guard let file = locked[index] else { continue }
            switch record.files[index].write {
            case .rename(let temporary, _, _):
                if finish {
                    try call("write", file.path) { () throws(Errno) in
                        try sys.rename(file.directory, temporary, file.location.name)
                        try syncDirectory(file.directory)
                    }
                } else {
                    try? sys.removeAt(file.directory, temporary)
                }
            case .cut(let length, let end, _):
                guard finish else { continue }
                try cutOff(file, length..<end)
            }
        }
        try removeRecord(name)
    }

    /// How far the splice got with `file`, locked.
    private func step(
        of file: SpliceRecord.File, locked: LockedFile
    ) throws(StoreError) -> SpliceStep {
        try step(
            of: file, now: try? sys.statusAt(locked.directory, locked.location.name),
            temporary: file.write.temporary.flatMap { try? sys.statusAt(locked.directory, $0) },
            path: locked.path
        ) { () throws(StoreError) in try openLockedForReading(locked)?.0 }
    }

    /// How far the splice got with `file`, from its status now (`nil`: missing) and that of its
    /// new version beside it (`nil`: gone); `open` gives a descriptor to read it by (`nil`:
    /// none), asked for only when the bytes a cut takes off must be compared.
    private func step(
        of file: SpliceRecord.File, now: FileStatus?, temporary: FileStatus?, path: String,
        open: () throws(StoreError) -> Int32?
    ) throws(StoreError) -> SpliceStep {
        var temporaryExists = false
        var cutPending = false
        switch file.write {
        case .rename(_, let device, let inode):
            temporaryExists = temporary.map { $0.device == device && $0.inode == inode } ?? false
        case .cut(let length, let end, let hash):
            if let now, now.size >= end, let fd = try open() {
                defer { try? sys.close(fd) }
                cutPending = try fingerprint(fd, length..<end, path: path) == hash
            }
        }
        return SpliceStep(
            of: file, now: now.map(FileIdentity.init), temporaryExists: temporaryExists,
            cutPending: cutPending)
    }

    /// Takes the bytes `range` out of the locked file: a truncation when nothing follows them,
    /// else a rewrite without them (something was appended after them by hand).
    private func cutOff(_ file: LockedFile, _ range: Range<Int64>) throws(StoreError) {
        let size = try call("read", file.path) { () throws(Errno) in try sys.status(file.fd) }.size
        if size == range.upperBound {
            try truncatingBack(file, to: range.lowerBound)()
            return
        }
        let state = try readState(file, missingIsError: true)
        let bytes = state.bytes
        try keepingChanges(file) { () throws(WriteFailure) in
            try replace(
                file,
                with: .bytes(
                    Array(bytes[..<Int(range.lowerBound)] + bytes[Int(range.upperBound)...])),
                expecting: state)
        }
    }

    /// `bytes`, just read from the real path `real`, as they will be once the killed splice of
    /// `record` is finished (unchanged when it will not be).
    func spliceView(of real: String, bytes: [UInt8], record: SpliceRecord) -> [UInt8] {
        let steps = record.files.map { file in
            let directory = RealLocation(splitting: file.path).directory
            let step = try? self.step(
                of: file, now: try? sys.statusOfPath(file.path, true),
                temporary: file.write.temporary.flatMap {
                    try? sys.statusOfPath(directory + "/" + $0, true)
                },
                path: file.path
            ) { () throws(StoreError) in try? sys.open(file.path, [], 0) }
            return step ?? .stuck
        }
        let finish = SpliceStep.toFinish(steps)
        guard let index = record.files.firstIndex(where: { $0.path == real }), finish[index]
        else { return bytes }
        switch record.files[index].write {
        case .rename(let temporary, _, _):
            let location = RealLocation(splitting: real)
            return rawBytes(location.directory + "/" + temporary) ?? bytes
        case .cut(let length, let end, _):
            guard bytes.count >= Int(end) else { return bytes }
            return Array(bytes[..<Int(length)] + bytes[Int(end)...])
        }
    }
}

extension SpliceRecord.Write {
    /// The name of the new version a rename puts in place; `nil` for a cut.
    var temporary: String? {
        if case .rename(let temporary, _, _) = self { return temporary }
        return nil
    }
}

/// How a splice writes one of its files (see ``SpliceRecord/Write``).
enum SpliceWrite {
    /// Its new version is renamed over it.
    case rename(TemporaryFile)
    /// It is cut to this length (its bytes readable through the descriptor).
    case cut(Int64, fd: Int32)
}
