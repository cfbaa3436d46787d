/// The file-level part of `todo check` once every stretch is scanned: which lines may repeat an
/// earlier one (their hashes agree), to be settled byte for byte by ``CheckReport``.
enum RepeatedLines {
    /// A line whose hash agrees with an earlier line's, and the first line with that hash
    /// (both 0-based in the file).
    struct Candidate: Sendable {
        var line: Int
        var first: Int
    }

    /// Every line whose hash agrees with an earlier line's (``HashPartitions/identity(_:)``),
    /// in line order. Each partition is matched on its own, in a table small enough to stay in
    /// the processor's cache; `together` runs the two halves of the partitions at once.
    static func candidates(
        _ scans: [CheckScan], offsets: [Int],
        together: ((() -> Void, () -> Void) -> Void)?
    ) -> [Candidate] {
        var low: [Candidate] = []
        var high: [Candidate] = []
        let middle = HashPartitions.count / 2
        if let together, scans.reduce(0, { $0 + $1.lineCount }) >= 1 << 14 {
            together(
                { high = match(middle..<HashPartitions.count, of: scans, offsets: offsets) },
                { low = match(0..<middle, of: scans, offsets: offsets) })
        } else {
            low = match(0..<HashPartitions.count, of: scans, offsets: offsets)
        }
        var all = low + high
        all.sort { $0.line < $1.line }
        return all
    }

    /// The candidates of the partitions `partitions`.
    private static func match(
        _ partitions: Range<Int>, of scans: [CheckScan], offsets: [Int]
    ) -> [Candidate] {
        var found: [Candidate] = []
        var largest = 0
        for partition in partitions {
            largest = max(largest, scans.reduce(0) { $0 + $1.hashes.count(in: partition) })
        }
        var capacity = 16
        while capacity < largest * 2 { capacity <<= 1 }
        // Slots hold an identity with the partition's number plus one in its low bits, and the
        // first line that has it: a slot is empty for a partition when its low bits differ, so
        // the table is cleared once, not once per partition.
        let keys = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: capacity)
        let lines = UnsafeMutableBufferPointer<Int>.allocate(capacity: capacity)
        keys.initialize(repeating: 0)
        defer {
            keys.deallocate()
            lines.deallocate()
        }
        for partition in partitions {
            let count = scans.reduce(0) { $0 + $1.hashes.count(in: partition) }
            if count < 2 { continue }
            var size = 16
            while size < count * 2 { size <<= 1 }
            let mask = size - 1
            let mark = UInt64(partition + 1)
            for (scan, offset) in zip(scans, offsets) {
                scan.hashes.forEachChunk(in: partition) { entries, firstLine in
                    let base = firstLine + offset
                    for entry in entries {
                        let key = entry & ~HashPartitions.distanceMask | mark
                        let line = base + Int(entry & HashPartitions.distanceMask)
                        var slot = Int(truncatingIfNeeded: entry >> 24) & mask
                        while keys[slot] & HashPartitions.distanceMask == mark && keys[slot] != key
                        {
                            slot = (slot + 1) & mask
                        }
                        if keys[slot] != key {
                            keys[slot] = key
                            lines[slot] = line
                        } else {
                            found.append(Candidate(line: line, first: lines[slot]))
                        }
                    }
                }
            }
        }
        return found
    }
}
