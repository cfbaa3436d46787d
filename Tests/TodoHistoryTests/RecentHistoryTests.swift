import Testing

@testable import TodoHistory

/// Reading only the entries that recording one more change keeps gives the history that
/// reading it whole and recording gives.
@Suite struct RecentHistoryTests {
    /// `bytes` read through the piece reader's closure.
    static func recent(_ bytes: [UInt8]) -> History? {
        History.decodingRecent(read: StoredEntryTests.reader(bytes))
    }

    /// A change of `lines` lines of about `width` bytes, some neighbours at the file's ends.
    static func change(_ step: Int, lines: Int, width: Int) -> [FileChange] {
        let old = (0..<lines).map { "old \(step) \($0) " + String(repeating: "o", count: width) }
        let new = (0..<lines).map { "new \(step) \($0)\r" }
        return [
            FileChange(
                path: step % 2 == 0 ? "todo.txt" : "dir/dönë.txt",
                before: Array(("top\n" + old.joined(separator: "\n") + "\n").utf8),
                after: Array(("top\n" + new.joined(separator: "\n")).utf8))
        ]
    }

    @Test(arguments: [(150, 1, 10), (30, 40, 1_000), (12, 3, 300_000), (3, 2_000, 100)])
    func recordingOnTheRecentEntriesKeepsWhatRecordingOnTheWholeHistoryKeeps(
        steps: Int, lines: Int, width: Int
    ) throws {
        var history = History()
        for step in 0..<steps {
            history.record(
                command: "c\(step)", time: Int64(step),
                files: Self.change(step, lines: lines, width: width))
            if step % 7 == 3, let target = history.undoTarget {
                history.record(
                    command: "undo", time: 0, files: Self.change(step, lines: 1, width: 1),
                    undid: target.id)
            }
            let bytes = history.encoded()
            var whole = try History(decoding: bytes)
            let read = Self.recent(bytes)
            #expect(read != nil, "step \(step): the recent entries were not read")
            guard var recent = read else { return }
            let next = Self.change(step + 1, lines: lines, width: width)
            whole.record(command: "next", time: 9, files: next)
            recent.record(command: "next", time: 9, files: next)
            #expect(recent == whole, "step \(step)")
            #expect(recent.entries.count <= whole.entries.count)
        }
    }

    @Test func anEmptyFileIsAnEmptyHistoryAndOtherVersionsAreLeftToTheWholeRead() throws {
        #expect(Self.recent([]) == nil)
        #expect(Self.recent(Array("todo-history 1\n".utf8)) == nil)
        #expect(Self.recent(Array("todo-history 2\n".utf8)) == History())
        #expect(Self.recent(Array("todo-history 2\nE 1 2 - 1\n5\nab".utf8)) == nil)
    }
}
