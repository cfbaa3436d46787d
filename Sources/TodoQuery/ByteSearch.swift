/// Fast scans over bytes, eight at a time, for the regex engine's skipping and its literal
/// prefilter.
enum ByteSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The first index at or after `start` whose byte is one of `a`, `b`, `c` (repeat a byte to
    /// look for fewer), or `buffer.count`.
    @inline(__always)
    static func firstIndex(
        of a: UInt8, _ b: UInt8, _ c: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int {
        let count = buffer.count
        var index = start
        if let base = buffer.baseAddress {
            let raw = UnsafeRawPointer(base)
            let maskA = ones &* UInt64(a)
            let maskB = ones &* UInt64(b)
            let maskC = ones &* UInt64(c)
            while index &+ 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let x = word ^ maskA
                let y = word ^ maskB
                let z = word ^ maskC
                let found =
                    ((x &- ones) & ~x) | ((y &- ones) & ~y) | ((z &- ones) & ~z)
                if found & highs != 0 { break }
                index &+= 8
            }
        }
        while index < count {
            let byte = buffer[index]
            if byte == a || byte == b || byte == c { return index }
            index &+= 1
        }
        return count
    }

    /// Whether `haystack` contains `needle` (lower-case), with `A`-`Z` in the haystack read as
    /// `a`-`z`: the same answer as ``TextPattern/contains(_:_:foldASCII:)`` with `foldASCII`.
    static func containsFolded(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        let last = haystack.count - needle.count
        guard last >= 0 else { return false }
        let upper = first >= 0x61 && first <= 0x7A ? first - 32 : first
        var start = 0
        while true {
            start = firstIndex(of: first, upper, first, in: haystack, from: start)
            if start > last { return false }
            var offset = 1
            while offset < needle.count {
                var byte = haystack[start &+ offset]
                if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                if byte != needle[offset] { break }
                offset &+= 1
            }
            if offset == needle.count { return true }
            start &+= 1
        }
    }
}
