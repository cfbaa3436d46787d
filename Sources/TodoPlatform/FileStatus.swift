#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat(2)` says about a file, in the platform's words translated to plain integers.
package struct FileStatus: Equatable, Sendable {
    /// What kind of file it is.
    package enum Kind: Equatable, Sendable {
        /// A regular file.
        case regular
        /// A directory.
        case directory
        /// A character device such as `/dev/null`.
        case characterDevice
        /// A symbolic link (only from calls that do not follow links).
        case symbolicLink
        /// Anything else (a FIFO, a socket, a block device).
        case other
    }

    /// The device the file is on.
    package var device: UInt64
    /// The inode number.
    package var inode: UInt64
    /// The size in bytes.
    package var size: Int64
    /// The last modification time: seconds and nanoseconds since the epoch.
    package var modified: (seconds: Int64, nanoseconds: Int64)
    /// The last status change time: seconds and nanoseconds since the epoch.
    package var changed: (seconds: Int64, nanoseconds: Int64)
    /// The kind of file.
    package var kind: Kind
    /// The permission bits (`0o7777` at most).
    package var permissions: UInt32
    /// The owner's user id.
    package var owner: UInt32
    /// The group id.
    package var group: UInt32

    /// Creates a status (for doubles).
    package init(
        device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0,
        modified: (seconds: Int64, nanoseconds: Int64) = (0, 0),
        changed: (seconds: Int64, nanoseconds: Int64) = (0, 0), kind: Kind = .regular,
        permissions: UInt32 = 0o644, owner: UInt32 = 0, group: UInt32 = 0
    ) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
        self.kind = kind
        self.permissions = permissions
        self.owner = owner
        self.group = group
    }

    /// Translates the C structure.
    init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
            // Darwin names the nanosecond times `st_mtimespec` and `st_ctimespec`.
            modified = (Int64(status.st_mtimespec.tv_sec), Int64(status.st_mtimespec.tv_nsec))
            changed = (Int64(status.st_ctimespec.tv_sec), Int64(status.st_ctimespec.tv_nsec))
        #else
            modified = (Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec))
            changed = (Int64(status.st_ctim.tv_sec), Int64(status.st_ctim.tv_nsec))
        #endif
        switch UInt32(status.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFREG): kind = .regular
        case UInt32(S_IFDIR): kind = .directory
        case UInt32(S_IFCHR): kind = .characterDevice
        case UInt32(S_IFLNK): kind = .symbolicLink
        default: kind = .other
        }
        permissions = UInt32(status.st_mode) & 0o7777
        owner = UInt32(status.st_uid)
        group = UInt32(status.st_gid)
    }

    /// Whether two statuses describe the same version of the same file: device, inode, size,
    /// modification and change times all equal.
    package static func == (lhs: FileStatus, rhs: FileStatus) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified == rhs.modified && lhs.changed == rhs.changed
            && lhs.kind == rhs.kind && lhs.permissions == rhs.permissions
            && lhs.owner == rhs.owner && lhs.group == rhs.group
    }
}
