import TodoPlatform
import TodoTxt

/// One file of a splice, checked and ready to be written.
private struct SplicedFile {
    /// The plan's position in the caller's list.
    var plan: Int
    /// The locked file.
    var file: LockedFile
    /// A descriptor of it for reading, and its state when opened.
    var fd: Int32
    var state: FileState
    /// Where the splices are.
    var scan: SpliceScan
    /// The length to truncate to, when the file only loses the end of its last line or lines.
    var truncation: Int64?
    /// The new version, once written beside the file.
    var temporary: TemporaryFile?
    /// Whether the file ends up with at least as many lines as it has.
    var grows: Bool
}

extension FileStorage: LineSplicingStorage {
    package func spliceLines(
        _ plans: [SplicePlan], lines: inout some SpliceLines
    ) throws -> Bool {
        guard !plans.isEmpty else { return true }
        var targets: [LockTarget] = []
        for plan in plans {
            let location = try locate(plan.path)
            // One file under two names, a device or a missing file: not for this way.
            guard !targets.contains(where: { $0.location.path == location.path }),
                fileExists(plan.path), !isCharacterDevice(location)
            else { return false }
            targets.append(LockTarget(location: location, path: plan.path, creating: false))
        }
        let files = try lockAll(targets)
        defer { unlock(files) }
        guard files.count == plans.count else { return false }
        var spliced: [SplicedFile] = []
        defer {
            for file in spliced {
                try? sys.close(file.fd)
                if let temporary = file.temporary {
                    try? sys.removeAt(file.file.directory, temporary.name)
                }
            }
        }
        // 1. Every splice of every file found in place, before anything is written.
        for (number, plan) in plans.enumerated() {
            guard let (fd, state) = try openLockedForReading(files[number]) else { return false }
            let size = state.identity?.size ?? 0
            guard state.kind == .regular,
                let scan = try SpliceScan.locate(
                    plan.splices, plan: number, in: fd, size: size, path: plan.path,
                    storage: self, lines: &lines)
            else {
                try? sys.close(fd)
                return false
            }
            let removed = plan.splices.reduce(0) { $0 + $1.expectedCount }
            let added = plan.splices.reduce(0) { $0 + $1.replacementCount }
            let cut = try truncation(
                plan.splices, plan: number, scan, files[number], fd, lines: &lines)
            spliced.append(
                SplicedFile(
                    plan: number, file: files[number], fd: fd, state: state, scan: scan,
                    truncation: cut, temporary: nil, grows: added >= removed))
        }
        // 2. The new versions beside the files.
        for index in spliced.indices where spliced[index].truncation == nil {
            let file = spliced[index]
            var complete = true
            let temporary: TemporaryFile
            do {
                temporary = try prepareTemporary(file.file, expecting: file.state) {
                    out throws(Errno) in
                    complete = try writeSpliced(
                        file.fd, plan: file.plan, file.scan, to: out, lines: &lines)
                }
            } catch {
                switch error {
                case .changed: return false
                case .failed(let storeError), .unsynced(let storeError): throw storeError
                }
            }
            spliced[index].temporary = temporary
            // Shortened meanwhile by a program that does not lock.
            guard complete else { return false }
        }
        // 3. In place, those that gain lines first (``writeTogether(_:comparingBytes:)``,
        // which takes the new versions over).
        let order =
            spliced.indices.filter { spliced[$0].grows }
            + spliced.indices.filter { !spliced[$0].grows }
        var writes: [FileWrite] = []
        for index in order {
            let file = spliced[index]
            if let length = file.truncation {
                writes.append((file.file, file.state, .cut(length, fd: file.fd)))
            } else if let temporary = file.temporary {
                writes.append((file.file, file.state, .rename(temporary)))
                spliced[index].temporary = nil
            }
        }
        return try writeTogether(writes, comparingBytes: false)
    }

    /// Opens a locked file by its name for reading: the descriptor and the file's state (no
    /// bytes read); `nil` when the name no longer leads to the locked inode.
    ///
    /// - Throws: The store's error when the file cannot be opened or is a directory.
    func openLockedForReading(_ file: LockedFile) throws(StoreError) -> (Int32, FileState)? {
        let fd = try call("read", file.path) { () throws(Errno) in
            try sys.openAt(file.directory, file.location.name, [], 0)
        }
        do throws(StoreError) {
            let status = try call("read", file.path) { () throws(Errno) in try sys.status(fd) }
            if status.kind == .directory { throw failure("read", file.path, .isDirectory) }
            let held = try call("read", file.path) { () throws(Errno) in
                try sys.status(file.fd)
            }
            guard held.device == status.device, held.inode == status.inode else {
                try? sys.close(fd)
                return nil
            }
            return (fd, FileState(bytes: [], status: status))
        } catch {
            try? sys.close(fd)
            throw error
        }
    }

    /// The length the file is cut to when its one splice ends it and its new lines are the
    /// start of what they replace (an append taken back: the appended lines, and the line
    /// feed a last line got), compared with the file's bytes there; `nil` when the file must be
    /// written anew.
    private func truncation(
        _ splices: [LineSplice], plan: Int, _ scan: SpliceScan, _ file: LockedFile, _ fd: Int32,
        lines: inout some SpliceLines
    ) throws(StoreError) -> Int64? {
        guard splices.count == 1, let splice = splices.first, !splice.hasBelow,
            splice.replacementCount <= splice.expectedCount, let region = scan.regions.first,
            region.upperBound == scan.length, file.writeError == nil
        else { return nil }
        var kept = region.lowerBound
        var same = true
        var piece: [UInt8] = []
        do throws(Errno) {
            try lines.replacement(plan: plan, splice: 0) { line throws(Errno) in
                guard same else { return }
                if piece.count < line.count { piece = [UInt8](repeating: 0, count: line.count) }
                let position = kept
                let outcome = piece.withUnsafeMutableBytes { raw in
                    Result { () throws(Errno) in
                        try sys.readAt(
                            fd, UnsafeMutableRawBufferPointer(rebasing: raw[..<line.count]),
                            position)
                    }
                }
                let got = try outcome.get()
                same = got == line.count && piece[..<got].elementsEqual(line)
                kept += Int64(line.count)
            }
        } catch {
            throw failure("read", file.path, error)
        }
        return same && kept <= region.upperBound ? kept : nil
    }

    /// Writes the file read through `source` to `destination` with each splice's region
    /// replaced by its new lines, the new lines gathered into large writes: a long unchanged
    /// stretch is copied inside the kernel (``RangeCopier``), a short one (between nearby
    /// splices, where a call per stretch would cost more than the bytes) read through a buffer
    /// with its neighbours. Returns `false` when the source ended early.
    private func writeSpliced(
        _ source: Int32, plan: Int, _ scan: SpliceScan, to destination: Int32,
        lines: inout some SpliceLines
    ) throws(Errno) -> Bool {
        var writer = ChunkWriter(destination: destination, at: 0, sys: sys)
        writer.copier = RangeCopier(source: source, destination: destination, sys: sys)
        var block = SourceBlock(source: source, sys: sys)
        /// Copies the source from where the copier stands up to `end`.
        func copy(upTo end: Int64) throws(Errno) -> Bool {
            let from = writer.copier.from
            guard from < end else { return true }
            if end - from < SourceBlock.size {
                guard try block.append(from..<end, to: &writer) else { return false }
                writer.copier.skip(to: end)
                return true
            }
            try writer.flush()
            return try writer.copier.copy(upTo: end)
        }
        for (number, region) in scan.regions.enumerated() {
            guard try copy(upTo: region.lowerBound) else { return false }
            try lines.replacement(plan: plan, splice: number) { line throws(Errno) in
                writer.append(line)
                try writer.flushIfFull()
            }
            writer.copier.skip(to: region.upperBound)
        }
        guard try copy(upTo: scan.length) else { return false }
        try writer.flush()
        return true
    }
}

/// A window of a file read in blocks, from which short stretches are handed to a writer.
private struct SourceBlock {
    /// The block size; stretches shorter than it are read through it.
    static let size: Int64 = 1 << 20

    let source: Int32
    let sys: FileSystem
    /// The bytes of the block, which start at `start` in the file.
    var bytes: [UInt8] = []
    var start: Int64 = 0

    init(source: Int32, sys: FileSystem) {
        self.source = source
        self.sys = sys
    }

    /// Appends the file's bytes `range` to `writer`; `false` when the file ends first.
    mutating func append(_ range: Range<Int64>, to writer: inout ChunkWriter) throws(Errno) -> Bool
    {
        var position = range.lowerBound
        while position < range.upperBound {
            if position < start || position >= start + Int64(bytes.count) {
                guard try read(at: position) else { return false }
            }
            let from = Int(position - start)
            let to = Int(min(range.upperBound, start + Int64(bytes.count)) - start)
            writer.append(bytes[from..<to])
            try writer.flushIfFull()
            position += Int64(to - from)
        }
        return true
    }

    /// Reads the block that starts at `position`; `false` at the file's end.
    private mutating func read(at position: Int64) throws(Errno) -> Bool {
        if bytes.count != Int(Self.size) { bytes = [UInt8](repeating: 0, count: Int(Self.size)) }
        let outcome = bytes.withUnsafeMutableBytes { raw in
            Result { () throws(Errno) in try sys.readAt(source, raw, position) }
        }
        let got = try outcome.get()
        start = position
        if got < bytes.count { bytes.removeLast(bytes.count - got) }
        return got > 0
    }
}
