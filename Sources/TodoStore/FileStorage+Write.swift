import Glibc
import TodoTxt

extension FileStorage {
    /// Replaces a file atomically, as ``update(_:_:)`` does (temporary file in the same
    /// directory, mode kept, fsync, rename, directory fsync), but without the sidecar lock: for
    /// files that no other `todo` process edits, such as the temporary files git hands a merge
    /// driver or a repository's `.gitattributes`, where a `.NAME.lock` file would be litter.
    public func write(_ path: String, bytes: [UInt8]) throws(StoreError) {
        let location = try locate(path)
        let directory = sys.open(location.directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard directory >= 0 else { throw failure("write", path, errno) }
        defer { _ = sys.close(directory) }
        let file = LockedFile(path: path, location: location, directory: directory, lock: -1)
        do {
            try rewrite(file, missingIsError: false) { _ in (bytes, ()) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(operation: "write", path: path, reason: "\(error)")
        }
    }

    /// The read, produce, replace cycle every rewrite shares: reads the file, asks `produce` for
    /// the new bytes, and replaces the file atomically unless they are the bytes it holds; when
    /// the file changed between the read and the rename, starts again (storage.md rule 4).
    func rewrite<Result>(
        _ file: LockedFile, missingIsError: Bool,
        _ produce: (FileState) throws -> (bytes: [UInt8], result: Result)
    ) throws -> Result {
        for _ in 0..<Self.attempts {
            let state = try readState(file, missingIsError: missingIsError)
            let (bytes, result) = try produce(state)
            if state.identity != nil && sameBytes(bytes, state.bytes) { return result }
            do {
                try replace(file, with: bytes, expecting: state)
                return result
            } catch {
                switch error {
                case .changed: continue
                case .failed(let storeError): throw storeError
                }
            }
        }
        throw keptChanging(file.path)
    }
}
