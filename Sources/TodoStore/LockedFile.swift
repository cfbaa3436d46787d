/// A file whose sidecar lock is held, with its directory open.
final class LockedFile {
    /// The path as the user named it (for messages).
    let path: String
    let location: RealLocation
    let directory: Int32
    let lock: Int32

    init(path: String, location: RealLocation, directory: Int32, lock: Int32) {
        self.path = path
        self.location = location
        self.directory = directory
        self.lock = lock
    }
}

/// Why an atomic replace did not happen.
enum WriteFailure: Error {
    /// The file changed since it was read (and its content differs).
    case changed
    /// A system call failed.
    case failed(StoreError)
}
