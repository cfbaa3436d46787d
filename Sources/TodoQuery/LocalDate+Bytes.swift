import TodoTxt

extension LocalDate {
    /// Parses a slice that must be exactly `YYYY-MM-DD`.
    @inline(__always)
    init?(slice bytes: ArraySlice<UInt8>) {
        guard bytes.count == 10,
            let date = bytes.withUnsafeBufferPointer({ LocalDate(utf8: $0) })
        else { return nil }
        self = date
    }
}

extension LocalDate {
    /// Appends `YYYY-MM-DD` without building intermediate arrays.
    @inline(__always)
    func append(to output: inout [UInt8]) {
        let y = year
        output.append(UInt8(0x30 + y / 1000 % 10))
        output.append(UInt8(0x30 + y / 100 % 10))
        output.append(UInt8(0x30 + y / 10 % 10))
        output.append(UInt8(0x30 + y % 10))
        output.append(0x2D)
        output.append(UInt8(0x30 + month / 10))
        output.append(UInt8(0x30 + month % 10))
        output.append(0x2D)
        output.append(UInt8(0x30 + day / 10))
        output.append(UInt8(0x30 + day % 10))
    }
}

/// Appends a non-negative integer in decimal.
@inline(__always)
func appendDecimal(_ value: Int, to output: inout [UInt8]) {
    var digits:
        (
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
        ) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = max(0, value)
    withUnsafeMutableBytes(of: &digits) { buffer in
        repeat {
            buffer[19 - count] = UInt8(0x30 + rest % 10)
            rest /= 10
            count += 1
        } while rest > 0
        output.append(contentsOf: buffer[(20 - count)...])
    }
}
