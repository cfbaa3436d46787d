import TodoPlatform
import TodoTxt

/// How one attempt of a move line by line ended.
private enum LineMoveOutcome {
    /// The move is complete.
    case done(LineMoveResult)
    /// A file was replaced while its lock was held: release everything and lock again.
    case restart
    /// The files are of a kind only the whole-file move handles, or the caller declined the
    /// move once the source was read: nothing was written.
    case notInPieces
}

extension FileStorage: LineMovingStorage {
    package func moveLines(
        from source: String, to destination: String,
        _ fate: (UnsafeRawBufferPointer) -> LineFate,
        moved: (UnsafeRawBufferPointer) -> Void
    ) throws -> Int {
        try moveLines(
            from: source, to: destination, observing: nil, observingLines: nil, fate,
            moved: moved)
    }

    package func moveLinesInPieces(
        from source: String, to destination: String?, matchingEarliest: Bool,
        _ fate: (Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> LineFate,
        accepting accept: () -> Bool
    ) throws -> LineMoveResult? {
        try moveLinesInPieces(
            from: source, to: destination, observingLines: nil, fate, accepting: accept)
    }

    /// ``moveLines(from:to:_:moved:)``, telling `observer` what it changed as it goes; when the
    /// files need the whole-file move (one file under two names, a device as destination),
    /// that runs instead and tells `observe` what it wrote.
    package func moveLines(
        from source: String, to destination: String, observing observe: WriteObserver?,
        observingLines observer: MoveObserver?,
        _ fate: (UnsafeRawBufferPointer) -> LineFate,
        moved: (UnsafeRawBufferPointer) -> Void
    ) throws -> Int {
        if let result = try moveLinesInPieces(
            from: source, to: destination, observingLines: observer,
            { _, content, _ in fate(content) })
        {
            // Told once both locks are released: a reader of the output that is slow (a
            // pager) must not keep other commands waiting.
            result.forEachMoved(moved)
            return result.movedCount
        }
        observer?.restart()
        let lines = try move(from: source, to: destination, observing: observe) { list in
            let lines = LineFate.apply(fate, to: &list)
            return (lines, lines)
        }
        for line in lines { line.withUnsafeBytes(moved) }
        return lines.count
    }

    /// ``TodoStorage/moveLinesInPieces(from:to:matchingEarliest:_:accepting:)``, telling
    /// `observer` what it changed as it goes; `nil` when the files need the whole-file move or
    /// `accept` said no (nothing is written then).
    ///
    /// The steps and the record are those of ``move(from:to:_:)``, so that a move killed on
    /// the way is finished or taken back the same way; only the source is read once, in
    /// pieces, its kept lines written to the new version as they come, and the destination
    /// only counted to its end.
    package func moveLinesInPieces(
        from source: String, to destination: String?, observingLines observer: MoveObserver?,
        _ fate: (Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> LineFate,
        accepting accept: () -> Bool = { true }
    ) throws -> LineMoveResult? {
        let sourceLocation = try locate(source)
        var targets = [LockTarget(location: sourceLocation, path: source, creating: false)]
        if let destination {
            let destinationLocation = try locate(destination)
            guard sourceLocation.path != destinationLocation.path,
                !isSameFile(sourceLocation, destinationLocation),
                !isCharacterDevice(destinationLocation)
            else { return nil }
            targets.append(
                LockTarget(location: destinationLocation, path: destination, creating: true))
        }
        for _ in 0..<Self.attempts {
            let files = try lockAll(targets)
            let outcome: LineMoveOutcome
            do {
                defer { unlock(files) }
                guard files.count == targets.count else { throw keptChanging(source) }
                outcome = try moveLinesOnce(
                    from: files[0], to: files.count > 1 ? files[1] : nil, observer: observer,
                    fate, accepting: accept)
            }
            switch outcome {
            case .done(let result): return result
            case .restart: continue
            case .notInPieces: return nil
            }
        }
        throw keptChanging(source)
    }

    /// One attempt of a move line by line, with both files locked.
    private func moveLinesOnce(
        from source: LockedFile, to destination: LockedFile?, observer: MoveObserver?,
        _ fate: (Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> LineFate,
        accepting accept: () -> Bool
    ) throws -> LineMoveOutcome {
        guard let (fd, state) = try openLockedForReading(source) else { return .restart }
        // Handed to the observer that keeps the old version, once the move is made.
        let keeper = observer?.matchesEarliest == true ? nil : observer?.keepSource
        var kept = false
        defer { if !kept { try? sys.close(fd) } }
        func done(_ result: LineMoveResult) -> LineMoveOutcome {
            if let keeper, let identity = state.identity {
                kept = true
                keeper(fd, identity.size, identity.modified)
            }
            return .done(result)
        }
        guard state.kind == .regular else { return .notInPieces }
        observer?.restart()
        // 1. The source's new version, synced but not yet in place.
        var scanned: MoveScan?
        let temporary: TemporaryFile
        do {
            temporary = try prepareTemporary(source, expecting: state) { out throws(Errno) in
                scanned = try MoveScan.run(
                    fd, path: source.path, length: state.identity?.size ?? 0, to: out,
                    store: self, fate: fate,
                    observe: observer?.removed, matchesEarliest: observer?.matchesEarliest ?? false,
                    referencing: keeper != nil)
            }
        } catch {
            switch error {
            case .changed: return .restart
            case .failed(let storeError), .unsynced(let storeError): throw storeError
            }
        }
        guard let scan = scanned else {
            try? sys.removeAt(source.directory, temporary.name)
            return .restart
        }
        guard accept(), scan.movedCount == 0 || destination != nil else {
            try? sys.removeAt(source.directory, temporary.name)
            return .notInPieces
        }
        guard scan.isChanged else {
            try? sys.removeAt(source.directory, temporary.name)
            return .done(LineMoveResult(scan: scan, destinationLineCount: nil))
        }
        guard let destination, scan.movedCount > 0 else {
            // Only lines taken out or replaced: a plain replace.
            do {
                try commitTemporary(temporary, to: source, expecting: state, comparingBytes: false)
            } catch {
                switch error {
                case .changed: return .restart
                case .failed(let storeError), .unsynced(let storeError): throw storeError
                }
            }
            return done(LineMoveResult(scan: scan, destinationLineCount: nil))
        }
        guard let end = try destinationEnd(destination), let before = state.identity else {
            try? sys.removeAt(source.directory, temporary.name)
            return .restart
        }
        let tail = TailWriter(scan: scan, shape: AppendShape(end))
        let record = MoveRecord(
            source: source.location.path, destination: destination.location.path,
            sourceBefore: before, temporary: temporary.name,
            temporaryDevice: temporary.device, temporaryInode: temporary.inode,
            destinationLength: Int64(end.length), tail: [], lines: [], blanks: scan.blanks)
        let finished = try recordAppendAndRename(
            record, temporary: temporary, from: source, to: destination, expecting: state,
            comparingBytes: false,
            fields: { writer throws(Errno) in try tail.writeRecordFields(to: &writer) },
            append: { writer throws(Errno) in try tail.write(to: &writer) })
        guard finished else { return .restart }
        if let observer { tail.tell(observer, end: end) }
        return done(
            LineMoveResult(scan: scan, destinationLineCount: end.lineCount + scan.movedCount))
    }

    /// The destination gone through to its end (see ``AppendScan``); `nil` when its name no
    /// longer leads to the locked inode or it changed while being read.
    private func destinationEnd(_ file: LockedFile) throws(StoreError) -> AppendScan? {
        guard let (fd, state) = try openLockedForReading(file) else { return nil }
        defer { try? sys.close(fd) }
        var scan = AppendScan()
        try readLines(fd, path: file.path, size: Int(state.identity?.size ?? 0)) { piece, _ in
            scan.take(UnsafeRawBufferPointer(piece))
            return true
        }
        return Int64(scan.length) == state.identity?.size ? scan : nil
    }
}

/// The bytes a move line by line appends to its destination, made from the moved lines'
/// contents as they are written (never held whole): for the record, for the destination and
/// for an observer.
private struct TailWriter {
    let scan: MoveScan
    let shape: AppendShape

    /// Calls `body` with the pieces of the append: the terminator the destination's open last
    /// line gets, then each moved line with its terminator (`line` tells where each begins).
    func forEachPiece(
        _ body: (UnsafeRawBufferPointer) -> Void, line: () -> Void = {}
    ) {
        var shape = self.shape
        scan.forEachMoved { content in
            let (closing, terminator) = shape.append(content)
            if let closing { closing.bytes.withUnsafeBytes(body) }
            line()
            body(content)
            terminator.bytes.withUnsafeBytes(body)
        }
    }

    /// The number of bytes appended.
    var count: Int {
        var total = 0
        forEachPiece { total += $0.count }
        return total
    }

    /// Writes the append through `writer`.
    func write(to writer: inout ChunkWriter) throws(Errno) {
        var failure: Errno?
        forEachPiece { piece in
            guard failure == nil else { return }
            writer.append(piece)
            writer.flushIfFull(keepingFailureIn: &failure)
        }
        if let failure { throw failure }
        try writer.flush()
    }

    /// Writes the record's `tail` field, and the `tail-lines` field that lets the moved lines
    /// be read back from it (see ``MoveRecord/lines``).
    func writeRecordFields(to writer: inout ChunkWriter) throws(Errno) {
        let closing = shape.closing?.bytes.count ?? 0
        writer.append(MoveRecord.fieldHeader("tail", count: count))
        try write(to: &writer)
        writer.append([0x0A])
        let digits = Array(String(closing).utf8)
        writer.append(MoveRecord.fieldHeader("tail-lines", count: digits.count) + digits + [0x0A])
        if !scan.sourceContents.isEmpty {
            // Some lines left the source as another content: the record lists every moved
            // line as the source holds it (see ``MoveRecord/lines``).
            var failure: Errno?
            var index = 0
            scan.forEachMoved { content in
                defer { index += 1 }
                guard failure == nil else { return }
                let line = scan.sourceContents[index].map { $0[...] } ?? Array(content)[...]
                writer.append(MoveRecord.fieldHeader("line", count: line.count))
                writer.append(line)
                writer.append([0x0A])
                writer.flushIfFull(keepingFailureIn: &failure)
            }
            if let failure { throw failure }
        }
        try writer.flush()
    }

    /// Tells `observer` about the append to a destination that `end` describes: the stretch
    /// from the bytes after its last line feed (an open last line, or a byte order mark alone),
    /// or from its end, and each line of the append.
    func tell(_ observer: MoveObserver, end: AppendScan) {
        var lastLines: [[UInt8]] = []
        var start = 0
        for (index, byte) in end.end.enumerated() where byte == 0x0A {
            lastLines.append(Array(end.end[start...index]))
            start = index + 1
        }
        let open = start < end.end.count ? Array(end.end[start...]) : nil
        let stretch = ChangedLines(
            firstLine: end.lineFeeds, before: open.map { [$0] } ?? [], after: [],
            above: lastLines.last, below: nil)
        observer.appended(stretch) { body in
            // The open line and its new terminator make the stretch's first line; a byte order
            // mark alone starts the first appended one.
            var pending: [UInt8] = open ?? []
            var started = false
            forEachPiece(
                { piece in pending.append(contentsOf: piece) },
                line: {
                    if started || pending.last == 0x0A {
                        pending.withUnsafeBytes(body)
                        pending.removeAll(keepingCapacity: true)
                    }
                    started = true
                })
            pending.withUnsafeBytes(body)
        }
    }
}
