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

/// What one attempt of a read-modify-write produced from the file it read.
struct Rewrite<Result> {
    /// The new content.
    var bytes: [UInt8]
    /// What the operation returns when this attempt is the one written.
    var result: Result
    /// Work that must happen only once the file is known unchanged and before it is replaced
    /// (a move's append to its destination). When it ran, a later change of the file is an
    /// error rather than a reason to try again, since the work cannot be taken back.
    var beforeReplace: (() throws(StoreError) -> Void)? = nil
}
