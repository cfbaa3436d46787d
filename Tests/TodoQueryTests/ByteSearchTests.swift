import Testing

@testable import TodoQuery

/// The vector and word scans of ``ByteSearch`` agree with a byte-by-byte search at every offset
/// and length (the vector loop, the word loop and the tail each get their turn).
struct ByteSearchTests {
    /// Bytes with line feeds, letters of both cases and high bytes, from a fixed seed.
    static let haystack: [UInt8] = {
        var state: UInt64 = 0xB17E
        var bytes: [UInt8] = []
        let alphabet = Array("aAbBpPhHoOnNeE@ \n\r\u{1}".utf8) + [0xC3, 0xA9, 0xFF, 0x00]
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
        }
        return bytes
    }()

    @Test func lineFeedIsTheFirstOne() {
        Self.haystack.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in 0..<200 {
                for end in stride(from: start, through: buffer.count, by: 37) {
                    let expected = (start..<end).first { base[$0] == 0x0A } ?? end
                    #expect(ByteSearch.lineFeed(in: base, from: start, to: end) == expected)
                }
            }
        }
    }

    @Test(arguments: ["@phone", "e", "ph", "one@", "\u{1}a", "bbbbbbbbbbbbbbbbbbbbbb", "o\ne"])
    func foldedSearchFindsTheFirstOccurrence(needle: String) {
        let target = Array(needle.lowercased().utf8)
        Self.haystack.withUnsafeBufferPointer { buffer in
            let folded = buffer.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            for start in stride(from: 0, to: buffer.count, by: 7) {
                var expected = buffer.count
                if folded.count >= target.count {
                    for position in start..<max(start, folded.count - target.count + 1)
                    where folded[position..<position + target.count].elementsEqual(target) {
                        expected = position
                        break
                    }
                }
                #expect(
                    ByteSearch.firstIndex(folded: target, in: buffer, from: start) == expected,
                    "\(needle) from \(start)")
            }
        }
    }
}
