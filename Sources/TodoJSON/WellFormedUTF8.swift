/// The one reading of well-formed UTF-8 in the package (no overlong forms, no surrogates, nothing
/// past U+10FFFF), used by the JSON writer, `todo check` and the language server's positions.
package enum WellFormedUTF8 {
    /// The length of the well-formed sequence that starts at `index` of `bytes` (1 for ASCII), or
    /// `nil` when the byte there starts none.
    @inlinable
    package static func sequenceLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int?
    {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    /// The offset of the first byte of `bytes` that is not part of well-formed UTF-8, or `nil`.
    @inlinable
    package static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return nil }
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time up to the first one that is not ASCII, then its sequence.
            if index + 8 <= bytes.count {
                let high =
                    UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    & 0x8080_8080_8080_8080
                index += high.trailingZeroBitCount / 8
                if high == 0 { continue }
            }
            guard let length = sequenceLength(at: index, in: bytes) else { return index }
            index += length
        }
        return nil
    }
}
