import TodoPlatform

/// Bytes gathered in memory and written to a file at explicit offsets in pieces of about
/// 1 MiB: many short lines cost a few large writes, and nothing larger than a piece (or one
/// line) is ever held.
struct ChunkWriter {
    /// Writes the pieces.
    var copier: RangeCopier
    /// The bytes not written yet.
    var pending: [UInt8] = []
    /// How large the pending bytes grow before ``flushIfFull()`` writes them.
    static let pieceSize = 1 << 20

    /// A writer to `destination` from `offset` on.
    init(destination: Int32, at offset: Int64, sys: FileSystem) {
        copier = RangeCopier(source: -1, destination: destination, sys: sys)
        copier.to = offset
    }

    /// Adds `bytes` after what was added before.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        pending.append(contentsOf: bytes)
    }

    /// Adds `bytes` after what was added before.
    mutating func append(_ bytes: some Collection<UInt8>) {
        pending.append(contentsOf: bytes)
    }

    /// Writes the pending bytes once they fill a piece.
    mutating func flushIfFull() throws(Errno) {
        if pending.count >= Self.pieceSize { try flush() }
    }

    /// ``flushIfFull()`` for a body that cannot throw: a failure is kept in `failure`, and
    /// once one is kept nothing more is written (the caller throws it when the body is done).
    mutating func flushIfFull(keepingFailureIn failure: inout Errno?) {
        guard failure == nil else { return }
        do throws(Errno) {
            try flushIfFull()
        } catch {
            failure = error
        }
    }

    /// Writes the pending bytes.
    mutating func flush() throws(Errno) {
        guard !pending.isEmpty else { return }
        try copier.write(pending[...])
        pending.removeAll(keepingCapacity: true)
    }
}
