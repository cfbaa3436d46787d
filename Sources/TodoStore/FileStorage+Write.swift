import TodoPlatform
import TodoTxt

extension FileStorage {
    /// Replaces a file atomically, as ``update(_:_:)`` does (temporary file in the same
    /// directory, mode kept, fsync, rename, directory fsync), but without the sidecar lock: for
    /// files that no other `todo` process edits, such as the temporary files git hands a merge
    /// driver or a repository's `.gitattributes`, where a `.NAME.lock` file would be litter.
    public func write(_ path: String, bytes: [UInt8]) throws(StoreError) {
        let location = try locate(path)
        let directory = try call("write", path) { () throws(Errno) in
            try sys.open(location.directory, .directory, 0)
        }
        defer { try? sys.close(directory) }
        let file = LockedFile(path: path, location: location, directory: directory, lock: -1)
        do {
            try rewrite(file, missingIsError: false) { _ in Rewrite(bytes: bytes, result: ()) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(operation: "write", path: path, reason: "\(error)")
        }
    }

    /// The read-modify-write loop every change shares, written once: reads the file, asks
    /// `produce` for the new bytes, runs its ``Rewrite/beforeReplace`` step once the file is
    /// known unchanged, and replaces the file atomically unless the bytes are the ones it holds.
    /// When the file changed between the read and the rename (an editor that does not take the
    /// lock saved it), everything starts again from a fresh read, up to ``attempts`` times.
    func rewrite<Result>(
        _ file: LockedFile, missingIsError: Bool,
        _ produce: (FileState) throws -> Rewrite<Result>
    ) throws -> Result {
        for _ in 0..<Self.attempts {
            let state = try readState(file, missingIsError: missingIsError)
            let plan = try produce(state)
            if let step = plan.beforeReplace {
                // Nothing is written anywhere if the file already changed.
                do {
                    guard try isUnchanged(file, since: state) else { continue }
                } catch {
                    if case .failed(let storeError) = error { throw storeError }
                    continue
                }
                try step()
            }
            if state.identity != nil && sameBytes(plan.bytes, state.bytes) { return plan.result }
            do {
                try replace(file, with: plan.bytes, expecting: state)
                return plan.result
            } catch {
                switch error {
                case .changed:
                    guard plan.beforeReplace != nil else { continue }
                    throw StoreError(
                        operation: "write", path: file.path,
                        reason:
                            "the file changed while lines were being moved; they were copied but not removed"
                    )
                case .failed(let storeError): throw storeError
                }
            }
        }
        throw keptChanging(file.path)
    }
}
