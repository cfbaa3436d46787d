/// Up to 16 bytes of UTF-8 held inline: the text of one glyph or cell, stored without a heap
/// allocation or reference counting, so that building and comparing frames of thousands of
/// cells stays cheap.
///
/// A glyph whose scalars need more than 16 bytes (a base character with many combining marks)
/// keeps the whole scalars that fit; the others, all zero-width, are dropped.
struct InlineText: Hashable, Sendable {
    /// Bytes 0–7, the first in the low byte; unused bytes are 0 (text never holds NUL).
    private var low: UInt64
    /// Bytes 8–15.
    private var high: UInt64

    /// One scalar.
    init(_ scalar: Unicode.Scalar) {
        low = 0
        high = 0
        _ = append(scalar)
    }

    /// The scalars of `text` that fit.
    init(_ text: String) {
        low = 0
        high = 0
        for scalar in text.unicodeScalars where !append(scalar) { break }
    }

    /// The number of bytes.
    var count: Int {
        high != 0 ? 16 - high.leadingZeroBitCount / 8 : 8 - low.leadingZeroBitCount / 8
    }

    /// Adds a scalar if its bytes fit; returns whether they did.
    mutating func append(_ scalar: Unicode.Scalar) -> Bool {
        var index = count
        let encoded = UTF8.encode(scalar)
        guard let encoded, index + encoded.count <= 16, scalar.value != 0 else { return false }
        for byte in encoded {
            if index < 8 {
                low |= UInt64(byte) << (8 * UInt64(index))
            } else {
                high |= UInt64(byte) << (8 * UInt64(index - 8))
            }
            index += 1
        }
        return true
    }

    /// Appends the bytes to `bytes`.
    func write(to bytes: inout [UInt8]) {
        var word = low
        while word != 0 {
            bytes.append(UInt8(truncatingIfNeeded: word))
            word >>= 8
        }
        word = high
        while word != 0 {
            bytes.append(UInt8(truncatingIfNeeded: word))
            word >>= 8
        }
    }

    /// The text.
    var string: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
