import TodoHistory
import TodoStore
import TodoTxt

/// A store that passes every call on to another one and remembers, for the files it watches
/// (the todo file and done.txt), their content before the command's first write and after its
/// last, so that the command's change can be recorded for `undo`.
///
/// A rewrite is seen inside the store's lock, as the lists before and after the edit, so its
/// record is exact and cheap (lines the edit did not touch compare at once). An `add` is recorded
/// from what the store reports of the file's end, so that it never reads a large file whole.
/// Other appends and the destination of a move are read just before they happen (another writer
/// slipping in between would have its change recorded too).
final class RecordingStorage: LineUpdatingStorage, LineMovingStorage {
    /// One version of a watched file.
    private enum Version {
        /// The bytes, as read.
        case bytes([UInt8])
        /// The list, as an edit left it.
        case list(TodoList)

        /// The bytes of the version.
        var bytes: [UInt8] {
            switch self {
            case .bytes(let bytes): bytes
            case .list(let list): list.serialized()
            }
        }
    }

    /// What is known of one watched file's change so far.
    private enum Record {
        /// The change of the file's only write, as the store told it (see ``WriteObserver``).
        case observed(FileChange)
        /// The file before the first write and after the last.
        case versions(before: Version, after: Version)
    }

    /// The store that does the work.
    let inner: any TodoStorage
    /// The paths whose changes are recorded.
    private let watched: Set<String>
    /// The watched files written so far, in the order first written.
    private var order: [String] = []
    /// What is known of each of them.
    private var records: [String: Record] = [:]
    /// The command's first write when it is an append told by its report (`add` on a file of
    /// any size), with the number of lines it added; turned into a full record by
    /// ``settleReported()`` when another write follows.
    private var reported: (path: String, report: AppendReport, added: Int)?
    /// The old version of the file a move took lines out of, when its record names them by
    /// where they lie there (see ``spans``).
    private var kept: KeptVersion?

    /// Wraps `inner`, watching `paths`.
    init(_ inner: any TodoStorage, watching paths: [String]) {
        self.inner = inner
        self.watched = Set(paths)
    }

    /// The change of each watched file that changed, in the order they were first written.
    var changes: [FileChange] {
        if let reported {
            let change = RecordingStorage.appendChange(reported)
            return change.isEmpty ? [] : [change]
        }
        return order.compactMap { path in
            let change: FileChange
            switch records[path] {
            case nil: return nil
            case .observed(let observed): change = observed
            case .versions(.list(let old), .list(let new)):
                change = FileChange(path: path, before: old, after: new)
            case .versions(let before, let after):
                change = FileChange(path: path, before: before.bytes, after: after.bytes)
            }
            return change.isEmpty ? nil : change
        }
    }

    /// Reads the lines that the records of ``changes`` name by where they lie in a file's
    /// old version (``FileChange/spans``), for as long as this store lives; `nil` when there
    /// are none.
    var spans: LineSpan.Reader? {
        kept.map { kept in { buffer, offset in kept.read(buffer, offset) } }
    }

    /// Notes one write of `path`, from its content before and after.
    private func saw(_ path: String, before: Version, after: Version) {
        switch records[path] {
        case nil:
            order.append(path)
            records[path] = .versions(before: before, after: after)
        case .versions(let first, _):
            records[path] = .versions(before: first, after: after)
        case .observed(let change):
            // Lines named by where they lie are read back first (none left: as if unknown).
            let held = change.spans.isEmpty ? change : spans.flatMap { change.readingSpans($0) }
            records[path] = .versions(
                before: .bytes(
                    held.map { RecordingStorage.undoing($0, on: before.bytes) } ?? before.bytes),
                after: after)
        }
    }

    /// Notes one write of `path` as the store told it: the bytes it read and the pieces it
    /// wrote. The first write of a file is recorded at once, small, without a copy of the file.
    private func observed(_ path: String, _ before: [UInt8], _ after: [UnsafeRawBufferPointer]) {
        guard watched.contains(path) else { return }
        guard records[path] != nil else {
            order.append(path)
            records[path] = .observed(FileChange(path: path, before: before, after: after))
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(after.reduce(0) { $0 + $1.count })
        for piece in after { bytes.append(contentsOf: piece) }
        saw(path, before: .bytes(before), after: .bytes(bytes))
    }

    /// The file before `change`, from the file as the change left it: a later write of the same
    /// file is then recorded from there (`current` itself when that cannot be told).
    private static func undoing(_ change: FileChange, on current: [UInt8]) -> [UInt8] {
        (try? change.undo(current: current)) ?? current
    }

    /// The file's bytes, or none when it cannot be read (missing).
    private func snapshot(_ path: String) -> [UInt8] {
        (try? inner.readBytes(path)) ?? []
    }

    /// The record of an append from its report: the lines it added, and the last old line
    /// when it got the newline it lacked.
    private static func appendChange(
        _ reported: (path: String, report: AppendReport, added: Int)
    ) -> FileChange {
        var lines = linesWithFeeds(reported.report.endBefore)
        var start = reported.report.lineCount - reported.added
        var before: [[UInt8]] = []
        var written = reported.report.written
        if let last = lines.last, last.last != 0x0A {
            start -= 1
            before = [last]
            written = last + written
            lines.removeLast()
        }
        let after = linesWithFeeds(written)
        guard !after.isEmpty else { return FileChange(path: reported.path, hunks: []) }
        return FileChange(
            path: reported.path,
            hunks: [
                Hunk(
                    beforeStart: start, afterStart: start, before: before, after: after,
                    aboveHash: start > 0 ? lines.last.map { LineHash(of: $0) } : nil,
                    belowHash: nil)
            ])
    }

    /// `bytes` cut after each LF (a last piece without one is a line too).
    private static func linesWithFeeds(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(Array(bytes[start...index]))
            start = index + 1
        }
        if start < bytes.count { lines.append(Array(bytes[start...])) }
        return lines
    }

    /// Turns a reported append into a full record before another write: the file's bytes
    /// now, and the same bytes without what the append wrote.
    private func settleReported() {
        guard let reported else { return }
        self.reported = nil
        let now = snapshot(reported.path)
        let written = reported.report.written
        let before =
            now.count >= written.count && now.suffix(written.count).elementsEqual(written)
            ? Array(now.dropLast(written.count)) : now
        saw(reported.path, before: .bytes(before), after: .bytes(now))
    }

    func read(_ path: String) throws(StoreError) -> TodoList { try inner.read(path) }

    func update<Result>(_ path: String, _ edit: (inout TodoList) throws -> Result) throws -> Result
    {
        guard watched.contains(path) else { return try inner.update(path, edit) }
        settleReported()
        if let files = inner as? FileStorage {
            return try files.update(path, observing: { self.observed($0, $1, $2) }, edit)
        }
        var seen: (before: TodoList, after: TodoList)?
        let result = try inner.update(path) { list in
            let before = list
            let result = try edit(&list)
            seen = (before, list)
            return result
        }
        if let seen { saw(path, before: .list(seen.before), after: .list(seen.after)) }
        return result
    }

    /// Changes lines as the inner store does, recording the change from the stretches it
    /// reports when this is the file's first write (later writes are recorded from the whole
    /// file, through ``update(_:_:)``).
    func updateLines<Result>(
        _ path: String, _ indices: Set<Int>, _ edit: (inout LineWindow) throws -> Result
    ) throws -> Result {
        guard watched.contains(path) else { return try inner.update(path, lines: indices, edit) }
        settleReported()
        guard records[path] == nil, let files = inner as? FileStorage else {
            return try update(path) { list in try LineWindow.editing(&list, edit) }
        }
        return try files.updateLines(
            path, indices, observing: { self.observed($0, $1, $2) },
            observingLines: { path, changes in
                let stretches = changes.map { change in
                    LineStretch(
                        firstLine: change.firstLine, before: change.before.map { $0[...] },
                        after: change.after.map { $0[...] }, above: change.above,
                        below: change.below)
                }
                self.order.append(path)
                self.records[path] = .observed(FileChange(path: path, stretches: stretches))
            }, edit)
    }

    @discardableResult
    func append(_ path: String, lines: [[UInt8]]) throws(StoreError) -> TodoList {
        guard watched.contains(path) else { return try inner.append(path, lines: lines) }
        settleReported()
        let before = snapshot(path)
        let list = try inner.append(path, lines: lines)
        let after = list.serialized()
        if order.isEmpty, after.starts(with: before) {
            let report = AppendReport(
                lineCount: list.count, endBefore: AppendReport.lastTwoLines(of: before),
                written: Array(after[before.count...]))
            reported = (path, report, lines.count)
        } else {
            saw(path, before: .bytes(before), after: .list(list))
        }
        return list
    }

    func appendReportingEnd(
        _ path: String, lines: [[UInt8]]
    ) throws(StoreError) -> AppendReport {
        guard watched.contains(path) else {
            return try inner.appendReportingEnd(path, lines: lines)
        }
        settleReported()
        if !order.isEmpty {
            // Not the first write: recorded in full, like any other.
            let before = snapshot(path)
            let list = try append(path, lines: lines)
            let after = list.serialized()
            let kept = after.starts(with: before) ? before.count : 0
            return AppendReport(
                lineCount: list.count, endBefore: AppendReport.lastTwoLines(of: before[..<kept]),
                written: Array(after[kept...]))
        }
        let report = try inner.appendReportingEnd(path, lines: lines)
        reported = (path, report, lines.count)
        return report
    }

    func move<Result>(
        from source: String, to destination: String,
        _ edit: (inout TodoList) throws -> (moved: [[UInt8]], result: Result)
    ) throws -> Result {
        settleReported()
        if let files = inner as? FileStorage {
            return try files.move(
                from: source, to: destination, observing: { self.observed($0, $1, $2) }, edit)
        }
        let destinationBefore = watched.contains(destination) ? snapshot(destination) : nil
        var seen: (before: TodoList, after: TodoList)?
        let result = try inner.move(from: source, to: destination) { list in
            let before = list
            let result = try edit(&list)
            seen = (before, list)
            return result
        }
        if let destinationBefore {
            saw(
                destination, before: .bytes(destinationBefore), after: .bytes(snapshot(destination))
            )
        }
        if let seen, watched.contains(source) {
            saw(source, before: .list(seen.before), after: .list(seen.after))
        }
        return result
    }

    /// Moves lines as the inner store does, recording both files' changes from the stretches
    /// it tells while it reads, without a copy of either file, when this is their first write
    /// (otherwise through ``move(from:to:_:)``, as any move).
    func moveLines(
        from source: String, to destination: String,
        _ fate: (UnsafeRawBufferPointer) -> LineFate, moved: (UnsafeRawBufferPointer) -> Void
    ) throws -> Int {
        settleReported()
        guard records[source] == nil, records[destination] == nil,
            let files = inner as? FileStorage
        else {
            return try moveWholeList(from: source, to: destination, fate, moved: moved)
        }
        return try recordingMove(from: source, to: destination) { observer in
            try files.moveLines(
                from: source, to: destination, observing: { self.observed($0, $1, $2) },
                observingLines: observer, fate, moved: moved)
        }
    }

    /// Moves lines in one pass as the inner store does, recording both files' changes from the
    /// stretches it tells, when this is their first write; `nil` (nothing done) otherwise.
    func moveLinesInPieces(
        from source: String, to destination: String?, matchingEarliest: Bool,
        _ fate: (Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> LineFate,
        accepting accept: () -> Bool
    ) throws -> LineMoveResult? {
        settleReported()
        guard records[source] == nil, destination.map({ records[$0] == nil }) ?? true,
            let files = inner as? FileStorage
        else { return nil }
        return try recordingMove(
            from: source, to: destination ?? source, matchingEarliest: matchingEarliest,
            keepingSource: destination == nil, recording: { $0 != nil }
        ) { observer in
            try files.moveLinesInPieces(
                from: source, to: destination, observingLines: observer, fate, accepting: accept)
        }
    }

    /// Runs a move of lines that `body` makes through the store with the observer it is given,
    /// and records both files' changes from what the observer was told (when `recording` says
    /// the move was made). When `keepingSource` (and no other move kept one), the source's
    /// removed lines are recorded by where they lie in its old version, which is kept open.
    private func recordingMove<Result>(
        from source: String, to destination: String, matchingEarliest: Bool = false,
        keepingSource: Bool = false, recording made: (Result) -> Bool = { _ in true },
        _ body: (MoveObserver) throws -> Result
    ) throws -> Result {
        var recorder = MoveRecorder(source: source, destination: destination)
        var version: KeptVersion?
        var observer = MoveObserver(
            restart: { recorder = MoveRecorder(source: source, destination: destination) },
            removed: { recorder.removed($0, moved: $1) },
            appended: { recorder.appended($0, forEachAfter: $1) })
        observer.matchesEarliest = matchingEarliest
        if keepingSource && kept == nil {
            observer.keepSource = { version = KeptVersion(fd: $0, size: $1, modified: $2) }
        }
        let result = try body(observer)
        guard made(result) else { return result }
        if let version { kept = version }
        for change in recorder.changes where watched.contains(change.path) {
            order.append(change.path)
            records[change.path] = .observed(change)
        }
        return result
    }

    func fileExists(_ path: String) -> Bool { inner.fileExists(path) }

    func directoryExists(_ path: String) -> Bool { inner.directoryExists(path) }

    func createFileIfMissing(_ path: String) throws(StoreError) {
        try inner.createFileIfMissing(path)
    }

    func createDirectory(_ path: String) throws(StoreError) { try inner.createDirectory(path) }

    func directoryEntries(_ path: String) throws(StoreError) -> [String] {
        try inner.directoryEntries(path)
    }

    func writeTemporaryFile(named name: String, bytes: [UInt8]) throws(StoreError) -> String {
        try inner.writeTemporaryFile(named: name, bytes: bytes)
    }

    func write(_ path: String, bytes: [UInt8]) throws(StoreError) {
        guard watched.contains(path) else { return try inner.write(path, bytes: bytes) }
        settleReported()
        let before = snapshot(path)
        try inner.write(path, bytes: bytes)
        saw(path, before: .bytes(before), after: .bytes(bytes))
    }

    func readBytes(_ path: String) throws(StoreError) -> [UInt8] { try inner.readBytes(path) }

    func removeFile(_ path: String) { inner.removeFile(path) }
}
