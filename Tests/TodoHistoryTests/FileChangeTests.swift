import TestSupport
import Testing
import TodoTxt

@testable import TodoHistory

/// The bytes of a string.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct FileChangeTests {
    /// Before and after files of typical commands.
    static let edits: [(String, String, String)] = [
        ("add", "a\nb\n", "a\nb\nc\n"),
        ("add without final newline", "a\nb", "a\nb\nc\n"),
        ("first task", "", "a\n"),
        ("do with archive", "a\nb\nc\nd\n", "a\nc\nd\n"),
        ("pri", "a\nb\nc\n", "a\n(A) b\nc\n"),
        ("pri twice", "a\nb\nc\nd\ne\n", "(B) a\nb\nc\n(C) d\ne\n"),
        ("del keeping the line", "a\nb\nc\n", "a\n\nc\n"),
        ("archive everything", "x a\nx b\n", ""),
        ("CRLF", "a\r\nb\r\nc\r\n", "a\r\nb b\r\nc\r\n"),
        ("byte order mark", "\u{FEFF}a\nb\n", "\u{FEFF}(A) a\nb\n"),
        ("duplicate lines", "a\na\na\nb\n", "a\na\nb\n"),
        (
            "recurrence", "a\nb rec:1d\nc\n",
            "a\nx 2024-05-15 b rec:1d\nc\nb rec:1d due:2024-05-16\n"
        ),
        ("replace", "one\ntwo\nthree\n", "one\n2\nthree\n"),
    ]

    @Test(arguments: edits)
    func undoRestoresTheExactBytes(name: String, before: String, after: String) throws {
        let change = FileChange(path: "todo.txt", before: bytes(before), after: bytes(after))
        #expect(try change.undo(current: bytes(after)) == bytes(before))
    }

    @Test(arguments: edits)
    func undoSurvivesTheHistoryFile(name: String, before: String, after: String) throws {
        var history = History()
        history.record(
            command: name, time: 1_715_760_000,
            files: [FileChange(path: "/t/todo.txt", before: bytes(before), after: bytes(after))])
        let read = try History(decoding: history.encoded())
        #expect(read == history)
        let entry = try #require(read.undoTarget)
        #expect(try entry.files[0].undo(current: bytes(after)) == bytes(before))
    }

    /// An archive of thousands of scattered tasks (or an `addm` of thousands) is recorded line
    /// by line, not as one stretch holding the whole file, and undoes to the exact bytes.
    @Test(arguments: [true, false])
    func thousandsOfScatteredRemovalsOrInsertionsAreRecordedLineByLine(removing: Bool) throws {
        let lines = (0..<20_000).map { "task \($0 % 700) +p\($0 % 7)\n" }
        let kept = lines.enumerated().filter { $0.offset % 4 != 1 }.map(\.element)
        let (old, new) = removing ? (lines, kept) : (kept, lines)
        let before = bytes(old.joined())
        let after = bytes(new.joined())
        for change in [
            FileChange(path: "todo.txt", before: before, after: after),
            FileChange(
                path: "todo.txt", before: TodoList(bytes: before), after: TodoList(bytes: after)),
        ] {
            #expect(change.removedLines == (removing ? 5_000 : 0))
            #expect(change.addedLines == (removing ? 0 : 5_000))
            #expect(try change.undo(current: after) == before)
        }
    }

    /// Removed lines put back by hand, all or some, with or without other edits: each comes
    /// back once.
    @Test(arguments: [
        ("x a\nb\nx c\nd\n", "x a\nb\nx c\nd\n"),
        ("x a\nb\nd\n", "x a\nb\nx c\nd\n"),
        ("b\nx c\nd\n", "x a\nb\nx c\nd\n"),
        ("x a\nb\nx c\nd\nnew\n", "x a\nb\nx c\nd\nnew\n"),
        ("b\nd\nnew\n", "x a\nb\nx c\nd\nnew\n"),
    ])
    func linesAlreadyTakenBackAreNotTakenBackTwice(current: String, expected: String) throws {
        let change = FileChange(
            path: "todo.txt", before: bytes("x a\nb\nx c\nd\n"), after: bytes("b\nd\n"))
        #expect(try change.undo(current: bytes(current)) == bytes(expected))
    }

    /// A priority taken off by hand before `undo` of the `pri` that set it: nothing left to do.
    @Test func aReplacementTakenBackByHandStaysAsItIs() throws {
        let change = FileChange(
            path: "todo.txt", before: bytes("a\nb\nc\n"), after: bytes("a\n(A) b\nc\n"))
        #expect(try change.undo(current: bytes("a\nb\nc\nd\n")) == bytes("a\nb\nc\nd\n"))
    }

    @Test func undoKeepsAHandEditElsewhere() throws {
        let before = bytes("(A) call mom\nbuy milk\nwrite report\npay rent\n")
        let after = bytes("(A) call mom\nx 2024-05-15 buy milk\nwrite report\npay rent\n")
        let change = FileChange(path: "todo.txt", before: before, after: after)
        // By hand: a task added at the top, another edited, one added at the end.
        let edited = bytes(
            "new first\n(A) call mom\nx 2024-05-15 buy milk\nwrite the report\npay rent\nlast\n")
        #expect(
            try change.undo(current: edited)
                == bytes("new first\n(A) call mom\nbuy milk\nwrite the report\npay rent\nlast\n"))
    }

    @Test func undoMergesAHandEditOfTheChangedLine() throws {
        let before = bytes("a\nbuy milk\nc\n")
        let after = bytes("a\nx 2024-05-15 buy milk\nc\n")
        let change = FileChange(path: "todo.txt", before: before, after: after)
        let edited = bytes("a\nx 2024-05-15 buy milk +shop\nc\n")
        #expect(try change.undo(current: edited) == bytes("a\nbuy milk +shop\nc\n"))
    }

    @Test func undoOfADeletionAfterLinesMoved() throws {
        let before = bytes("a\nb\nc\nd\n")
        let after = bytes("a\nc\nd\n")
        let change = FileChange(path: "todo.txt", before: before, after: after)
        #expect(try change.undo(current: bytes("z\ny\na\nc\nd\n")) == bytes("z\ny\na\nb\nc\nd\n"))
    }

    @Test func undoRefusesWhenTheChangedLinesWereEdited() {
        let change = FileChange(
            path: "todo.txt", before: bytes("a\ncall mom\nc\n"), after: bytes("a\ncall dad\nc\n"))
        #expect {
            try change.undo(current: bytes("a\ncall grandma\nc\n"))
        } throws: { error in
            guard case .conflict(let path, _) = error as? UndoError else { return false }
            return path == "todo.txt"
        }
    }

    @Test func undoRefusesWhenTheChangedLinesAreGone() {
        let change = FileChange(
            path: "todo.txt", before: bytes("a\nb\nc\n"), after: bytes("a\nB\nc\n"))
        #expect(throws: UndoError.linesNotFound(path: "todo.txt")) {
            try change.undo(current: bytes("x\ny\n"))
        }
    }

    @Test func aOneLineChangeToAMillionLineFileRecordsOneLine() throws {
        var before: [UInt8] = []
        before.reserveCapacity(40_000_000)
        var start = 0
        for index in 0..<1_000_000 {
            if index == 500_000 { start = before.count }
            before += bytes("task number \(index) +project @context\n")
        }
        var after = before
        let line = bytes("task number 500000 +project @context\n")
        #expect(after[start..<(start + line.count)].elementsEqual(line))
        after.replaceSubrange(start..<(start + line.count), with: bytes("(A) task number 500000\n"))
        let change = FileChange(path: "todo.txt", before: before, after: after)
        #expect(change.hunks.count == 1)
        #expect(change.removedLines == 1 && change.addedLines == 1)
        var history = History()
        history.record(command: "replace", time: 0, files: [change])
        #expect(history.encoded().count < 400)
        #expect(try change.undo(current: after) == before)
    }

    /// A session of 100 random edits, recorded one by one, then undone one by one back to the
    /// start, through the history file each time.
    @Test func aHundredStepSessionUndoneStepByStep() throws {
        var random = SeededGenerator(seed: 15)
        var file = bytes("one\ntwo\nthree\n")
        var versions = [file]
        var history = History()
        for step in 0..<100 {
            var lines: [[UInt8]] = file.split(separator: 0x0A, omittingEmptySubsequences: false)
                .dropLast().map { Array($0) }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: lines.append(bytes("added \(step)"))
            case 1 where !lines.isEmpty:
                lines.remove(at: Int.random(in: 0..<lines.count, using: &random))
            case 2 where !lines.isEmpty:
                lines[Int.random(in: 0..<lines.count, using: &random)] = bytes("changed \(step)")
            default:
                lines.insert(
                    bytes("inserted \(step)"), at: Int.random(in: 0...lines.count, using: &random))
            }
            let next: [UInt8] = lines.flatMap { $0 + [0x0A] }
            history.record(
                command: "step \(step)", time: Int64(step),
                files: [FileChange(path: "todo.txt", before: file, after: next)])
            history = try History(decoding: history.encoded())
            file = next
            versions.append(file)
        }
        var undone = 0
        while let target = history.undoTarget {
            let restored = try target.files[0].undo(current: file)
            history.record(
                command: "undo", time: 1000,
                files: [FileChange(path: "todo.txt", before: file, after: restored)],
                undid: target.id)
            file = restored
            undone += 1
            #expect(file == versions[versions.count - 1 - undone])
            if undone == 100 { break }
        }
        #expect(file == bytes("one\ntwo\nthree\n"))
    }
}

@Suite struct FileChangePropertyTests {
    /// A random file of short, often repeated lines, sometimes without a final newline and
    /// sometimes with CRLF endings.
    private static func randomFile(_ random: inout SeededGenerator) -> [UInt8] {
        let words = ["a", "b", "c", "x a", "", "(A) b", "due:1"]
        var bytes: [UInt8] = []
        let crlf = Bool.random(using: &random)
        for _ in 0..<Int.random(in: 0..<12, using: &random) {
            bytes += Array((words.randomElement(using: &random) ?? "a").utf8)
            bytes += crlf ? [0x0D, 0x0A] : [0x0A]
        }
        if Bool.random(using: &random), !bytes.isEmpty { bytes.removeLast() }
        return bytes
    }

    /// The file with a few random line edits: removals, insertions, replacements.
    private static func edited(_ file: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var lines = file.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = Int.random(in: 0...lines.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where position < lines.count: lines.remove(at: position)
            case 1 where position < lines.count: lines[position] = Array("changed".utf8)
            default: lines.insert(Array("new".utf8), at: position)
            }
        }
        return Array(lines.joined(separator: [0x0A]))
    }

    @Test func undoOfAnyChangeRestoresTheBytes() throws {
        var random = SeededGenerator(seed: 2026)
        for _ in 0..<2_000 {
            let before = FileChangePropertyTests.randomFile(&random)
            let after = FileChangePropertyTests.edited(before, &random)
            let change = FileChange(path: "todo.txt", before: before, after: after)
            #expect(try change.undo(current: after) == before, "\(before) -> \(after)")
            // The record holds no more lines than the two files differ in, plus neighbours.
            #expect(change.hunks.allSatisfy { $0.before.count + $0.after.count > 0 })
        }
    }

    @Test func undoKeepsRandomEditsOutsideTheChange() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            // A file of unique lines, one line changed by a command, a line added by hand
            // before or after it.
            let count = Int.random(in: 3..<20, using: &random)
            let lines = (0..<count).map { Array("task \($0)\n".utf8) }
            let target = Int.random(in: 0..<count, using: &random)
            var after = lines
            after[target] = Array("done \(target)\n".utf8)
            let change = FileChange(
                path: "todo.txt", before: Array(lines.joined()), after: Array(after.joined()))
            var hand = after
            var expected = lines
            let position = Int.random(in: 0...count, using: &random)
            hand.insert(Array("by hand\n".utf8), at: position)
            expected.insert(Array("by hand\n".utf8), at: position)
            #expect(try change.undo(current: Array(hand.joined())) == Array(expected.joined()))
        }
    }
}

@Suite struct FileLinesTests {
    /// The word-at-a-time scans agree with byte-by-byte ones, at every length and offset.
    @Test func wordScansAgreeWithByteScans() {
        var random = SeededGenerator(seed: 99)
        for _ in 0..<500 {
            let length = Int.random(in: 0..<70, using: &random)
            let a = (0..<length).map { _ in
                [0x0A, 0x61, 0x0B, 0x8A, 0xFF][Int.random(in: 0..<5, using: &random)] as UInt8
            }
            var b = a
            if !b.isEmpty, Bool.random(using: &random) {
                b[Int.random(in: 0..<b.count, using: &random)] ^= 1
            }
            if Bool.random(using: &random) { b += [0x0A] }
            let index = Int.random(in: 0...a.count, using: &random)
            #expect(FileLines.count(a, before: index) == a[..<index].filter { $0 == 0x0A }.count)
            let naive = zip(a, b).prefix { $0 == $1 }.count
            #expect(FileLines.commonPrefix(a, b) == naive)
        }
    }
}

@Suite struct ListChangeTests {
    /// Recording from lists gives the same record as recording from bytes, for edits made
    /// through the list as the commands make them.
    @Test func listsAndBytesGiveTheSameRecord() throws {
        var random = SeededGenerator(seed: 5)
        let files = [
            "a\nb\nc\n", "a\r\nb\r\nc\r\n", "\u{FEFF}a\nb\nc", "", "only", "x\n\ny\n\n",
        ]
        for text in files {
            for _ in 0..<50 {
                let before = TodoList(bytes: Array(text.utf8))
                var after = before
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0 where after.count > 0:
                        after.replaceLine(
                            at: Int.random(in: 0..<after.count, using: &random),
                            with: Array("changed".utf8))
                    case 1 where after.count > 0:
                        after.removeLine(at: Int.random(in: 0..<after.count, using: &random))
                    default: after.appendLine(Array("new".utf8))
                    }
                }
                let fromLists = FileChange(path: "t", before: before, after: after)
                let fromBytes = FileChange(
                    path: "t", before: before.serialized(), after: after.serialized())
                #expect(fromLists == fromBytes, "\(text)")
                #expect(try fromLists.undo(current: after.serialized()) == before.serialized())
            }
        }
    }
}
