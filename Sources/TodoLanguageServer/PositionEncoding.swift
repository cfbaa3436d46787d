import TodoJSON

/// How the columns of a protocol position are counted (LSP 3.17 `positionEncoding`).
///
/// Bytes that are not part of well-formed UTF-8 count as one unit each in both encodings: in
/// UTF-16 they stand for U+FFFD, which is one unit.
package enum PositionEncoding: String, Sendable, Hashable {
    /// Columns count bytes.
    case utf8 = "utf-8"
    /// Columns count UTF-16 code units (the protocol's default).
    case utf16 = "utf-16"

    /// The length in bytes and in UTF-16 units of the character that starts at `index` of
    /// `bytes`: a well-formed UTF-8 sequence, or one bad byte.
    @inline(__always)
    static func character(
        at index: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) -> (
        bytes: Int, utf16: Int
    ) {
        guard let length = WellFormedUTF8.sequenceLength(at: index, in: bytes) else {
            return (1, 1)
        }
        return (length, length == 4 ? 2 : 1)
    }

    /// The number of units of this encoding in the first `byteCount` bytes of `line` (a byte
    /// offset inside a character counts up to that character's start).
    package func units(in line: ArraySlice<UInt8>, upTo byteCount: Int) -> Int {
        let limit = min(max(byteCount, 0), line.count)
        if self == .utf8 { return limit }
        return line.withUnsafeBufferPointer { buffer in
            var index = 0
            var units = 0
            while index < limit {
                let character = PositionEncoding.character(at: index, in: buffer)
                if index + character.bytes > limit { break }
                index += character.bytes
                units += character.utf16
            }
            return units
        }
    }

    /// The byte offset in `line` of column `units`: clamped to the line's length, and moved back
    /// to the start of the character when it falls inside one.
    package func byteOffset(in line: ArraySlice<UInt8>, units target: Int) -> Int {
        guard target > 0 else { return 0 }
        return line.withUnsafeBufferPointer { buffer in
            var index = 0
            var units = 0
            while index < buffer.count {
                let character = PositionEncoding.character(at: index, in: buffer)
                let width = self == .utf8 ? character.bytes : character.utf16
                if units + width > target { break }
                index += character.bytes
                units += width
            }
            return index
        }
    }
}
