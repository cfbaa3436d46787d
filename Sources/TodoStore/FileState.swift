import TodoPlatform

/// What identifies one version of a file: if any of these differ, someone may have written it.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: (seconds: Int64, nanoseconds: Int64)
    var changed: (seconds: Int64, nanoseconds: Int64)

    init(_ status: FileStatus) {
        device = status.device
        inode = status.inode
        size = status.size
        modified = status.modified
        changed = status.changed
    }

    static func == (lhs: FileIdentity, rhs: FileIdentity) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified == rhs.modified && lhs.changed == rhs.changed
    }
}

/// A file as it was read under the lock: its bytes and, when it existed, its identity, kind,
/// permissions and owner. A missing file has no identity and no bytes.
struct FileState {
    var bytes: [UInt8]
    var identity: FileIdentity?
    var kind: FileStatus.Kind
    var permissions: UInt32
    var owner: UInt32
    var group: UInt32

    /// The state of a file that does not exist.
    static let missing = FileState(
        bytes: [], identity: nil, kind: .regular, permissions: 0, owner: 0, group: 0)

    init(
        bytes: [UInt8], identity: FileIdentity?, kind: FileStatus.Kind, permissions: UInt32,
        owner: UInt32, group: UInt32
    ) {
        self.bytes = bytes
        self.identity = identity
        self.kind = kind
        self.permissions = permissions
        self.owner = owner
        self.group = group
    }

    init(bytes: [UInt8], status: FileStatus) {
        self.init(
            bytes: bytes, identity: FileIdentity(status), kind: status.kind,
            permissions: status.permissions, owner: status.owner, group: status.group)
    }
}
