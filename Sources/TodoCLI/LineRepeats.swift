import TodoHistory
import TodoPlatform

/// Which lines of a file repeat an earlier line, told line by line while the file is read once
/// in order, without holding it: each distinct line is kept as a 64-bit hash and the offset
/// where it first appears, and a line whose hash was seen before is compared byte for byte
/// with that earlier line, read back from the file (lines whose hashes collide are kept apart).
final class LineRepeats {
    /// The file the earlier lines are read back from.
    private let path: String
    private var fd: Int32?
    private let fileSystem = FileSystem.live
    /// The first offset of each hash.
    private var first: [UInt64: Int64] = [:]
    /// The first offsets of other lines with a hash already in ``first``.
    private var collided: [UInt64: [Int64]] = [:]
    /// The bytes of lines found repeated once, by hash, so that their next repeats are
    /// compared without reading the file (at most ``knownBudget`` bytes of them).
    private var known: [UInt64: [UInt8]] = [:]
    private var knownBytes = 0
    private static let knownBudget = 8 << 20
    /// Set when an earlier line could not be read back: the answers are not to be trusted.
    private(set) var failed = false

    /// Repeats in the file at `path`, read back through a descriptor of its own.
    init(path: String) {
        self.path = path
    }

    deinit { if let fd { try? fileSystem.close(fd) } }

    /// Forgets every line (the file is read again from its start).
    func reset() {
        if let fd { try? fileSystem.close(fd) }
        fd = try? fileSystem.open(path, [], 0)
        failed = fd == nil
        first = [:]
        collided = [:]
        known = [:]
        knownBytes = 0
    }

    /// Whether `line` (its bytes without the line feed), which starts at `offset`, repeats an
    /// earlier line; a line that does not is remembered.
    func isRepeat(_ line: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
        let hash = LineHash(of: line).value
        guard let earlier = first[hash] else {
            first[hash] = offset
            return false
        }
        if let bytes = known[hash], bytes.elementsEqual(line) { return true }
        if isSame(line, at: earlier) {
            if known[hash] == nil && knownBytes + line.count <= Self.knownBudget {
                known[hash] = Array(line)
                knownBytes += line.count
            }
            return true
        }
        for other in collided[hash, default: []] where isSame(line, at: other) { return true }
        collided[hash, default: []].append(offset)
        return false
    }

    /// Whether the line at `offset` holds the bytes of `line` and ends after them.
    private func isSame(_ line: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
        guard let fd else { return false }
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: line.count + 1, alignment: 1)
        defer { buffer.deallocate() }
        var count = 0
        while count < buffer.count {
            let piece = UnsafeMutableRawBufferPointer(rebasing: buffer[count...])
            guard let read = try? fileSystem.readAt(fd, piece, offset + Int64(count)) else {
                failed = true
                return false
            }
            if read == 0 { break }
            count += read
        }
        guard count >= line.count else {
            failed = true
            return false
        }
        return (count == line.count || buffer[line.count] == 0x0A)
            && buffer.prefix(line.count).elementsEqual(line)
    }
}
