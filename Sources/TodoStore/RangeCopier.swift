import TodoPlatform

/// Builds a file from stretches of another and new bytes, every write at an explicit offset:
/// stretches go through `copy_file_range` until it fails once, then through a buffer.
struct RangeCopier {
    let source: Int32
    let destination: Int32
    let sys: FileSystem
    /// Where the next stretch starts in the source.
    var from: Int64 = 0
    /// Where the next bytes go in the destination.
    var to: Int64 = 0
    /// Whether `copy_file_range` is still worth trying.
    var inKernel = true
    /// The buffer of copies done by reading and writing, made on first use.
    var buffer: [UInt8] = []

    init(source: Int32, destination: Int32, sys: FileSystem) {
        self.source = source
        self.destination = destination
        self.sys = sys
    }

    /// Copies the source from ``from`` up to `end`; `false` when the source ends first.
    mutating func copy(upTo end: Int64) throws(Errno) -> Bool {
        while from < end {
            let count = Int(min(end - from, 1 << 30))
            if inKernel {
                // Any failure (no such call, another file system, a file it cannot copy) or a
                // short count hands the rest to reads and writes, which report real errors.
                let copied = (try? sys.copyRange(source, from, destination, to, count)) ?? 0
                if copied == 0 {
                    inKernel = false
                    continue
                }
                from += Int64(copied)
                to += Int64(copied)
                continue
            }
            if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: 1 << 18) }
            let size = min(count, buffer.count)
            let position = from
            let outcome = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) in
                    try sys.readAt(
                        source, UnsafeMutableRawBufferPointer(rebasing: raw[..<size]), position)
                }
            }
            let got = try outcome.get()
            if got == 0 { return false }
            try write(buffer[..<got])
            from += Int64(got)
        }
        return true
    }

    /// Writes all of `bytes` at ``to`` and moves ``to`` past them.
    mutating func write(_ bytes: ArraySlice<UInt8>) throws(Errno) {
        var done = bytes.startIndex
        while done < bytes.endIndex {
            let position = to
            let outcome = bytes[done...].withUnsafeBytes { raw in
                Result { () throws(Errno) in try sys.writeAt(destination, raw, position) }
            }
            let wrote = try outcome.get()
            if wrote == 0 { throw Errno.ioError }
            done += wrote
            to += Int64(wrote)
        }
    }

    /// Continues the source at `offset` (after a stretch that was replaced).
    mutating func skip(to offset: Int64) {
        from = offset
    }
}
