import TestSupport
import Testing
import TodoTxt

@testable import TodoHistory

/// Records made from the stretches of lines a store changed without reading the whole file
/// (``FileChange/init(path:stretches:)``) are the records made from what a whole-file rewrite
/// writes.
@Suite struct FileChangeStretchTests {

    @Test(arguments: 0..<40)
    func stretchesGiveTheRecordOfTheWholeRewrite(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9 &+ 7)
        let count = Int.random(in: 1...30, using: &random)
        var text = seed % 3 == 0 ? "\u{FEFF}" : ""
        for number in 0..<count {
            text += "task \(number)"
            if number < count - 1 || seed % 2 == 0 { text += seed % 5 == 0 ? "\r\n" : "\n" }
        }
        let before = Array(text.utf8)
        var list = TodoList(bytes: before)
        let changed = Set(
            (0..<Int.random(in: 1...4, using: &random)).map { _ in
                Int.random(in: 0..<count, using: &random)
            })
        for index in changed { list.replaceLine(at: index, with: Array("new \(index)".utf8)) }
        let whole = list.withSerializedPieces {
            FileChange(path: "todo.txt", before: before, after: $0)
        }
        // The stretches a store reports: runs of neighbouring changed lines, each between its
        // unchanged neighbours.
        let old = linesWithTerminators(before)
        let new = linesWithTerminators(list.serialized())
        var stretches: [LineStretch] = []
        var index = 0
        while index < count {
            guard changed.contains(index) else {
                index += 1
                continue
            }
            var end = index
            while changed.contains(end + 1) { end += 1 }
            stretches.append(
                LineStretch(
                    firstLine: index, before: old[index...end].map { $0[...] },
                    after: new[index...end].map { $0[...] },
                    above: index > 0 ? old[index - 1] : nil,
                    below: end + 1 < count ? old[end + 1] : nil))
            index = end + 1
        }
        let fromStretches = FileChange(path: "todo.txt", stretches: stretches)
        #expect(fromStretches == whole)
        #expect(try fromStretches.undo(current: list.serialized()) == before)
    }
}
