/// A set of byte strings that takes a candidate by pointer and copies it only when it is new:
/// the distinct `@context` and `+project` words of a file whose words mostly repeat.
///
/// The strings live one after another in one arena; an open-addressing table of entry numbers
/// (linear probing, at most half full) finds them by an FNV-1a hash of their bytes.
struct DistinctByteStrings {
    private var arena: [UInt8] = []
    private var starts: [Int] = []
    private var counts: [Int] = []
    private var hashes: [UInt64] = []
    /// Entry number + 1 per slot; 0 is empty.
    private var slots = [Int](repeating: 0, count: 64)

    /// How many distinct strings the set holds.
    var count: Int { starts.count }

    /// Adds the `count` bytes at `bytes` unless an equal string is already there.
    mutating func insert(_ bytes: UnsafePointer<UInt8>, count: Int) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for offset in 0..<count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x100_0000_01b3
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = slots[slot] - 1
            if hashes[entry] == hash && counts[entry] == count
                && arena.withUnsafeBufferPointer({ stored in
                    (0..<count).allSatisfy { stored[starts[entry] + $0] == bytes[$0] }
                })
            {
                return
            }
            slot = (slot + 1) & mask
        }
        starts.append(arena.count)
        counts.append(count)
        hashes.append(hash)
        arena.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        slots[slot] = starts.count
        if starts.count * 2 > slots.count { grow() }
    }

    /// Every string, in the order first inserted.
    var strings: [[UInt8]] {
        (0..<starts.count).map { Array(arena[starts[$0]..<starts[$0] + counts[$0]]) }
    }

    /// Doubles the table and places every entry again.
    private mutating func grow() {
        slots = [Int](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for entry in 0..<starts.count {
            var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry + 1
        }
    }
}
