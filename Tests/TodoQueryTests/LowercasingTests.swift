import Testing

@testable import TodoQuery

/// Smart case and the `text` sort key lower-case by scalars; the byte-level path gives what
/// `String.lowercased()` gives, invalid UTF-8 included.
struct LowercasingTests {
    static let pieces: [[UInt8]] = [
        Array("Call MOM".utf8), Array("Ärger ÖL ß".utf8), Array("ΣΟΦΊΑ ς".utf8),
        Array("İstanbul".utf8), Array("ǅ ǈ Ⅻ Ⓐ".utf8), Array("😀 ＡＢＣ".utf8), Array("Ꭰ".utf8),
        [0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x20],
    ]

    @Test func matchesStringLowercasedOnRandomText() {
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<5000 {
            var bytes: [UInt8] = []
            for _ in 0..<(1 + next(6)) { bytes += Self.pieces[next(Self.pieces.count)] }
            let expected = Array(String(decoding: bytes, as: UTF8.self).lowercased().utf8)
            #expect(TextPattern.lowercased(bytes) == expected, "round \(round): \(bytes)")
        }
    }
}
