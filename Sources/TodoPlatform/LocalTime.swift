#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The broken-down local time (`localtime_r`, so `TZ` is honoured).
package struct LocalTime: Equatable, Sendable {
    /// The year, such as 2026.
    package var year: Int
    /// 1...12.
    package var month: Int
    /// 1...31.
    package var day: Int
    /// 0...23.
    package var hour: Int
    /// 0...59.
    package var minute: Int
    /// 0...60.
    package var second: Int

    /// The seconds since 1970-01-01T00:00:00Z now.
    package static func currentEpochSeconds() -> Int { Int(time(nil)) }

    /// The local time `seconds` after the epoch, or `nil` when the C library cannot say; with
    /// `utcFallback`, the UTC time when the local one is unknown.
    package init?(epochSeconds seconds: Int, utcFallback: Bool = false) {
        var time = time_t(seconds)
        var parts = tm()
        if localtime_r(&time, &parts) == nil {
            guard utcFallback, gmtime_r(&time, &parts) != nil else { return nil }
        }
        year = Int(parts.tm_year) + 1900
        month = Int(parts.tm_mon) + 1
        day = Int(parts.tm_mday)
        hour = Int(parts.tm_hour)
        minute = Int(parts.tm_min)
        second = Int(parts.tm_sec)
    }
}

/// Whether two byte arrays are equal, compared with `memcmp` (fast even in debug builds).
package func sameBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.withUnsafeBytes { left in
        rhs.withUnsafeBytes { right in
            guard let a = left.baseAddress, let b = right.baseAddress else { return true }
            return memcmp(a, b, left.count) == 0
        }
    }
}

/// Whether `count` bytes at two addresses are equal (`memcmp`).
package func sameMemory(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
    memcmp(lhs, rhs, count) == 0
}
