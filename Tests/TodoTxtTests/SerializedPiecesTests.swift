import TestSupport
import Testing
import TodoTxt

/// `withSerializedPieces` hands a writer the same bytes as `serialized()`, in few pieces, with
/// unchanged runs pointing into the original buffer.
struct SerializedPiecesTests {
    static func joined(_ list: TodoList) -> [UInt8] {
        list.withSerializedPieces { pieces in pieces.flatMap { Array($0) } }
    }

    static let files: [String] = [
        "", "a", "a\n", "a\nb", "a\r\nb\r\n", "\u{FEFF}a\nb\n", "a\n\n\nb\r\nc", "x\r", "\n",
        "a\rb\r\n\rc\n", "\u{FEFF}",
    ]

    @Test(arguments: files)
    func anUnchangedListIsOnePieceOfTheOriginal(_ file: String) {
        let list = TodoList(parsing: file)
        #expect(Self.joined(list) == Array(file.utf8))
        let count = list.withSerializedPieces { $0.count }
        #expect(count <= 1)
    }

    @Test func anEditInTheMiddleOfABigFileIsThreePieces() {
        var list = TodoList(parsing: (0..<1000).map { "task \($0)\n" }.joined())
        list.replaceLine(at: 500, with: Array("edited".utf8))
        #expect(list.withSerializedPieces { $0.count } == 4)  // before, line, LF, after
        #expect(Self.joined(list) == list.serialized())
    }

    @Test func randomEditsAlwaysGiveTheSerializedBytes() {
        var random = SeededGenerator(seed: 12)
        let pool = ["", "a", "b c", "x done\r", "(A) task", " "]
        for round in 0..<400 {
            let file = Self.files[round % Self.files.count]
            var list = TodoList(parsing: file)
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let text = Array(pool[Int.random(in: 0..<pool.count, using: &random)].utf8)
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !list.isEmpty:
                    list.replaceLine(at: Int.random(in: 0..<list.count, using: &random), with: text)
                case 1 where !list.isEmpty:
                    list.removeLine(at: Int.random(in: 0..<list.count, using: &random))
                case 2 where !list.isEmpty:
                    list.removeLines(at: [0, list.count - 1])
                default:
                    list.appendLine(text)
                }
            }
            #expect(
                Self.joined(list) == list.serialized(), "round \(round): \(file.debugDescription)")
        }
    }
}
