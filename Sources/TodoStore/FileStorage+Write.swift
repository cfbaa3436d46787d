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
        _ file: LockedFile, missingIsError: Bool, observe: WriteObserver? = nil,
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
            // The pieces are found once, for the comparison, the write and the observer.
            let outcome = plan.content.withPieces { pieces -> Swift.Result<Void, WriteFailure> in
                if state.identity != nil && Content.isSame(pieces, as: state.bytes) {
                    return .success(())
                }
                do throws(WriteFailure) {
                    try replace(file, pieces: pieces, expecting: state)
                } catch {
                    return .failure(error)
                }
                observe?(file.path, state.bytes, pieces)
                return .success(())
            }
            guard case .failure(let error) = outcome else { return plan.result }
            if case .unsynced(let storeError) = error { throw storeError }
            // The step's write is taken back, so that nothing is in two places.
            try undo?()
            switch error {
            case .changed: continue
            case .failed(let storeError), .unsynced(let storeError): throw storeError
            }
        }
        throw keptChanging(file.path)
    }
}

/// Told about each file a store rewrote or appended to, once the new content is in place: the
/// path as the caller named it, the bytes the store read, and the new content as the pieces it
/// wrote (pieces that lie inside the bytes read are those bytes, unchanged). The pointers are
/// valid only during the call.
package typealias WriteObserver = (
    _ path: String, _ before: [UInt8], _ after: [UnsafeRawBufferPointer]
) -> Void
