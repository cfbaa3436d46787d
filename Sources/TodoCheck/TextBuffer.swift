/// The bytes of a report on their way out: appended in place to one buffer, handed on as a
/// block whenever it is nearly full (and by ``flush()``), so that writing a finding costs a few
/// copies, not a growing array's checks.
struct TextBuffer: ~Copyable {
    private let bytes: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0
    private let write: ([UInt8]) -> Void

    /// A buffer that hands `write` blocks of about `capacity` bytes (and longer pieces whole).
    init(capacity: Int, write: @escaping ([UInt8]) -> Void) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
        self.write = write
    }

    deinit { bytes.deallocate() }

    /// Hands on what is buffered.
    mutating func flush() {
        if count > 0 { write(Array(UnsafeBufferPointer(start: bytes, count: count))) }
        count = 0
    }

    /// Makes room for `needed` more bytes, or returns false when they can never fit.
    private mutating func reserve(_ needed: Int) -> Bool {
        if count + needed > capacity { flush() }
        return needed <= capacity
    }

    /// Appends `piece`.
    mutating func append(_ piece: [UInt8]) {
        guard reserve(piece.count) else {
            write(piece)
            return
        }
        piece.withUnsafeBufferPointer { source in
            guard let start = source.baseAddress else { return }
            (bytes + count).update(from: start, count: source.count)
        }
        count += piece.count
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        _ = reserve(1)
        bytes[count] = byte
        count += 1
    }

    /// Appends the ten bytes of `date`.
    mutating func append(_ date: DateBytes) {
        _ = reserve(10)
        date.store(to: bytes + count)
        count += 10
    }

    /// Appends `number` in decimal.
    mutating func appendDecimal(_ number: Int) {
        guard number >= 0 else {
            append(Array(String(number).utf8))
            return
        }
        _ = reserve(20)
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        rest = number
        var index = count + digits
        while index > count {
            index -= 1
            bytes[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
        }
        count += digits
    }
}
