import TodoTxt

/// Ten bytes that spell a valid `YYYY-MM-DD`, kept as two integers so that a finding can carry
/// its dates after the bytes it was read from are gone.
struct DateBytes: Sendable, Equatable {
    /// Bytes 0-7 (`YYYY-MM-`), the first in the most significant place.
    private let head: UInt64
    /// Bytes 8 and 9 (`DD`), the first in the most significant place.
    private let tail: UInt16

    /// The date at `pointer` when its ten bytes are exactly a real `YYYY-MM-DD` (year 0001 to
    /// 9999, the day within its month), the test ``Checker/date(_:)`` makes; otherwise `nil`.
    @inline(__always)
    init?(at pointer: UnsafePointer<UInt8>) {
        guard Self.isValid(at: pointer) else { return nil }
        let raw = UnsafeRawPointer(pointer)
        head = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
        tail = UInt16(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
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

    /// Whether this date is later than `other` (byte order is date order for valid dates).
    func isLater(than other: DateBytes) -> Bool {
        (head, tail) > (other.head, other.tail)
    }

    /// Stores the ten bytes at `pointer`.
    func store(to pointer: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(pointer)
        raw.storeBytes(of: head.bigEndian, as: UInt64.self)
        raw.storeBytes(of: tail.bigEndian, toByteOffset: 8, as: UInt16.self)
    }

    /// Appends the ten bytes.
    func append(to output: inout [UInt8]) {
        withUnsafeBytes(of: (head.bigEndian, tail.bigEndian)) { raw in
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[..<10]))
        }
    }
}
