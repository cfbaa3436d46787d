import Testing

@testable import TodoHistory

/// The entry `undo` takes back, found in a history file without reading its lines, the undo's
/// record written by copying them, and `undo --list`'s lines: the same as decoding the whole
/// history, taking its ``History/undoTarget``, recording the change turned around, and
/// listing its entries.
@Suite struct StoredEntryTests {
    /// A reader of `bytes` at offsets, as a history file is read.
    static func reader(_ bytes: [UInt8]) -> (UnsafeMutableRawBufferPointer, Int64) -> Int? {
        { buffer, offset in
            guard offset < bytes.count else { return 0 }
            let count = min(buffer.count, bytes.count - Int(offset))
            buffer.copyBytes(from: bytes[Int(offset)..<(Int(offset) + count)])
            return count
        }
    }

    @Test(arguments: [(1, 1, 10), (6, 40, 1_000), (3, 3, 300_000), (9, 2_000, 30)])
    func theUndoTargetAndTheUndosRecordMatchTheWholeHistory(
        steps: Int, lines: Int, width: Int
    ) throws {
        var history = History()
        for step in 0..<steps {
            // Changes with neighbours at the file's ends and in the middle, two files at once.
            history.record(
                command: "c\(step)", time: Int64(step),
                files: RecentHistoryTests.change(step, lines: lines, width: width)
                    + RecentHistoryTests.change(step + 1, lines: 2, width: 3))
            if step % 3 == 2, let target = history.undoTarget {
                history.record(
                    command: "undo", time: 0, files: target.files.map(\.inverted),
                    undid: target.id)
            }
            let bytes = history.encoded()
            let read = Self.reader(bytes)
            let found = try #require(History.findingUndoTarget(read: read), "step \(step)")
            let target = try #require(history.undoTarget)
            let stored = try #require(found.target)
            #expect(found.nextID == (history.entries.last?.id ?? 0) + 1)
            #expect(stored.id == target.id && stored.command == target.command)
            #expect(History.decodingEntry(stored, read: read) == target)
            // `undo --list` from the headers alone.
            let listed = try #require(History.listing(read: read))
            #expect(
                listed.map { "\($0.time) \($0.command) \($0.summary)" }
                    == history.entries.map { "\($0.time) \($0.command) \($0.summary)" })
            // The record of the undo, appended to the file as it is.
            var appended = bytes
            var lines = StoredLines(read: read)
            let complete = History.encodeUndo(
                of: stored, id: found.nextID, time: 77, lines: &lines
            ) { appended += $0 }
            #expect(complete)
            var expected = history
            expected.record(
                command: "undo", time: 77, files: target.files.map(\.inverted), undid: target.id)
            #expect(try History(decoding: appended) == expected, "step \(step)")
        }
    }

    @Test func anEmptyHistoryHasNothingToUndoAndOtherVersionsAreLeftToTheWholeRead() {
        let empty = History.findingUndoTarget(read: Self.reader(Array("todo-history 2\n".utf8)))
        #expect(empty?.target == nil && empty?.nextID == 1)
        #expect(History.findingUndoTarget(read: Self.reader(Array("todo-history 1\n".utf8))) == nil)
        #expect(History.findingUndoTarget(read: Self.reader([])) == nil)
    }
}
