/// The lower case of the non-ASCII scalars met so far, so that a sort over many lines looks
/// up each scalar's Unicode properties about once rather than once a line.
///
/// Direct-mapped: slot `scalar % 1024` holds one scalar's value, the length of its lower
/// case in UTF-8 and those bytes (a lower case is at most four bytes: one scalar, or `i` and
/// a combining dot for U+0130).
final class LowercaseCache {
    private static let slotCount = 1024
    private let slots: UnsafeMutablePointer<UInt64>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: 0, count: Self.slotCount)
    }

    deinit {
        slots.deallocate()
    }

    /// The lower case of `scalar` in UTF-8, as ``TextPattern/lowercased(_:)`` writes it,
    /// packed as the low bytes of an integer, first byte lowest, with its byte count (more
    /// than four: not packed, read the properties).
    private func lowercase(_ scalar: Unicode.Scalar) -> (bytes: UInt32, count: Int) {
        let slot = Int(scalar.value) & (Self.slotCount - 1)
        let entry = slots[slot]
        if entry != 0 && UInt32(truncatingIfNeeded: entry >> 40) == scalar.value {
            return (UInt32(truncatingIfNeeded: entry), Int((entry >> 32) & 0xFF))
        }
        var bytes: UInt32 = 0
        var count = 0
        func add(_ byte: UInt8) {
            if count < 4 { bytes |= UInt32(byte) << (8 * UInt32(count)) }
            count += 1
        }
        if scalar.properties.changesWhenLowercased {
            for byte in scalar.properties.lowercaseMapping.utf8 { add(byte) }
        } else {
            for byte in scalar.utf8 { add(byte) }
        }
        if count <= 4 {
            slots[slot] = UInt64(scalar.value) << 40 | UInt64(count) << 32 | UInt64(bytes)
        }
        return (bytes, count)
    }

    /// Eight bytes in memory order with `A`-`Z` made `a`-`z`, or `nil` when one of them is
    /// not ASCII: a byte's top bit says it is not, and adding to the seven low bits sets it
    /// for `A` and up and for past `Z`.
    @inline(__always)
    static func foldedASCII(_ word: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops = ones &* 0x80
        if word & tops != 0 { return nil }
        let upper = (word &+ ones &* 0x3F) & ~(word &+ ones &* 0x25) & tops
        return word | upper >> 2
    }

    /// Writes the first `length` bytes (or fewer, at the end) of
    /// `TextPattern.lowercased(text)` to `buffer`, which has room for three more, decoding
    /// only as far as they reach; returns how many there are.
    func lowercasedPrefix(
        of text: UnsafeBufferPointer<UInt8>, length: Int, into buffer: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var count = 0
        // The decoding of `TextPattern.lowercased`, stopped once the prefix is complete: an
        // ASCII byte is a scalar of its own, and any other sequence is decoded where it starts
        // (an invalid one, as far as it goes, becomes U+FFFD).
        var index = 0
        guard let base = text.baseAddress else { return 0 }
        while count < length && index < text.count {
            var ascii = 0
            if count + 8 <= length && index + 8 <= text.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if let folded = LowercaseCache.foldedASCII(word) {
                    UnsafeMutableRawPointer(buffer + count).storeBytes(of: folded, as: UInt64.self)
                    count += 8
                    index += 8
                    continue
                }
                // The ASCII bytes before the first other one (the lowest bytes come first).
                ascii =
                    (UInt64(littleEndian: word) & 0x8080_8080_8080_8080).trailingZeroBitCount >> 3
            } else if text[index] < 0x80 {
                ascii = 1
            }
            if ascii > 0 {
                for _ in 0..<ascii {
                    let byte = text[index]
                    buffer[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    count += 1
                    index += 1
                }
                continue
            }
            let byte = text[index]
            let scalar: Unicode.Scalar
            if byte >= 0xC2 && byte <= 0xDF && index + 1 < text.count
                && text[index + 1] & 0xC0 == 0x80
            {
                // Two bytes, the most common in text with accents: decoded here.
                let value = UInt16(byte & 0x1F) << 6 | UInt16(text[index + 1] & 0x3F)
                scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                index += 2
            } else {
                var parser = Unicode.UTF8.ForwardParser()
                var bytes = UnsafeBufferPointer(rebasing: text[index...]).makeIterator()
                switch parser.parseScalar(from: &bytes) {
                case .valid(let encoded):
                    index += encoded.count
                    scalar = Unicode.UTF8.decode(encoded)
                case .error(let length):
                    index += length
                    scalar = "\u{FFFD}"
                case .emptyInput:
                    return min(count, length)
                }
            }
            let (lowered, loweredCount) = lowercase(scalar)
            if loweredCount <= 4 {
                for offset in 0..<loweredCount {
                    buffer[count] = UInt8(truncatingIfNeeded: lowered >> (8 * offset))
                    count += 1
                }
            } else {
                // Not packed: longer than any lower case Unicode has today.
                for byte in scalar.properties.lowercaseMapping.utf8 where count < length {
                    buffer[count] = byte
                    count += 1
                }
            }
        }
        return min(count, length)
    }

    /// -1, 0 or 1: `TextPattern.lowercased(x)` against `TextPattern.lowercased(y)`.
    func compareLowercased(
        _ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>
    )
        -> Int
    {
        // Every byte lower-cases to at most three (an invalid one to U+FFFD).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * (x.count + y.count) + 8) {
            guard let base = $0.baseAddress else { return 0 }
            let first = lowercasedPrefix(of: x, length: 3 * x.count, into: base)
            let second = lowercasedPrefix(
                of: y, length: 3 * y.count, into: base + 3 * x.count + 4)
            return TextPattern.compare(
                UnsafeBufferPointer(start: base, count: first),
                UnsafeBufferPointer(start: base + 3 * x.count + 4, count: second))
        }
    }
}
