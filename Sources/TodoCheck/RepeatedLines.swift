/// The file-level part of `todo check` once every stretch is scanned: which lines may repeat an
/// earlier one (their hashes are equal), and, when some may or when the file mixes line ends,
/// one more read of the file that settles them byte for byte.
enum RepeatedLines {
    /// A line whose hash equals an earlier line's, and the first line with that hash (both
    /// 0-based in the file).
    struct Candidate: Sendable {
        var line: Int
        var first: Int
    }

    /// Every line whose hash equals an earlier line's, in line order. Each partition of the
    /// hashes is matched on its own, in a table small enough to stay in the processor's
    /// cache; `together` runs the two halves of the partitions at once.
    static func candidates(
        _ scans: [CheckScan], offsets: [Int],
        together: ((() -> Void, () -> Void) -> Void)?
    ) -> [Candidate] {
        let partitionCount = 1 << CheckScan.partitionBits
        func match(_ partitions: Range<Int>) -> [Candidate] {
            var found: [Candidate] = []
            var largest = 0
            for partition in partitions {
                largest = max(largest, scans.reduce(0) { $0 + $1.partitions[partition].count })
            }
            var capacity = 16
            while capacity < largest * 2 { capacity <<= 1 }
            // Slots hold a hash (0: empty) and the first line that has it.
            var table = [CheckScan.HashedLine](
                repeating: CheckScan.HashedLine(hash: 0, line: 0), count: capacity)
            for partition in partitions {
                let count = scans.reduce(0) { $0 + $1.partitions[partition].count }
                if count < 2 { continue }
                var size = 16
                while size < count * 2 { size <<= 1 }
                let mask = size - 1
                for slot in 0..<size { table[slot].hash = 0 }
                for (scan, offset) in zip(scans, offsets) {
                    for entry in scan.partitions[partition] {
                        var slot = Int(truncatingIfNeeded: entry.hash) & mask
                        while table[slot].hash != 0 && table[slot].hash != entry.hash {
                            slot = (slot + 1) & mask
                        }
                        if table[slot].hash == 0 {
                            table[slot] = CheckScan.HashedLine(
                                hash: entry.hash, line: entry.line + offset)
                        } else {
                            found.append(
                                Candidate(line: entry.line + offset, first: table[slot].line))
                        }
                    }
                }
            }
            return found
        }
        var low: [Candidate] = []
        var high: [Candidate] = []
        let middle = partitionCount / 2
        if let together, scans.reduce(0, { $0 + $1.lineCount }) >= 1 << 14 {
            together({ high = match(middle..<partitionCount) }, { low = match(0..<middle) })
        } else {
            low = match(0..<partitionCount)
        }
        var all = low + high
        all.sort { $0.line < $1.line }
        return all
    }
}
