import TodoPlatform
import TodoStore
import TodoTxt

/// The version of a file that a move replaced, kept open after the rename so that the lines
/// its record names by where they lie (``LineSpan``) are read from it when the history is
/// written, instead of being held until then.
final class KeptVersion {
    /// The descriptor of the old version, owned.
    private let fd: Int32
    /// Its size and modification time as the move read it.
    private let size: Int64
    private let modified: (seconds: Int64, nanoseconds: Int64)
    private let fileSystem = FileSystem.live

    /// Takes over `fd`, the old version as the move read it (`size` bytes, modified at
    /// `modified`).
    init(fd: Int32, size: Int64, modified: (seconds: Int64, nanoseconds: Int64)) {
        self.fd = fd
        self.size = size
        self.modified = modified
    }

    deinit { try? fileSystem.close(fd) }

    /// Fills `buffer` with the old version's bytes at `offset` (a ``LineSpan/Reader``):
    /// `false` when they cannot be read or the version was written since the move read it
    /// (through another name of the same file).
    func read(_ buffer: UnsafeMutableRawBufferPointer, _ offset: Int64) -> Bool {
        guard LineSpan.fill(buffer, at: offset, from: fd, fileSystem),
            let status = try? fileSystem.status(fd)
        else { return false }
        return status.size == size && status.modified == modified
    }
}
