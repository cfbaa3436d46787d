import TodoTxt

/// Fast scans over bytes, eight at a time, for the regex engine's skipping and its literal
/// prefilter.
package enum ByteSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The sixteen lanes of a byte comparison as two little-endian words, 0xFF in each byte
    /// whose lane matched. Testing the words costs an OR and finding a lane a bit count,
    /// where the standard library's `any(_:)` reduces the lanes through a generic `min()` it
    /// does not inline (a sixth of a searching listing's instructions).
    @inline(__always)
    private static func words(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD2<UInt64> {
        unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    }

    /// The first matching lane of `words` (see ``words(_:)``), which must hold one.
    @inline(__always)
    private static func firstLane(_ words: SIMD2<UInt64>) -> Int {
        words[0] != 0
            ? words[0].trailingZeroBitCount &>> 3 : 8 &+ words[1].trailingZeroBitCount &>> 3
    }

    /// The first index at or after `start` whose byte is one of `a`, `b`, `c` (repeat a byte to
    /// look for fewer), or `buffer.count`.
    @inline(__always)
    package static func firstIndex(
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
        firstIndex(folded: needle, in: haystack, from: 0) < haystack.count
    }

    /// The first index at or after `start` where `needle` (lower-case) occurs in `haystack` with
    /// `A`-`Z` read as `a`-`z`, or `haystack.count`; `start` for an empty needle.
    ///
    /// Eight starting positions are tried at once on the needle's first and last bytes (a letter
    /// compared with its case bit set on both sides), and only where both agree are the other
    /// bytes compared, so a needle whose first byte is common still costs little.
    package static func firstIndex(
        folded needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int {
        let count = haystack.count
        guard let first = needle.first else { return start }
        let lastOffset = needle.count &- 1
        // The last position where the needle fits.
        let end = count &- needle.count
        guard end >= start, let base = haystack.baseAddress else { return count }
        func verify(_ position: Int) -> Bool {
            var offset = 0
            while offset < needle.count {
                var byte = base[position &+ offset]
                if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                if byte != needle[offset] { return false }
                offset &+= 1
            }
            return true
        }
        let last = needle[lastOffset]
        func caseBit(_ byte: UInt8) -> UInt64 { byte >= 0x61 && byte <= 0x7A ? 0x20 : 0 }
        let firstBytes = ones &* UInt64(first)
        let lastBytes = ones &* UInt64(last)
        let firstCase = ones &* caseBit(first)
        let lastCase = ones &* caseBit(last)
        let raw = UnsafeRawPointer(base)
        var index = start
        // Sixteen positions at a time with vector compares, then eight with words.
        let firstVector = SIMD16<UInt8>(repeating: first)
        let lastVector = SIMD16<UInt8>(repeating: last)
        let firstCaseVector = SIMD16<UInt8>(repeating: UInt8(caseBit(first)))
        let lastCaseVector = SIMD16<UInt8>(repeating: UInt8(caseBit(last)))
        while index &+ 15 <= end {
            let head =
                raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) | firstCaseVector
            let tail =
                raw.loadUnaligned(fromByteOffset: index &+ lastOffset, as: SIMD16<UInt8>.self)
                | lastCaseVector
            let found = words((head .== firstVector) .& (tail .== lastVector))
            // One bit (the top one) for each lane where both ends agree, in lane order.
            var lanes = (found[0] & highs, found[1] & highs)
            while lanes.0 != 0 {
                let candidate = index &+ lanes.0.trailingZeroBitCount &>> 3
                if verify(candidate) { return candidate }
                lanes.0 &= lanes.0 &- 1
            }
            while lanes.1 != 0 {
                let candidate = index &+ 8 &+ lanes.1.trailingZeroBitCount &>> 3
                if verify(candidate) { return candidate }
                lanes.1 &= lanes.1 &- 1
            }
            index &+= 16
        }
        while index &+ 7 <= end {
            let head =
                (UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    | firstCase) ^ firstBytes
            let tail =
                (UInt64(
                    littleEndian: raw.loadUnaligned(
                        fromByteOffset: index &+ lastOffset, as: UInt64.self))
                    | lastCase) ^ lastBytes
            // A byte's top bit is set where both were zero (and perhaps just above such a byte,
            // which the comparison below sorts out).
            var found = (head &- ones) & ~head & (tail &- ones) & ~tail & highs
            while found != 0 {
                let candidate = index &+ found.trailingZeroBitCount &>> 3
                if verify(candidate) { return candidate }
                found &= found &- 1
            }
            index &+= 8
        }
        while index <= end {
            if verify(index) { return index }
            index &+= 1
        }
        return count
    }

    /// The index of the first LF in `base[start..<end]`, or `end`: sixteen bytes at a time with
    /// a vector compare (about twice as fast as eight-byte words on lines of tasks' length),
    /// the lane found from the comparison's words.
    @inline(__always)
    package static func lineFeed(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int
    {
        let raw = UnsafeRawPointer(base)
        let feeds = SIMD16<UInt8>(repeating: 0x0A)
        var index = start
        while index &+ 16 <= end {
            let found = words(
                raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== feeds)
            if found[0] | found[1] != 0 { return index &+ firstLane(found) }
            index &+= 16
        }
        while index < end {
            if base[index] == 0x0A { return index }
            index &+= 1
        }
        return end
    }

    /// How many line feeds lie in `buffer[start..<end]` (``TodoTxt/LineFeeds``).
    static func lineFeeds(
        in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> Int {
        guard let base = buffer.baseAddress, start < end else { return 0 }
        return LineFeeds.count(in: base + start, count: end - start)
    }
}
