import Glibc

/// What identifies one version of a file: if any of these differ, someone may have written it.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec
    var changed: timespec

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = status.st_mtim
        changed = status.st_ctim
    }

    static func == (lhs: FileIdentity, rhs: FileIdentity) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec
            && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec
            && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}

/// A file as it was read under the lock: its bytes and, when it existed, its identity, mode and
/// owner. A missing file has no identity and no bytes.
struct FileState {
    var bytes: [UInt8]
    var identity: FileIdentity?
    var mode: mode_t
    var owner: uid_t
    var group: gid_t

    /// The state of a file that does not exist.
    static let missing = FileState(bytes: [], identity: nil, mode: 0, owner: 0, group: 0)

    init(bytes: [UInt8], identity: FileIdentity?, mode: mode_t, owner: uid_t, group: gid_t) {
        self.bytes = bytes
        self.identity = identity
        self.mode = mode
        self.owner = owner
        self.group = group
    }

    init(bytes: [UInt8], status: stat) {
        self.init(
            bytes: bytes, identity: FileIdentity(status), mode: status.st_mode,
            owner: status.st_uid, group: status.st_gid)
    }
}

/// Whether two byte arrays are equal, compared with `memcmp` (fast even in debug builds).
func sameBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.withUnsafeBytes { left in
        rhs.withUnsafeBytes { right in
            guard let a = left.baseAddress, let b = right.baseAddress else { return true }
            return memcmp(a, b, left.count) == 0
        }
    }
}

/// The file type bits of a mode.
func fileType(_ mode: mode_t) -> mode_t { mode & S_IFMT }
