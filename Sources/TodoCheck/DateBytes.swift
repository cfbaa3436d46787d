import TodoTxt

/// Ten bytes that spell a valid `YYYY-MM-DD`, kept as their eight digits (four bits each, in
/// four bytes) so that a finding can carry its dates after the bytes it was read from are gone,
/// and a file's many findings take little memory.
struct DateBytes: Sendable, Equatable {
    /// The digits, the year's first in the most significant four bits.
    private let digits: UInt32

    /// The date at `pointer` when its ten bytes are exactly a real `YYYY-MM-DD` (year 0001 to
    /// 9999, the day within its month), the test ``Checker/date(_:)`` makes; otherwise `nil`.
    @inline(__always)
    init?(at pointer: UnsafePointer<UInt8>) {
        guard Self.isValid(at: pointer) else { return nil }
        self.init(validAt: pointer)
    }

    /// The date at `pointer`, whose ten bytes are known to pass ``isValid(at:)``.
    @inline(__always)
    init(validAt pointer: UnsafePointer<UInt8>) {
        func digit(_ index: Int, _ shift: UInt32) -> UInt32 {
            UInt32(pointer[index] & 0x0F) << shift
        }
        digits =
            digit(0, 28) | digit(1, 24) | digit(2, 20) | digit(3, 16) | digit(5, 12) | digit(6, 8)
            | digit(8, 4) | digit(9, 0)
    }

    /// Whether the ten bytes at `pointer` are exactly a real `YYYY-MM-DD`.
    @inline(__always)
    static func isValid(at pointer: UnsafePointer<UInt8>) -> Bool {
        let raw = UnsafeRawPointer(pointer)
        // Little-endian: byte 0 in the low bits; each place minus "0" (or "-") must be below
        // 10, and 0 for the dashes. A borrow only runs into later bytes, past the first bad one.
        let places =
            UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) &- 0x2D30_302D_3030_3030
        let days =
            UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
            &- 0x3030
        let shape = places | ((places & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676)
        guard shape & 0x8080_8080_8080_8080 == 0, places & 0xFF00_00FF_0000_0000 == 0,
            days & 0xFF < 10, days >> 8 < 10, places & 0xFFFF_FFFF != 0
        else { return false }
        let month = Int((places >> 40) & 0xFF) * 10 + Int((places >> 48) & 0xFF)
        let day = Int(days & 0xFF) * 10 + Int(days >> 8)
        // A day up to 28 is in every month.
        guard month >= 1, month <= 12, day >= 1 else { return false }
        if day <= 28 { return true }
        let year =
            Int(places & 0xFF) * 1000 + Int((places >> 8) & 0xFF) * 100
            + Int((places >> 16) & 0xFF) * 10 + Int((places >> 24) & 0xFF)
        return day <= LocalDate.daysIn(month: month, year: year)
    }

    /// Whether this date is later than `other` (digit order is date order).
    func isLater(than other: DateBytes) -> Bool {
        digits > other.digits
    }

    /// Stores the ten bytes at `pointer`.
    @inline(__always)
    func store(to pointer: UnsafeMutablePointer<UInt8>) {
        // Each digit spread to a byte of its own, the year's first in the lowest.
        var spread = UInt64(digits)
        spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
        spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
        spread = (spread | spread << 4) & 0x0F0F_0F0F_0F0F_0F0F
        spread = spread.byteSwapped | 0x3030_3030_3030_3030
        // YYYY, a dash, MM and a dash; then DD.
        let head =
            spread & 0xFFFF_FFFF | 0x2D << 32 | (spread & 0xFFFF_0000_0000) << 8 | 0x2D << 56
        let raw = UnsafeMutableRawPointer(pointer)
        raw.storeBytes(of: head.littleEndian, as: UInt64.self)
        raw.storeBytes(
            of: UInt16(truncatingIfNeeded: spread >> 48).littleEndian, toByteOffset: 8,
            as: UInt16.self)
    }

    /// Appends the ten bytes.
    func append(to output: inout [UInt8]) {
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: 10))
        output.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { store(to: base + start) }
        }
    }
}
