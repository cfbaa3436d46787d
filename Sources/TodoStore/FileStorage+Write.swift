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
        let file = LockedFile(path: path, location: location, directory: directory, lock: -1)
        defer { _ = sys.close(directory) }
        for _ in 0..<Self.attempts {
            let state = try readState(file, missingIsError: false)
            if state.identity != nil && sameBytes(bytes, state.bytes) { return }
            do {
                try replace(file, with: bytes, expecting: state)
                return
            } catch {
                switch error {
                case .changed: continue
                case .failed(let storeError): throw storeError
                }
            }
        }
        throw keptChanging(path)
    }
}
