/// The fingerprint of one line (its bytes with the terminator): what a record keeps of the
/// unchanged neighbours of a changed stretch, enough to find the stretch again, so that an
/// `archive` of thousands of lines does not keep two more lines for each one it moved.
package struct LineHash: Hashable, Sendable {
    /// The 64-bit FNV-1a hash of the line's bytes.
    package var value: UInt64

    /// The fingerprint of a line.
    package init(of line: some Collection<UInt8>) {
        // Through a pointer when the bytes are contiguous: a byte at a time through the
        // generic collection costs several calls per byte.
        if let value = line.withContiguousStorageIfAvailable(LineHash.hash) {
            self.value = value
            return
        }
        value = Array(line).withUnsafeBufferPointer(LineHash.hash)
    }

    /// The 64-bit FNV-1a hash of `bytes`.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// A fingerprint as read back from a history.
    package init(value: UInt64) {
        self.value = value
    }
}
