import TestSupport
import Testing
import TodoTxt

/// The word-at-a-time line-feed scan behind `TodoList(bytes:)` finds exactly the line feeds a
/// byte-by-byte split finds, wherever they fall in a 16-byte step and whatever bytes surround
/// them (bytes near 0x0A and high bytes are where such scans go wrong).
@Suite struct LineSplittingTests {
    /// The lines a plain byte-by-byte split finds: content and whether a CR preceded the LF.
    static func reference(_ bytes: [UInt8]) -> [([UInt8], LineTerminator)] {
        var lines: [([UInt8], LineTerminator)] = []
        var current: [UInt8] = []
        for byte in bytes {
            if byte == 0x0A {
                if current.last == 0x0D {
                    current.removeLast()
                    lines.append((current, .crlf))
                } else {
                    lines.append((current, .lf))
                }
                current = []
            } else {
                current.append(byte)
            }
        }
        if !current.isEmpty { lines.append((current, .none)) }
        return lines
    }

    @Test func randomBytesSplitLikeAByteByByteScan() {
        var generator = SeededGenerator(seed: 0x11F)
        let alphabet: [UInt8] = [0x0A, 0x0B, 0x09, 0x0D, 0x00, 0x01, 0x8A, 0x80, 0xFF, 0x61, 0x7F]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...90, using: &generator)
            var bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes[0] = 0x61 }
            let list = TodoList(bytes: bytes)
            let expected = Self.reference(bytes)
            #expect(list.count == expected.count, "\(bytes)")
            for (line, (content, terminator)) in zip(list, expected) {
                #expect(Array(line.content) == content, "\(bytes)")
                #expect(line.terminator == terminator, "\(bytes)")
            }
        }
    }

    @Test(arguments: 0..<40)
    func aLineFeedAtEveryOffsetIsFound(offset: Int) {
        let bytes = [UInt8](repeating: 0x0B, count: offset) + [0x0A] + [0x8A, 0x0A, 0x09]
        let list = TodoList(bytes: bytes)
        #expect(list.count == 3)
        #expect(list.first?.content.count == offset)
    }
}
