/// A multiset of 64-bit line hashes, for finding repeated lines: the hashes are spread over
/// small buckets by their high bits, so that adding, removing and counting touch one short
/// array, and a million lines need no table larger than the lines themselves.
package struct HashBuckets: Sendable {
    /// The hashes of each bucket, in no particular order.
    private var buckets: [[UInt64]]
    /// How far a hash is shifted to give its bucket.
    private let shift: UInt64

    /// Room for about `count` hashes (about sixteen to a bucket).
    package init(expecting count: Int) {
        var bits: UInt64 = 4
        while (1 << bits) * 16 < count && bits < 24 { bits += 1 }
        buckets = Array(repeating: [], count: 1 << Int(bits))
        shift = 64 - bits
    }

    @inline(__always)
    private func bucket(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> shift) }

    /// Adds one occurrence of `hash`.
    package mutating func insert(_ hash: UInt64) {
        buckets[bucket(hash)].append(hash)
    }

    /// Removes one occurrence of `hash`, if there is one.
    package mutating func remove(_ hash: UInt64) {
        let index = bucket(hash)
        if let found = buckets[index].firstIndex(of: hash) {
            buckets[index].swapAt(found, buckets[index].count - 1)
            buckets[index].removeLast()
        }
    }

    /// How many times `hash` was added (and not removed).
    package func count(_ hash: UInt64) -> Int {
        var count = 0
        for candidate in buckets[bucket(hash)] where candidate == hash { count += 1 }
        return count
    }

    /// The hashes added more than once.
    package func repeated() -> Set<UInt64> {
        var found: Set<UInt64> = []
        for bucket in buckets where bucket.count > 1 {
            for (index, hash) in bucket.enumerated() where !found.contains(hash) {
                if bucket[(index + 1)...].contains(hash) { found.insert(hash) }
            }
        }
        return found
    }
}
