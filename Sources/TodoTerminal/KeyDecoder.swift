/// Turns the bytes a terminal in raw mode sends into keys.
///
/// It knows the common encodings: CSI (`ESC [`) and SS3 (`ESC O`) cursor keys in normal and
/// application mode, Home and End as `ESC [ H`/`F`, `ESC O H`/`F`, `ESC [ 1 ~`/`4 ~` and
/// `ESC [ 7 ~`/`8 ~`, modifier parameters (`ESC [ 1 ; 5 A` is ↑), bracketed paste, UTF-8 text
/// and Ctrl-letters. Input may arrive cut anywhere; an incomplete sequence waits for the next
/// bytes. Esc alone and the start of a sequence look the same, so when ``isWaiting`` is true and
/// nothing more arrives within a short time (50 ms is usual), the caller calls ``flush()``.
package struct KeyDecoder: Sendable {
    /// Bytes of an incomplete key.
    private var pending: [UInt8] = []
    /// The text of a bracketed paste being read, `nil` outside one.
    private var pasted: [UInt8]?

    /// A paste this long is handed over in parts.
    private static let pasteChunk = 1 << 20
    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// Creates a decoder.
    package init() {}

    /// Whether bytes of an incomplete key or paste are held back.
    package var isWaiting: Bool { !pending.isEmpty }

    /// The keys that `bytes`, after any held back, complete.
    package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return run(atEnd: false)
    }

    /// The keys held back, taken as complete: a lone `ESC` is Esc, the bytes after it decode on
    /// their own. A paste in progress goes on.
    package mutating func flush() -> [Key] {
        run(atEnd: true)
    }

    private mutating func run(atEnd: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if pasted != nil {
                index = readPaste(from: index, into: &keys)
                if pasted != nil { break }
                continue
            }
            if let (key, length) = KeyDecoder.parse(pending, at: index) {
                index += length
                if key == .unknown([0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]) {
                    pasted = []
                } else {
                    keys.append(key)
                }
            } else if atEnd {
                if pending[index] == 0x1B {
                    keys.append(.escape)
                    index += 1
                } else {
                    keys.append(.unknown(Array(pending[index...])))
                    index = pending.count
                }
            } else {
                break
            }
        }
        pending.removeFirst(index)
        return keys
    }

    /// Moves pasted bytes from `pending` into the paste; returns where reading stopped.
    private mutating func readPaste(from start: Int, into keys: inout [Key]) -> Int {
        var index = start
        var text = pasted ?? []
        defer { if pasted != nil { pasted = text } }
        while index < pending.count {
            if pending[index] == 0x1B {
                let available = min(pending.count - index, KeyDecoder.pasteEnd.count)
                if pending[index..<(index + available)].elementsEqual(
                    KeyDecoder.pasteEnd.prefix(available))
                {
                    guard available == KeyDecoder.pasteEnd.count else { return index }
                    keys.append(.paste(String(decoding: text, as: UTF8.self)))
                    pasted = nil
                    return index + available
                }
            }
            text.append(pending[index])
            index += 1
            if text.count >= KeyDecoder.pasteChunk {
                keys.append(.paste(String(decoding: text, as: UTF8.self)))
                text = []
            }
        }
        return index
    }

    /// The key at `index` and its length in bytes, or `nil` when the bytes end before it does.
    static func parse(_ bytes: [UInt8], at index: Int) -> (Key, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return parseEscape(bytes, at: index)
        case 0x09: return (.tab, 1)
        case 0x0A, 0x0D: return (.enter, 1)
        case 0x08, 0x7F: return (.backspace, 1)
        case 0x00: return (.control("@"), 1)
        case 0x01...0x1A: return (.control(Unicode.Scalar(byte + 0x60)), 1)
        case 0x1C...0x1F: return (.control(Unicode.Scalar(byte + 0x40)), 1)
        case 0x20...0x7E: return (.text(Unicode.Scalar(byte)), 1)
        default:
            return parseUTF8(bytes, at: index).map { scalar, length in
                (
                    scalar.map { Key.text($0) } ?? .unknown(Array(bytes[index..<(index + length)])),
                    length
                )
            }
        }
    }

    /// One UTF-8 scalar: `nil` when incomplete; a `nil` scalar for an invalid byte (length 1)
    /// or a C1 control.
    private static func parseUTF8(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar?, Int)? {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
        default: return (nil, 1)
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return nil }
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return (nil, offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80
        guard value >= minimum, let scalar = Unicode.Scalar(value), !DisplayWidth.isControl(scalar)
        else { return (nil, length) }
        return (scalar, length)
    }

    /// A key that starts with `ESC`.
    private static func parseEscape(_ bytes: [UInt8], at index: Int) -> (Key, Int)? {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case 0x5B: return parseCSI(bytes, at: index)
        case 0x4F:
            guard index + 2 < bytes.count else { return nil }
            let key: Key
            switch bytes[index + 2] {
            case 0x41: key = .up
            case 0x42: key = .down
            case 0x43: key = .right
            case 0x44: key = .left
            case 0x48: key = .home
            case 0x46: key = .end
            case 0x4D: key = .enter
            default: key = .unknown(Array(bytes[index..<(index + 3)]))
            }
            return (key, 3)
        case 0x20...0x7E, 0x80...0xFF:
            guard let (key, length) = parse(bytes, at: index + 1) else { return nil }
            if case .text(let scalar) = key { return (.alt(scalar), length + 1) }
            return (.escape, 1)
        default:
            return (.escape, 1)
        }
    }

    /// `ESC [ parameters intermediates final`.
    private static func parseCSI(_ bytes: [UInt8], at index: Int) -> (Key, Int)? {
        var end = index + 2
        while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        let parameters = bytes[(index + 2)..<min(end, bytes.count)]
        while end < bytes.count, (0x20...0x2F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return nil }
        let final = bytes[end]
        guard (0x40...0x7E).contains(final) else {
            return (.unknown(Array(bytes[index..<end])), end - index)
        }
        if final == 0x5B && end == index + 2 {
            guard end + 1 < bytes.count else { return nil }
            return (.unknown(Array(bytes[index...(end + 1)])), end + 2 - index)
        }
        let length = end + 1 - index
        let digits = parameters.prefix { $0 >= 0x30 && $0 <= 0x39 }
        let first = digits.reduce(0) { min($0 * 10 + Int($1 - 0x30), 10_000) }
        let key: Key
        switch final {
        case 0x41: key = .up
        case 0x42: key = .down
        case 0x43: key = .right
        case 0x44: key = .left
        case 0x48: key = .home
        case 0x46: key = .end
        case 0x5A: key = .backTab
        case 0x7E:
            switch first {
            case 1, 7: key = .home
            case 4, 8: key = .end
            case 2: key = .insert
            case 3: key = .delete
            case 5: key = .pageUp
            case 6: key = .pageDown
            default: key = .unknown(Array(bytes[index..<(index + length)]))
            }
        default: key = .unknown(Array(bytes[index..<(index + length)]))
        }
        return (key, length)
    }
}
