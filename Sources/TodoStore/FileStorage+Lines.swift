import TodoPlatform
import TodoTxt

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
                fd, keeping: wanted, toEnd: toEnd, size: status.size, path: file.path,
                storage: self)
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
