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
        func match(_ partitions: Range<Int>) -> [Candidate] {
            var found: [Candidate] = []
            // Slots hold an identity with its lowest bit set (0: empty) and the first line
            // that has it.
            var table: [(identity: UInt64, line: Int)] = []
            for partition in partitions {
                let count = scans.reduce(0) { $0 + $1.hashes.count(in: partition) }
                if count < 2 { continue }
                var size = 16
                while size < count * 2 { size <<= 1 }
                let mask = size - 1
                if table.count < size {
                    table = Array(repeating: (0, 0), count: size)
                } else {
                    for slot in 0..<size { table[slot].identity = 0 }
                }
                for (scan, offset) in zip(scans, offsets) {
                    scan.hashes.forEach(in: partition) { identity, line in
                        let key = identity | 1
                        var slot = Int(truncatingIfNeeded: identity >> 24) & mask
                        while table[slot].identity != 0 && table[slot].identity != key {
                            slot = (slot + 1) & mask
                        }
                        if table[slot].identity == 0 {
                            table[slot] = (key, line + offset)
                        } else {
                            found.append(Candidate(line: line + offset, first: table[slot].line))
                        }
                    }
                }
            }
            return found
        }
        var low: [Candidate] = []
        var high: [Candidate] = []
        let middle = HashPartitions.count / 2
        if let together, scans.reduce(0, { $0 + $1.lineCount }) >= 1 << 14 {
            together({ high = match(middle..<HashPartitions.count) }, { low = match(0..<middle) })
        } else {
            low = match(0..<HashPartitions.count)
        }
        var all = low + high
        all.sort { $0.line < $1.line }
        return all
    }
}
