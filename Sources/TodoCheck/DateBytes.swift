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
        let raw = UnsafeRawPointer(pointer)
        let head = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
        let tail = UInt16(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
        // Each digit place minus "0" must be below 10, and the dashes must be dashes.
        let places = head &- 0x3030_3030_2D30_302D
        let shape = (places | ((places & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676))
        let digits = tail &- 0x3030
        guard shape & 0x8080_8080_0080_8000 == 0, head & 0xFF == 0x2D,
            (head >> 24) & 0xFF == 0x2D, digits & 0xFF < 10, digits >> 8 < 10
        else { return nil }
        let month = Int((places >> 16) & 0xFF) * 10 + Int((places >> 8) & 0xFF)
        let day = Int(digits >> 8) * 10 + Int(digits & 0xFF)
        // Year 0000 is no year; a day up to 28 is in every month.
        guard places >> 32 != 0, month >= 1, month <= 12, day >= 1 else { return nil }
        if day > 28 {
            let year =
                Int((places >> 56) & 0xFF) * 1000 + Int((places >> 48) & 0xFF) * 100
                + Int((places >> 40) & 0xFF) * 10 + Int((places >> 32) & 0xFF)
            let last: Int
            switch month {
            case 2: last = (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
            case 4, 6, 9, 11: last = 30
            default: last = 31
            }
            guard day <= last else { return nil }
        }
        self.head = head
        self.tail = tail
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
