import Testing

@testable import TodoHistory

/// A change of one line of `todo.txt`, from `old` to `new`.
private func change(_ old: String, _ new: String) -> [FileChange] {
    [
        FileChange(
            path: "todo.txt", before: Array((old + "\n").utf8), after: Array((new + "\n").utf8))
    ]
}

@Suite struct HistoryTests {
    @Test func consecutiveUndosWalkBackAndAreThemselvesUndoable() {
        var history = History()
        history.record(command: "c1", time: 1, files: change("a", "b"))
        history.record(command: "c2", time: 2, files: change("b", "c"))
        #expect(history.undoTarget?.command == "c2")
        history.record(command: "undo", time: 3, files: change("c", "b"), undid: 2)
        #expect(history.undoTarget?.command == "c1")
        history.record(command: "undo", time: 4, files: change("b", "a"), undid: 1)
        #expect(history.undoTarget == nil)
        // Another command: the undos before it become changes like any other.
        history.record(command: "c3", time: 5, files: change("a", "d"))
        #expect(history.undoTarget?.command == "c3")
        history.record(command: "undo", time: 6, files: change("d", "a"), undid: 5)
        let target = history.undoTarget
        #expect(target?.command == "undo" && target?.undid == 1)
    }

    @Test func changesThatTouchNothingAreNotRecorded() {
        var history = History()
        history.record(command: "ls", time: 1, files: change("a", "a"))
        history.record(command: "none", time: 1, files: [])
        #expect(history.entries.isEmpty)
    }

    @Test func keepsTheLastHundredChanges() {
        var history = History()
        for step in 0..<150 {
            history.record(command: "c\(step)", time: 0, files: change("a", "b\(step)"))
        }
        #expect(history.entries.count == History.maximumEntries)
        #expect(history.entries.first?.command == "c50")
        #expect(history.entries.last?.id == 150)
    }

    @Test func staysWithinItsByteBoundButKeepsTheNewestChange() {
        var history = History()
        let big = String(repeating: "x", count: 400_000)
        for step in 0..<5 {
            history.record(command: "c\(step)", time: 0, files: change("a", big + "\(step)"))
        }
        // Besides the newest entry, at most a megabyte.
        #expect(history.entries.map(\.command) == ["c2", "c3", "c4"])
        let huge = String(repeating: "y", count: 3_000_000)
        history.record(command: "huge", time: 0, files: change("a", huge))
        #expect(history.entries.map(\.command) == ["c3", "c4", "huge"])
        #expect(history.encoded().count < History.maximumBytes + 3_000_000 + 1_000)
    }

    @Test func undosKeepTheChangesTheyWalkTowards() {
        var history = History()
        for step in 1...100 {
            history.record(command: "c\(step)", time: 0, files: change("a", "b"))
        }
        for _ in 1...100 {
            guard let target = history.undoTarget else { break }
            history.record(command: "undo", time: 0, files: change("b", "a"), undid: target.id)
        }
        #expect(history.entries.count == 200)
        #expect(history.undoTarget == nil)
        history.record(command: "next", time: 0, files: change("a", "c"))
        #expect(history.entries.count == 100)
        #expect(history.entries.last?.command == "next")
    }

    @Test func keepsAnyBytes() throws {
        var history = History()
        let before: [UInt8] = [0xEF, 0xBB, 0xBF, 0x61, 0x0D, 0x0A, 0xFF, 0x00, 0x0A]
        let after: [UInt8] = [0xEF, 0xBB, 0xBF, 0x61, 0x0D, 0x0A, 0x62, 0x0A, 0x0A, 0x0A]
        history.record(
            command: "replace 2 \u{1F600}", time: -5,
            files: [FileChange(path: "/tmp/ünï code/todo.txt", before: before, after: after)])
        let read = try History(decoding: history.encoded())
        #expect(read == history)
        #expect(try read.entries[0].files[0].undo(current: after) == before)
    }

    @Test(arguments: [
        "nonsense", "todo-history 1\nE 1 2\n", "todo-history 1\nE 1 2 - 1 3\nabc",
        "todo-history 1\nE 1 2 - 1\n3\nabcF 9 1 2 3 4 1\n", "todo-history 3\n",
        "todo-history 2\nE 1 2 - 1\n3\nabcF 1\n1\npH 0 0 0 0 zz -\n",
        "todo-history 1\nE 1 2 - 1\n99999\nab",
    ])
    func rejectsDamagedFiles(text: String) {
        #expect(throws: HistoryFormatError.self) { try History(decoding: Array(text.utf8)) }
    }

    /// A history written by version 1 (the neighbouring lines kept whole) is still read, and
    /// its change is taken back.
    @Test func readsAVersion1History() throws {
        let file =
            "todo-history 1\nE 4 100 - 1\n4\ndo 2F 1\n8\ntodo.txtH 1 1 1 1 1 1\n"
            + "2\nb\n4\nx b\n2\na\n2\nc\n"
        let history = try History(decoding: Array(file.utf8))
        let entry = try #require(history.undoTarget)
        #expect(entry.id == 4 && entry.command == "do 2")
        let hunk = try #require(entry.files.first?.hunks.first)
        #expect(hunk.above == LineHash(of: Array("a\n".utf8)))
        #expect(hunk.below == LineHash(of: Array("c\n".utf8)))
        let now = Array("z\na\nx b\nc\n".utf8)
        #expect(try entry.files[0].undo(current: now) == Array("z\na\nb\nc\n".utf8))
        // Written again as version 2, it reads back the same.
        #expect(try History(decoding: history.encoded()) == history)
        #expect(history.encoded().starts(with: Array("todo-history 2\n".utf8)))
    }

    /// A large history is handed out in pieces that make the same bytes.
    @Test func encodesInPieces() {
        var history = History()
        let lines = (0..<30_000).map { "task \($0)\n" }
        history.record(
            command: "archive", time: 1,
            files: [
                FileChange(
                    path: "todo.txt", before: Array(lines.joined().utf8),
                    after: Array(
                        lines.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
                            .joined().utf8))
            ])
        var pieces: [[UInt8]] = []
        history.encode { pieces.append($0) }
        #expect(pieces.count > 1)
        #expect(pieces.joined().elementsEqual(history.encoded()))
    }

    @Test func summarisesEachFile() {
        let entry = HistoryEntry(
            id: 1, time: 0, command: "do 2",
            files: [
                FileChange(
                    path: "/home/me/todo.txt", before: Array("a\nb\n".utf8),
                    after: Array("a\nx b\nc\n".utf8)),
                FileChange(
                    path: "/home/me/done.txt", before: [], after: Array("x 1\n".utf8)),
            ])
        #expect(entry.summary == "todo.txt -1 +2, done.txt +1")
    }

    @Test func eachTodoFileHasItsOwnHistoryFile() {
        let a = History.fileName(forTodoFile: "/home/me/todo.txt")
        let b = History.fileName(forTodoFile: "/home/me/work/todo.txt")
        #expect(a != b)
        #expect(a.hasPrefix("todo.txt-") && a.count == "todo.txt-".count + 16)
        #expect(History.fileName(forTodoFile: "/x/my tasks.txt").hasPrefix("todo-"))
    }

    @Test func anEmptyFileIsAnEmptyHistory() throws {
        #expect(try History(decoding: []) == History())
    }
}
