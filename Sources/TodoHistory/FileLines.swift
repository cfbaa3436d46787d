/// Line-level helpers on file bytes. A line here keeps its terminator (`LF`, or `CR LF`), so
/// joining lines gives back the exact bytes: a byte order mark, a missing final newline and
/// invalid UTF-8 all survive. The loops run over raw buffers so that a file of a million lines
/// costs milliseconds.
struct FileLines {
    /// The file.
    let bytes: [UInt8]
    /// Where each line starts, then the file's end.
    private let bounds: [Int]

    /// Indexes the lines of `bytes`: each ends with its LF, the last one without LF when the
    /// file does not end with one.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var bounds = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<buffer.count where buffer[index] == 0x0A { bounds.append(index + 1) }
        }
        if let last = bounds.last, last < bytes.count { bounds.append(bytes.count) }
        self.bounds = bounds
    }

    /// The number of lines.
    var count: Int { bounds.count - 1 }

    /// The bytes of line `index` (0-based), with its terminator.
    subscript(index: Int) -> ArraySlice<UInt8> { bytes[bounds[index]..<bounds[index + 1]] }

    /// The bytes of lines `range`.
    subscript(range: Range<Int>) -> ArraySlice<UInt8> {
        bytes[bounds[range.lowerBound]..<bounds[range.upperBound]]
    }

    /// Whether line `index` exists and holds exactly `line`.
    func line(_ index: Int, is line: [UInt8]) -> Bool {
        index >= 0 && index < count && self[index].elementsEqual(line)
    }

    /// Whether line `index` exists and has the fingerprint `hash`.
    func line(_ index: Int, hashes hash: LineHash) -> Bool {
        index >= 0 && index < count && LineHash(of: self[index]) == hash
    }

    /// The lines of `bytes` as slices.
    static func split(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == 0x0A {
            lines.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.endIndex { lines.append(bytes[start...]) }
        return lines
    }

    /// The line that ends just before `index` (a line start), or `nil` when `index` is 0.
    static func line(endingAt index: Int, in bytes: [UInt8]) -> [UInt8]? {
        guard index > 0 else { return nil }
        var start = index - 1
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        return Array(bytes[start..<index])
    }

    /// The line that starts at `index`, or `nil` when `index` is the end.
    static func line(startingAt index: Int, in bytes: [UInt8]) -> [UInt8]? {
        guard index < bytes.count else { return nil }
        var end = index
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        return Array(bytes[index..<min(end + 1, bytes.count)])
    }

    /// How many lines end before `index` (the number of LF bytes in `bytes[..<index]`), eight
    /// bytes at a time.
    static func count(_ bytes: [UInt8], before index: Int) -> Int {
        bytes.withUnsafeBytes { raw in
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let newlines = ones &* 0x0A
            var count = 0
            var position = 0
            while position + 8 <= index {
                // A zero byte of `word ^ newlines` is an LF; the exact zero-byte test.
                let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self) ^ newlines
                let zeros = ~(((word & ~highs) &+ ~highs) | word | ~highs)
                count += zeros.nonzeroBitCount
                position += 8
            }
            while position < index {
                if raw[position] == 0x0A { count += 1 }
                position += 1
            }
            return count
        }
    }

    /// The length of the common prefix of `a` and `b`, compared eight bytes at a time.
    static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                let shorter = min(x.count, y.count)
                var index = 0
                while index + 8 <= shorter
                    && x.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        == y.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                {
                    index += 8
                }
                while index < shorter && x[index] == y[index] { index += 1 }
                return index
            }
        }
    }

    /// The length of the common suffix of `a` and `b`, at most `limit`.
    static func commonSuffix(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                var length = 0
                while length < limit && x[x.count - 1 - length] == y[y.count - 1 - length] {
                    length += 1
                }
                return length
            }
        }
    }

    /// The 64-bit FNV-1a hash of `bytes`: enough to tell whether a file is still exactly as a
    /// command left it, without keeping the file.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in buffer {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
            return hash
        }
    }
}
