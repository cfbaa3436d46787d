/// The hashes of a stretch's non-blank lines, spread over partitions by their high bits as they
/// come, each partition in line order: a partition is small enough for the duplicate rule to
/// match it in a table that stays in the processor's cache (``RepeatedLines``).
///
/// A line takes eight bytes: 40 more bits of its hash (with the partition's 6, a 46-bit
/// identity, see ``identity(_:)``) and, in the low 24 bits, its distance from the first line of
/// its chunk. Sixty-four partitions: the places the scan writes to, one per partition, stay in
/// the processor's first cache while the file streams through it (with 256, a check of 100,000
/// lines took 3% longer on one processor), and a partition of a million lines' file is still
/// matched in tables of 512 KiB, well inside the second cache. Chunks of 128 lines are never
/// moved once written, so a partition grows without copying. The chunks are cut one after
/// another from large blocks rather than allocated one by one: a block's pages are touched only
/// as its chunks fill, and the allocator is not asked to grow its heap a page at a time (which
/// a second thread's heap does with one system call per page). Small chunks keep the pages
/// touched close to the lines held when each partition has only a few hundred lines. Only the
/// scan that makes the partitions adds to them; everyone else reads them once the scan is done.
final class HashPartitions: @unchecked Sendable {
    /// How many high bits of a hash choose its partition.
    static let bits = 6
    /// The number of partitions.
    static let count = 1 << bits

    private static let chunkSize = 128
    /// The entries of the first block (32 chunks, 32 KiB, for a small file) and of the others
    /// (256 KiB, which the allocator maps on its own).
    private static let firstBlockSize = 1 << 12
    private static let blockSize = 1 << 15
    static let distanceBits: UInt64 = 24
    static let distanceMask: UInt64 = (1 << distanceBits) - 1

    /// One chunk: its entries, how many there are, and the line the distances count from.
    private struct Chunk {
        var entries: UnsafeMutablePointer<UInt64>?
        var count = 0
        var firstLine = 0
    }

    /// The chunk each partition adds to.
    private let current: UnsafeMutablePointer<Chunk>
    /// The full chunks of each partition, in order.
    private var full: [[Chunk]] = Array(repeating: [], count: HashPartitions.count)
    /// The blocks the chunks are cut from; the last one is being cut.
    private var blocks: [UnsafeMutablePointer<UInt64>] = []
    /// Where the next chunk of the last block starts, and the entries left after it.
    private var nextChunk: UnsafeMutablePointer<UInt64>?
    private var left = 0

    init() {
        current = .allocate(capacity: Self.count)
        current.initialize(repeating: Chunk(), count: Self.count)
    }

    deinit {
        for block in blocks { block.deallocate() }
        current.deallocate()
    }

    /// The part of `hash` an entry keeps, in its high 40 bits: the 40 bits below those that
    /// choose the partition (so that two entries of one partition agree on 46 bits).
    @inline(__always)
    static func identity(_ hash: UInt64) -> UInt64 {
        (hash << UInt64(bits)) & ~distanceMask
    }

    /// Adds the line `line` (counted from 0 in the stretch, in increasing order) whose hash is
    /// `hash`.
    @inline(__always)
    func append(_ hash: UInt64, line: Int) {
        let partition = Int(truncatingIfNeeded: hash >> UInt64(64 - Self.bits))
        let chunk = current + partition
        var distance = UInt64(truncatingIfNeeded: line &- chunk.pointee.firstLine)
        if chunk.pointee.count == Self.chunkSize || distance > Self.distanceMask
            || chunk.pointee.entries == nil
        {
            start(partition, at: line)
            distance = 0
        }
        chunk.pointee.entries?[chunk.pointee.count] = Self.identity(hash) | distance
        chunk.pointee.count += 1
    }

    private func start(_ partition: Int, at line: Int) {
        if current[partition].entries != nil { full[partition].append(current[partition]) }
        if left == 0 {
            let size = blocks.isEmpty ? Self.firstBlockSize : Self.blockSize
            let block = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
            blocks.append(block)
            nextChunk = block
            left = size
        }
        current[partition] = Chunk(entries: nextChunk, count: 0, firstLine: line)
        nextChunk = nextChunk.map { $0 + Self.chunkSize }
        left -= Self.chunkSize
    }

    /// How many lines partition `index` holds.
    func count(in index: Int) -> Int {
        full[index].reduce(current[index].count) { $0 + $1.count }
    }

    /// Calls `body` with the entries of each chunk of partition `index` in line order, and the
    /// line their distances count from: an entry is an identity (``identity(_:)``) in its high
    /// bits and a distance in its low ``distanceBits``.
    @inline(__always)
    func forEachChunk(
        in index: Int, _ body: (_ entries: UnsafeBufferPointer<UInt64>, _ firstLine: Int) -> Void
    ) {
        for chunk in full[index] {
            body(UnsafeBufferPointer(start: chunk.entries, count: chunk.count), chunk.firstLine)
        }
        let chunk = current[index]
        body(UnsafeBufferPointer(start: chunk.entries, count: chunk.count), chunk.firstLine)
    }
}
