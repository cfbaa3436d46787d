import TodoPlatform
import TodoTxt

/// Lines a store changed without reading the whole file, as told to a ``LineObserver``: one
/// stretch of neighbouring lines, each line with its terminator (line 0 with the file's byte
/// order mark), and the unchanged line on each side of it.
package struct ChangedLines: Equatable, Sendable {
    /// The 0-based index of the stretch's first line in the file before the change.
    package var firstLine: Int
    /// The lines as they were.
    package var before: [[UInt8]]
    /// The lines written instead (fewer when the file's last line was removed).
    package var after: [[UInt8]]
    /// The unchanged line just above the stretch; `nil` at the start of the file.
    package var above: [UInt8]?
    /// The unchanged line just below the stretch; `nil` at the end of the file.
    package var below: [UInt8]?
}

/// Told about a file a store changed line by line once the new content is in place: the path
/// as the caller named it and the changed stretches in file order.
package typealias LineObserver = (_ path: String, _ changes: [ChangedLines]) -> Void

/// A store that can change some lines of a file without holding the rest of it (see
/// ``TodoStorage/update(_:lines:_:)``).
package protocol LineUpdatingStorage: TodoStorage {
    /// Applies `edit` to a window onto the lines `indices` of the file (and their neighbours)
    /// under the lock, as ``TodoStorage/update(_:_:)`` does for the whole file.
    func updateLines<Result>(
        _ path: String, _ indices: Set<Int>, _ edit: (inout LineWindow) throws -> Result
    ) throws -> Result
}

extension TodoStorage {
    /// Applies `edit` under the lock to the lines `indices` of the file, as
    /// ``update(_:_:)`` applies an edit to the whole file: the same retries when another
    /// program changed the file, the same atomic replace. A store that can (``FileStorage``)
    /// reads the file only up to the last of those lines and copies the rest unread; an edit
    /// that needs more of the file (see ``LineWindow``) is called again on the whole of it.
    package func update<Result>(
        _ path: String, lines indices: Set<Int>, _ edit: (inout LineWindow) throws -> Result
    ) throws -> Result {
        if let store = self as? any LineUpdatingStorage {
            return try store.updateLines(path, indices, edit)
        }
        return try update(path) { list in try LineWindow.editing(&list, edit) }
    }
}

extension FileStorage: LineUpdatingStorage {
    package func updateLines<Result>(
        _ path: String, _ indices: Set<Int>, _ edit: (inout LineWindow) throws -> Result
    ) throws -> Result {
        try updateLines(path, indices, observing: nil, observingLines: nil, edit)
    }

    /// ``updateLines(_:_:_:)``, telling `observeLines` which lines it changed when it changed
    /// them without reading the whole file, and `observe` what it wrote when it rewrote the
    /// whole file instead.
    package func updateLines<Result>(
        _ path: String, _ indices: Set<Int>, observing observe: WriteObserver?,
        observingLines observeLines: LineObserver?, _ edit: (inout LineWindow) throws -> Result
    ) throws -> Result {
        let file = try lock(try locate(path), path: path, creating: false)
        defer { unlock([file]) }
        if let result = try patchLines(file, indices, observeLines, edit) { return result }
        // The file changed meanwhile, or the edit needs all of it.
        try revalidate(file)
        return try rewrite(file, missingIsError: true, observe: observe) { state in
            var list = TodoList(bytes: state.bytes)
            let result = try LineWindow.editing(&list, edit)
            return Rewrite(content: .list(list), result: result)
        }
    }

    /// One attempt at changing lines in place: reads the file up to the lines `indices` and
    /// their neighbours, lets `edit` change them, and writes the new version with the
    /// unchanged stretches copied from the old one inside the kernel. `nil` when the edit
    /// needs the whole file or the file changed meanwhile (nothing was written then).
    func patchLines<Result>(
        _ file: LockedFile, _ indices: Set<Int>, _ observe: LineObserver?,
        _ edit: (inout LineWindow) throws -> Result
    ) throws -> Result? {
        let fd = try call("read", file.path) { () throws(Errno) in
            try sys.openAt(file.directory, file.location.name, [], 0)
        }
        defer { try? sys.close(fd) }
        let status = try call("read", file.path) { () throws(Errno) in try sys.status(fd) }
        if status.kind == .directory { throw failure("read", file.path, .isDirectory) }
        guard status.kind == .regular else { return nil }
        var wanted: Set<Int> = [0]
        for index in indices where index >= 0 {
            wanted.formUnion([max(index - 1, 0), index, index + 1])
        }
        var result: Result?
        var edited: LineWindow.Partial?
        // An edit that appends is run again on a scan that went on to the file's end.
        for toEnd in [false, true] {
            let scan = try LineScan.read(
                fd, keeping: wanted, toEnd: toEnd, path: file.path, storage: self)
            if scan.lineCount != nil && scan.length != status.size { return nil }
            var window = LineWindow(lines: scan.lines, lineCount: scan.lineCount)
            do {
                result = try edit(&window)
            } catch is LineWindow.NeedsEnd where !toEnd {
                continue
            } catch is LineWindow.NeedsWholeFile, is LineWindow.NeedsEnd {
                return nil
            }
            guard case .partial(let partial) = window.backing else { return nil }
            edited = partial
            break
        }
        guard let result, let edited, let changes = LineScan.changes(edited) else { return nil }
        if changes.isEmpty { return result }
        let state = FileState(bytes: [], status: status)
        var complete = true
        do throws(WriteFailure) {
            let temporary = try prepareTemporary(file, expecting: state) { out throws(Errno) in
                complete = try writePatched(fd, length: status.size, edited, to: out)
            }
            guard complete else {
                try? sys.removeAt(file.directory, temporary.name)
                return nil
            }
            try commitTemporary(temporary, to: file, expecting: state, comparingBytes: false)
        } catch {
            switch error {
            case .changed: return nil
            case .failed(let storeError), .unsynced(let storeError): throw storeError
            }
        }
        observe?(file.path, changes)
        return result
    }

    /// Writes the file read through `source` (`length` bytes) to `destination` with the
    /// changed lines of `edited` put in and its appended lines after: the stretches between
    /// them are copied inside the kernel (``FileSystem/copyRange``), or read and written where
    /// that cannot be done. Returns `false` when the source ended early (someone shortened it
    /// meanwhile).
    func writePatched(
        _ source: Int32, length: Int64, _ edited: LineWindow.Partial, to destination: Int32
    ) throws(Errno) -> Bool {
        var copier = RangeCopier(source: source, destination: destination, sys: sys)
        let lines = edited.lines
        for index in lines.keys.sorted() {
            guard let line = lines[index] else { continue }
            let new = line.currentRaw
            if new == line.raw { continue }
            guard try copier.copy(upTo: line.offset) else { return false }
            try copier.write(new[...])
            copier.skip(to: line.offset + Int64(line.raw.count))
        }
        guard try copier.copy(upTo: length) else { return false }
        for line in edited.appended {
            try copier.write((line.content + line.terminator.bytes)[...])
        }
        return true
    }
}

/// Builds a file from stretches of another and new bytes, every write at an explicit offset:
/// stretches go through `copy_file_range` until it fails once, then through a buffer.
struct RangeCopier {
    let source: Int32
    let destination: Int32
    let sys: FileSystem
    /// Where the next stretch starts in the source.
    var from: Int64 = 0
    /// Where the next bytes go in the destination.
    var to: Int64 = 0
    /// Whether `copy_file_range` is still worth trying.
    var inKernel = true
    /// The buffer of copies done by reading and writing, made on first use.
    var buffer: [UInt8] = []

    init(source: Int32, destination: Int32, sys: FileSystem) {
        self.source = source
        self.destination = destination
        self.sys = sys
    }

    /// Copies the source from ``from`` up to `end`; `false` when the source ends first.
    mutating func copy(upTo end: Int64) throws(Errno) -> Bool {
        while from < end {
            let count = Int(min(end - from, 1 << 30))
            if inKernel {
                // Any failure (no such call, another file system, a file it cannot copy) or a
                // short count hands the rest to reads and writes, which report real errors.
                let copied = (try? sys.copyRange(source, from, destination, to, count)) ?? 0
                if copied == 0 {
                    inKernel = false
                    continue
                }
                from += Int64(copied)
                to += Int64(copied)
                continue
            }
            if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: 1 << 18) }
            let size = min(count, buffer.count)
            let position = from
            let outcome = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) in
                    try sys.readAt(
                        source, UnsafeMutableRawBufferPointer(rebasing: raw[..<size]), position)
                }
            }
            let got = try outcome.get()
            if got == 0 { return false }
            try write(buffer[..<got])
            from += Int64(got)
        }
        return true
    }

    /// Writes all of `bytes` at ``to`` and moves ``to`` past them.
    mutating func write(_ bytes: ArraySlice<UInt8>) throws(Errno) {
        var done = bytes.startIndex
        while done < bytes.endIndex {
            let position = to
            let outcome = bytes[done...].withUnsafeBytes { raw in
                Result { () throws(Errno) in try sys.writeAt(destination, raw, position) }
            }
            let wrote = try outcome.get()
            if wrote == 0 { throw Errno.ioError }
            done += wrote
            to += Int64(wrote)
        }
    }

    /// Continues the source at `offset` (after a stretch that was replaced).
    mutating func skip(to offset: Int64) {
        from = offset
    }
}
