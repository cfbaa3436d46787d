import Testing
import TodoTxt

@testable import TodoHistory

/// Records made from the pieces a store writes (``FileChange/init(path:before:after:)-pieces``):
/// pieces inside the old bytes are unchanged stretches, the others are new.
@Suite struct FileChangePiecesTests {
    /// The change from `before` to `list` (made from `before` and edited), through the pieces
    /// the list writes.
    private func change(_ before: [UInt8], _ list: TodoList) -> FileChange {
        list.withSerializedPieces { FileChange(path: "todo.txt", before: before, after: $0) }
    }

    @Test(arguments: FileChangeTests.edits)
    func piecesThatCopyNothingGiveTheSameRecordAsBytes(
        name: String, before: String, after: String
    ) throws {
        let old = Array(before.utf8)
        let new = Array(after.utf8)
        let change = new.withUnsafeBytes {
            FileChange(path: "todo.txt", before: old, after: [$0])
        }
        #expect(change == FileChange(path: "todo.txt", before: old, after: new))
        #expect(try change.undo(current: new) == old)
    }

    /// The typical edits, each done on a list, recorded from its pieces, and undone.
    @Test(arguments: [
        "a\nb\nc\nd\n", "a\r\nb\r\nc\r\nd\r\n", "a\nb\nc\nd", "\u{FEFF}a\nb\nc\nd\n",
        "a\n\nb\n\n", "a\nb\r\nc\nd",
    ])
    func editsOfAListUndoToTheExactBytes(text: String) throws {
        let before = Array(text.utf8)
        let edits: [(inout TodoList) -> Void] = [
            { $0.replaceLine(at: 0, with: Array("(A) a".utf8)) },
            { $0.replaceLine(at: 1, with: Array("x 2024-05-15 b".utf8)) },
            { $0.replaceLine(at: $0.count - 1, with: Array("last".utf8)) },
            { $0.replaceLine(at: 2, with: []) },
            { $0.appendLine(Array("new".utf8)) },
            { $0.removeLines(at: [1, 2]) },
            { $0.removeLines(at: [0, $0.count - 1]) },
            { $0.removeLines(at: Array(0..<$0.count)) },
            { list in
                list.replaceLine(at: 1, with: Array("b2".utf8))
                list.replaceLine(at: 2, with: Array("c2".utf8))
                list.appendLine(Array("e".utf8))
            },
            { $0.replaceLine(at: 1, with: Array("b".utf8)) },
        ]
        for edit in edits {
            var list = TodoList(bytes: before)
            edit(&list)
            let after = list.serialized()
            let change = change(before, list)
            #expect(change.isEmpty == (after == before))
            #expect(try change.undo(current: after) == before, "\(after)")
        }
    }

    /// One line changed in a file of 100,000: one hunk, the line and its neighbours, with the
    /// right line numbers.
    @Test func oneLineOfAHundredThousandIsOneHunk() throws {
        let before = Array((0..<100_000).map { "task \($0)\n" }.joined().utf8)
        var list = TodoList(bytes: before)
        list.replaceLine(at: 70_000, with: Array("x task 70000".utf8))
        let change = change(before, list)
        #expect(
            change.hunks == [
                Hunk(
                    beforeStart: 70_000, afterStart: 70_000, before: [Array("task 70000\n".utf8)],
                    after: [Array("x task 70000\n".utf8)], above: Array("task 69999\n".utf8),
                    below: Array("task 70001\n".utf8))
            ])
        #expect(try change.undo(current: list.serialized()) == before)
    }

    /// An archive of scattered lines: one hunk per stretch of removed lines, later hunks
    /// shifted by the lines removed before them, and the exact bytes back.
    @Test func scatteredRemovalsAreRecordedLineByLine() throws {
        let before = Array((0..<20_000).map { "task \($0 % 700)\n" }.joined().utf8)
        var list = TodoList(bytes: before)
        let doomed = (0..<20_000).filter { $0 % 4 == 1 || $0 % 9 == 2 }
        list.removeLines(at: doomed)
        let change = change(before, list)
        #expect(change.removedLines == doomed.count)
        #expect(change.addedLines == 0)
        #expect(change.hunks.first?.afterStart == 1)
        #expect(try change.undo(current: list.serialized()) == before)
    }

    /// Two edits on one line and edits on neighbouring lines join into one stretch.
    @Test func editsThatTouchJoin() throws {
        let before = Array("a b c\nd\ne\nf\n".utf8)
        let after = Array("A b C\nD\ne\nF\n".utf8)
        // Pieces: "A", " b ", "C", "\n", "D", "\ne\n", "F", "\n", as a store could write them.
        let change = before.withUnsafeBytes { old in
            after.withUnsafeBytes { new in
                let pieces = [
                    UnsafeRawBufferPointer(rebasing: new[0..<1]),
                    UnsafeRawBufferPointer(rebasing: old[1..<4]),
                    UnsafeRawBufferPointer(rebasing: new[4..<5]),
                    UnsafeRawBufferPointer(rebasing: old[5..<6]),
                    UnsafeRawBufferPointer(rebasing: new[6..<7]),
                    UnsafeRawBufferPointer(rebasing: old[7..<10]),
                    UnsafeRawBufferPointer(rebasing: new[10..<11]),
                    UnsafeRawBufferPointer(rebasing: old[11..<12]),
                ]
                return FileChange(path: "todo.txt", before: before, after: pieces)
            }
        }
        #expect(change.hunks.count == 2)
        #expect(change.hunks.first?.before.count == 2)
        #expect(try change.undo(current: after) == before)
    }

    /// Pieces that take the old bytes out of order are compared as bytes.
    @Test func piecesOutOfOrderAreComparedAsBytes() throws {
        let before = Array("a\nb\nc\n".utf8)
        let change = before.withUnsafeBytes { old in
            FileChange(
                path: "todo.txt", before: before,
                after: [
                    UnsafeRawBufferPointer(rebasing: old[4..<6]),
                    UnsafeRawBufferPointer(rebasing: old[0..<4]),
                ])
        }
        let after = Array("c\na\nb\n".utf8)
        #expect(change == FileChange(path: "todo.txt", before: before, after: after))
        #expect(try change.undo(current: after) == before)
    }
}
