/// Bytes on their way out: appended in place to one buffer and handed on as a block whenever
/// the next piece would not fit (and by ``flush()``), so that an append costs a copy, not a
/// growing array's checks. `todo check`'s report and the listings write through one each.
package struct TextBuffer: ~Copyable {
    @usableFromInline let bytes: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    @usableFromInline var count = 0
    @usableFromInline let write: ([UInt8]) -> Void

    /// A buffer that hands `write` blocks of at most `capacity` bytes (and longer pieces whole).
    package init(capacity: Int, write: @escaping ([UInt8]) -> Void) {
        self.capacity = max(capacity, 24)
        bytes = .allocate(capacity: self.capacity)
        self.write = write
    }

    deinit { bytes.deallocate() }

    /// Hands on what is buffered.
    @inlinable
    package mutating func flush() {
        if count > 0 { write(Array(UnsafeBufferPointer(start: bytes, count: count))) }
        count = 0
    }

    /// Makes room for `needed` more bytes, or returns false when they can never fit.
    @inlinable @inline(__always)
    mutating func reserve(_ needed: Int) -> Bool {
        if count + needed > capacity { flush() }
        return needed <= capacity
    }

    /// Appends the bytes of `piece`.
    @inlinable
    package mutating func append(contentsOf piece: UnsafeBufferPointer<UInt8>) {
        guard let start = piece.baseAddress else { return }
        guard reserve(piece.count) else {
            write(Array(piece))
            return
        }
        (bytes + count).update(from: start, count: piece.count)
        count += piece.count
    }

    /// Appends `piece`.
    @inlinable
    package mutating func append(_ piece: [UInt8]) {
        piece.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        _ = reserve(1)
        bytes[count] = byte
        count += 1
    }

    /// Appends what `body` stores at the pointer it is given: at most `most` bytes (which
    /// must be no more than 24), returning how many it stored.
    @inlinable @inline(__always)
    package mutating func append(
        atMost most: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int
    ) {
        _ = reserve(most)
        count += body(bytes + count)
    }

    /// Appends what `body` stores at the pointer it is given: at most `most` bytes, returning
    /// how many it stored. When `most` bytes can never fit, `body` stores them in a block of
    /// their own, handed on whole after what is buffered.
    @inlinable @inline(__always)
    package mutating func append(
        reserving most: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int
    ) {
        guard reserve(most) else {
            write(
                [UInt8](unsafeUninitializedCapacity: most) { block, stored in
                    stored = block.baseAddress.map(body) ?? 0
                })
            return
        }
        count += body(bytes + count)
    }

    /// Appends `number` in decimal, with `fill` bytes before it up to `width` bytes.
    @inlinable
    package mutating func appendDecimal(_ number: Int, width: Int = 0, fill: UInt8 = 0x30) {
        var digits = 1
        var rest = number.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let sign = number < 0 ? 1 : 0
        for _ in 0..<max(width - digits - sign, 0) { append(fill) }
        if sign == 1 { append(0x2D) }
        _ = reserve(digits)
        rest = number.magnitude
        var index = count + digits
        while index > count {
            index -= 1
            bytes[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
        }
        count += digits
    }
}
