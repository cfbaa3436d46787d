import Testing
import TodoTxt

/// What goes through a text buffer comes out whole, in order, in blocks no larger than its
/// capacity (a piece larger than that alone), whatever mix of appends made it.
struct TextBufferTests {
    @Test(arguments: [24, 25, 64, 1_000])
    func blocksJoinToWhatWasAppended(capacity: Int) {
        var blocks: [[UInt8]] = []
        var expected: [UInt8] = []
        var largePieces = 0
        var state: UInt64 = UInt64(capacity)
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var buffer = TextBuffer(capacity: capacity) { blocks.append($0) }
        for _ in 0..<2_000 {
            switch next(6) {
            case 0:
                let byte = UInt8(next(256))
                buffer.append(byte)
                expected.append(byte)
            case 1:
                let piece = (0..<next(3 * capacity)).map { UInt8(truncatingIfNeeded: $0) }
                if piece.count > capacity { largePieces += 1 }
                buffer.append(piece)
                expected += piece
            case 2:
                let piece = [UInt8](repeating: 0x61, count: next(40))
                if piece.count > capacity { largePieces += 1 }
                piece.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
                expected += piece
            case 3:
                let number = next(2_000_000) - 1_000_000
                let width = next(12)
                buffer.appendDecimal(number, width: width, fill: 0x20)
                let digits = Array(String(number).utf8)
                expected += [UInt8](repeating: 0x20, count: max(width - digits.count, 0)) + digits
            case 4:
                // Room for up to three buffers' worth; all of it stored when it cannot fit.
                let most = next(3 * capacity)
                let stored = most > capacity ? most : next(most + 1)
                if stored > capacity { largePieces += 1 }
                let piece = (0..<stored).map { UInt8(truncatingIfNeeded: $0 &* 7) }
                buffer.append(reserving: most) { pointer in
                    pointer.update(from: piece, count: stored)
                    return stored
                }
                expected += piece
            default:
                buffer.append(atMost: 10) { pointer in
                    pointer.update(repeating: 0x7A, count: 7)
                    return 7
                }
                expected += [UInt8](repeating: 0x7A, count: 7)
            }
        }
        buffer.flush()
        #expect(Array(blocks.joined()) == expected)
        #expect(blocks.allSatisfy { !$0.isEmpty })
        // Only a piece larger than the buffer is handed on in a block larger than it, alone.
        #expect(blocks.filter { $0.count > capacity }.count == largePieces)
        #expect(largePieces > 0)
    }

    @Test func decimalsArePaddedToTheirWidthBeforeAnySign() {
        var output: [UInt8] = []
        var buffer = TextBuffer(capacity: 64) { output += $0 }
        for (number, width) in [(0, 0), (7, 3), (123_456, 3), (-42, 5), (Int.max, 0), (Int.min, 0)]
        {
            buffer.appendDecimal(number, width: width)
            buffer.append(0x0A)
        }
        buffer.flush()
        #expect(
            String(decoding: output, as: UTF8.self)
                == "0\n007\n123456\n00-42\n\(Int.max)\n\(Int.min)\n")
    }
}
