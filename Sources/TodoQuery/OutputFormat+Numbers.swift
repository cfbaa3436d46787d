extension OutputFormat {
    /// Appends `number` in decimal, right-aligned to `width` with `fill` (a space or `0`): the
    /// one writer of padded line numbers, shared by `query`'s text format and the todo.sh
    /// listings.
    @inline(__always)
    package static func appendPadded(
        _ number: Int, width: Int, fill: UInt8, to bytes: inout [UInt8]
    ) {
        guard number >= 0 else {
            let digits = Array(String(number).utf8)
            if digits.count < width {
                for _ in 0..<(width - digits.count) { bytes.append(fill) }
            }
            bytes.append(contentsOf: digits)
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = number
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(0x30 + rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 && count < 24
            if count < width {
                for _ in 0..<(width - count) { bytes.append(fill) }
            }
            // As a typed buffer, so that the digits are copied at once.
            let digits = buffer.bindMemory(to: UInt8.self)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(24 - count)...]))
        }
    }
}
