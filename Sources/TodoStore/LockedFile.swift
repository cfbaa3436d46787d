import TodoPlatform
import TodoTxt

/// A todo file held under an exclusive `flock` on the file itself, with its directory open.
///
/// ``fd`` is the locked file, opened read-write when permitted (an append writes through it)
/// and read-only otherwise. After a rename replaced the file, ``FileStorage`` locks the new one
/// and updates ``fd``; an unlocked write (``FileStorage/write(_:bytes:)``) has no descriptor.
final class LockedFile {
    /// The path as the user named it (for messages).
    let path: String
    let location: RealLocation
    let directory: Int32
    /// The locked file, or -1 for an unlocked write.
    var fd: Int32
    /// Why the file could only be opened for reading (`nil` when ``fd`` is writable).
    var writeError: Errno?
    /// Whether a missing file is created when the lock is taken again.
    let creating: Bool
    /// Whether this command created the file (its directory is synced after the write).
    var created = false

    init(path: String, location: RealLocation, directory: Int32, fd: Int32, creating: Bool) {
        self.path = path
        self.location = location
        self.directory = directory
        self.fd = fd
        self.creating = creating
    }
}

/// A file to lock: where it really is, the path the user named, and whether a missing file is
/// created.
struct LockTarget {
    var location: RealLocation
    var path: String
    var creating: Bool
}

/// A synced temporary file beside the file it is to replace, not yet renamed over it.
struct TemporaryFile {
    /// Its name in the directory of the file it replaces.
    var name: String
    /// Its device and inode (the file's, once renamed).
    var device: UInt64
    var inode: UInt64
}

/// Why an atomic replace did not happen.
enum WriteFailure: Error {
    /// The file changed since it was read (and its content differs).
    case changed
    /// A system call failed.
    case failed(StoreError)
    /// The file was replaced, but syncing its directory failed: the new content is in place
    /// (and must not be taken back), its durability is not certain.
    case unsynced(StoreError)
}

/// The new content of a file: bytes, or a list whose unchanged runs are written straight from
/// the buffer it was read into.
enum Content {
    case bytes([UInt8])
    case list(TodoList)

    /// Calls `body` with the content's pieces, in order.
    func withPieces<Result>(_ body: ([UnsafeRawBufferPointer]) throws -> Result) rethrows -> Result
    {
        switch self {
        case .bytes(let bytes): try bytes.withUnsafeBytes { try body([$0]) }
        case .list(let list): try list.withSerializedPieces(body)
        }
    }

    /// Whether the content is exactly `bytes`, compared piece by piece.
    func isSame(as bytes: [UInt8]) -> Bool {
        withPieces { Content.isSame($0, as: bytes) }
    }

    /// Whether `pieces`, one after the other, are exactly `bytes` (a piece that is the very
    /// memory of `bytes` at its place compares at once).
    static func isSame(_ pieces: [UnsafeRawBufferPointer], as bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { whole in
            var offset = 0
            for piece in pieces {
                guard offset + piece.count <= whole.count else { return false }
                if piece.count > 0, let a = piece.baseAddress, let b = whole.baseAddress,
                    a != UnsafeRawPointer(b + offset), !sameMemory(a, b + offset, piece.count)
                {
                    return false
                }
                offset += piece.count
            }
            return offset == whole.count
        }
    }
}

/// What one attempt of a read-modify-write produced from the file it read.
struct Rewrite<Result> {
    /// The new content.
    var content: Content
    /// What the operation returns when this attempt is the one written.
    var result: Result
    /// Work that must happen only once the file is known unchanged and before it is replaced
    /// (a move's append to its destination). It returns how to take the work back, which
    /// happens when the replace then fails.
    var beforeReplace: (() throws(StoreError) -> Undo)? = nil
}

/// How to take back a write to another file (a move's append): called when the second write of
/// a move fails, so that nothing is left in two places.
typealias Undo = () throws(StoreError) -> Void
