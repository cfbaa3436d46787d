/// Neighbouring lines named by where they lie in a file instead of held as bytes: the bytes
/// `bytes` of the file, which hold exactly `lineCount` lines, each ending after its LF (the
/// file's last line may lack one).
///
/// A record of a large change keeps its removed lines this way while the version of the file
/// they come from is still open, and reads them back in pieces when it writes them out.
package struct LineSpan: Hashable, Sendable {
    /// Where the lines lie in the file.
    package var bytes: Range<Int64>
    /// How many lines they are.
    package var lineCount: Int

    /// Names `lineCount` lines filling `bytes`.
    package init(bytes: Range<Int64>, lineCount: Int) {
        self.bytes = bytes
        self.lineCount = lineCount
    }

    /// Fills a buffer with the file's bytes from an offset; `false` when they cannot all be
    /// read (an error, or a file shorter or other than the one the span was taken from).
    package typealias Reader = (_ buffer: UnsafeMutableRawBufferPointer, _ offset: Int64) -> Bool

    /// Calls `body` with each line of the span, its terminator included, in order, reading
    /// the file through `read` in pieces (only a line longer than a piece is gathered whole);
    /// the pointer is valid during the call only. `body` returns `false` to stop.
    ///
    /// - Returns: `false` when a read failed, `body` stopped, or the bytes did not hold
    ///   ``lineCount`` lines.
    package func forEachLine(
        read: Reader, _ body: (UnsafeRawBufferPointer) -> Bool
    ) -> Bool {
        let pieceSize = 1 << 16
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 16)
        defer { piece.deallocate() }
        var pending: [UInt8] = []
        var offset = bytes.lowerBound
        var count = 0
        while offset < bytes.upperBound {
            let size = Int(min(Int64(pieceSize), bytes.upperBound - offset))
            let buffer = UnsafeMutableRawBufferPointer(rebasing: piece[..<size])
            guard read(buffer, offset), let base = buffer.baseAddress else { return false }
            offset += Int64(size)
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            var start = 0
            while start < size {
                let found = LineFeeds.first(in: bytes + start, count: size - start)
                guard found >= 0 else {
                    pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
                    break
                }
                let end = start + found + 1
                let line = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                start = end
                count += 1
                guard count <= lineCount else { return false }
                if pending.isEmpty {
                    guard body(line) else { return false }
                    continue
                }
                pending.append(contentsOf: line)
                guard pending.withUnsafeBytes(body) else { return false }
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty {
            count += 1
            guard count <= lineCount, pending.withUnsafeBytes(body) else { return false }
        }
        return count == lineCount
    }
}
