/// The 64-bit hash of a line's bytes that the duplicate rule compares first: equal lines have
/// equal hashes; unequal lines rarely do, and are then told apart byte for byte.
///
/// The bytes are taken sixteen at a time as two little-endian words (the last ones filled up
/// with zeros), each pair folded into the hash by one full-width multiplication (a short chain
/// of dependent instructions per sixteen bytes), and the length is folded in at the end. The
/// hash is never 0, which stands for a blank line where a hash is stored.
enum DuplicateHash {
    /// The hash before the first pair of words.
    static let seed: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The hash after the words `first` and `second`.
    @inline(__always)
    static func step(_ hash: UInt64, _ first: UInt64, _ second: UInt64) -> UInt64 {
        let product = (first ^ 0x9E37_79B9_7F4A_7C15).multipliedFullWidth(by: second ^ hash)
        return product.high ^ product.low
    }

    /// The hash of a line of `count` bytes after its last pair of words.
    @inline(__always)
    static func finish(_ hash: UInt64, count: Int) -> UInt64 {
        let product = (hash ^ 0xD6E8_FEB8_6659_FD93).multipliedFullWidth(
            by: 0xA076_1D64_78BD_642F ^ UInt64(truncatingIfNeeded: count))
        let mixed = product.high ^ product.low
        return mixed == 0 ? 1 : mixed
    }

    /// The eight bytes of `line` (`count` long) from `offset` on as a little-endian word, the
    /// bytes past the line zero; `readable` bytes from `line` on may be read.
    @inline(__always)
    static func word(
        _ line: UnsafePointer<UInt8>, count: Int, readable: Int, at offset: Int
    ) -> UInt64 {
        let raw = UnsafeRawPointer(line)
        if offset + 8 <= count {
            return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        if offset >= count { return 0 }
        if offset + 8 <= readable {
            let word = UInt64(
                littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            return word & ((1 << UInt64((count - offset) * 8)) &- 1)
        }
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for index in offset..<count {
            word |= UInt64(line[index]) << shift
            shift += 8
        }
        return word
    }

    /// The hash of the `count` bytes at `bytes`, or 0 when they are blank (only spaces and
    /// tabs, or nothing).
    static func hash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var blank = true
        for index in 0..<count where bytes[index] != 0x20 && bytes[index] != 0x09 {
            blank = false
            break
        }
        if blank { return 0 }
        var hash = seed
        var offset = 0
        while offset < count {
            hash = step(
                hash, word(bytes, count: count, readable: count, at: offset),
                word(bytes, count: count, readable: count, at: offset + 8))
            offset += 16
        }
        return finish(hash, count: count)
    }
}
