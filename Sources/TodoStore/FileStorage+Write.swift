import TodoPlatform
import TodoTxt

extension FileStorage {
    /// Replaces a file atomically, as ``update(_:_:)`` does (temporary file in the same
    /// directory, mode kept, fsync, rename, directory fsync), but without a lock: for
    /// files that no other `todo` process edits, such as the temporary files git hands a merge
    /// driver or a repository's `.gitattributes`.
    public func write(_ path: String, bytes: [UInt8]) throws(StoreError) {
        let location = try locate(path)
        let directory = try call("write", path) { () throws(Errno) in
            try sys.open(location.directory, .directory, 0)
        }
        defer { try? sys.close(directory) }
        let file = LockedFile(
            path: path, location: location, directory: directory, fd: -1, creating: true)
        do {
            try rewrite(file, missingIsError: false) { _ in
                Rewrite(content: .bytes(bytes), result: ())
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(operation: "write", path: path, reason: "\(error)")
        }
    }

    /// The read-modify-write loop every change shares, written once: reads the file, asks
    /// `produce` for the new content, runs its ``Rewrite/beforeReplace`` step once the file is
    /// known unchanged, and replaces the file atomically unless the content is what it holds.
    /// When the file changed between the read and the rename (an editor that does not take the
    /// lock saved it), the step is taken back and everything starts again from a fresh read
    /// (under a lock on the new file when the editor renamed it), up to ``attempts`` times.
    func rewrite<Result>(
        _ file: LockedFile, missingIsError: Bool,
        _ produce: (FileState) throws -> Rewrite<Result>
    ) throws -> Result {
        for attempt in 0..<Self.attempts {
            if attempt > 0 { try revalidate(file) }
            let state = try readState(file, missingIsError: missingIsError)
            let plan = try produce(state)
            var undo: Undo?
            if let step = plan.beforeReplace {
                // Nothing is written anywhere if the file already changed.
                do {
                    guard try isUnchanged(file, since: state) else { continue }
                } catch {
                    if case .failed(let storeError) = error { throw storeError }
                    continue
                }
                undo = try step()
            }
            if state.identity != nil && plan.content.isSame(as: state.bytes) {
                return plan.result
            }
            do {
                try replace(file, with: plan.content, expecting: state)
                return plan.result
            } catch {
                if case .unsynced(let storeError) = error { throw storeError }
                // The step's write is taken back, so that nothing is in two places.
                try undo?()
                switch error {
                case .changed: continue
                case .failed(let storeError), .unsynced(let storeError): throw storeError
                }
            }
        }
        throw keptChanging(file.path)
    }
}
