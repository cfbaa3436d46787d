import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// A splice of two files (the `undo` of a move: a task put back in todo.txt, cut off the end of
/// done.txt) killed at any step: a listing shows both files as the splice meant them or as they
/// were, and the next operation that locks either leaves them so, every task in one file.
struct InterruptedSpliceTests {
    static let todoBefore = "a\nb\n".bytes
    static let todoAfter = "a\nx 2026-11-20 c\nb\n".bytes

    /// done.txt before and after: the task at its end (taken off by a cut), or followed by a
    /// line (taken out through a new version).
    static func done(before: Bool, atEnd: Bool) -> [UInt8] {
        ("x old\n" + (before ? "x 2026-11-20 c\n" : "") + (atEnd ? "" : "later\n")).bytes
    }

    /// The lines of both files' splices.
    struct Lines: SpliceLines {
        /// The line below the task in done.txt.
        var below: [UInt8]?

        func isExpected(
            _ line: UnsafeRawBufferPointer, plan: Int, splice: Int, number: Int
        ) -> Bool {
            plan == 1 && line.elementsEqual("x 2026-11-20 c\n".bytes)
        }

        func fits(
            plan: Int, splice: Int, above: UnsafeRawBufferPointer?,
            below: UnsafeRawBufferPointer?
        ) -> Bool {
            plan == 0
                ? above?.elementsEqual("a\n".bytes) == true
                    && below?.elementsEqual("b\n".bytes) == true
                : above?.elementsEqual("x old\n".bytes) == true
                    && below.map(Array.init) == self.below
        }

        func replacement(
            plan: Int, splice: Int, _ body: (UnsafeRawBufferPointer) throws(Errno) -> Void
        ) throws(Errno) {
            guard plan == 0 else { return }
            try "x 2026-11-20 c\n".bytes.withUnsafeBytes { bytes in
                Result { () throws(Errno) in try body(bytes) }
            }.get()
        }
    }

    /// Puts the task back in todo.txt and cuts it off done.txt in one splice.
    static func splice(
        _ fixture: MoveFixture, _ store: FileStorage, atEnd: Bool
    ) throws -> Bool {
        var lines = Lines(below: atEnd ? nil : "later\n".bytes)
        return try store.spliceLines(
            [
                SplicePlan(
                    path: fixture.todo,
                    splices: [
                        LineSplice(
                            firstLine: 1, expectedCount: 0, replacementCount: 1, hasAbove: true,
                            hasBelow: true)
                    ]),
                SplicePlan(
                    path: fixture.done,
                    splices: [
                        LineSplice(
                            firstLine: 1, expectedCount: 1, replacementCount: 0, hasAbove: true,
                            hasBelow: !atEnd)
                    ]),
            ], lines: &lines)
    }

    static func fixture(atEnd: Bool) throws -> MoveFixture {
        let fixture = try MoveFixture()
        try writeFile(fixture.todo, todoBefore)
        try writeFile(fixture.done, done(before: true, atEnd: atEnd))
        return fixture
    }

    @Test(arguments: [true, false])
    func anUndisturbedSpliceWritesBothFilesAndLeavesNoRecord(atEnd: Bool) throws {
        let fixture = try Self.fixture(atEnd: atEnd)
        defer { fixture.remove() }
        #expect(try Self.splice(fixture, fixture.store(), atEnd: atEnd))
        #expect(try readFile(fixture.todo) == Self.todoAfter)
        #expect(try readFile(fixture.done) == Self.done(before: false, atEnd: atEnd))
        #expect(fixture.journalNames().isEmpty)
        #expect(fixture.directory.names() == ["done.txt", "todo.txt"])
    }

    /// With `handEdit`, a line is added at the end of done.txt by hand after the kill when the
    /// task ends done.txt: it is kept, and the cut still takes only the task off. With the task
    /// not at the end (`atEnd` false), done.txt gets a new version as todo.txt does.
    @Test(arguments: [(true, false), (true, true), (false, false)])
    func aSpliceKilledAtEveryStepIsFinishedOrForgottenByTheNextOperation(
        atEnd: Bool, handEdit: Bool
    ) throws {
        let counting = KillFunnel(killAt: nil)
        let fixture = try Self.fixture(atEnd: atEnd)
        #expect(try Self.splice(fixture, fixture.store(counting.fileSystem()), atEnd: atEnd))
        fixture.remove()
        #expect(counting.count > 4)
        let hand = "hand\n".bytes
        for step in 1...counting.count {
            let fixture = try Self.fixture(atEnd: atEnd)
            defer { fixture.remove() }
            _ = try? Self.splice(
                fixture, fixture.store(KillFunnel(killAt: step).fileSystem()), atEnd: atEnd)
            if handEdit { try writeFile(fixture.done, readFile(fixture.done) + hand) }
            let extra = handEdit ? hand : []
            let store = fixture.store()
            let view = [try store.readBytes(fixture.todo), try store.readBytes(fixture.done)]
            #expect(
                view == [Self.todoBefore, Self.done(before: true, atEnd: atEnd) + extra]
                    || view == [Self.todoAfter, Self.done(before: false, atEnd: atEnd) + extra],
                "killed at step \(step): \(view.map { String(decoding: $0, as: UTF8.self) })")
            _ = try store.append(fixture.todo, lines: ["probe".bytes])
            #expect(try readFile(fixture.todo) == view[0] + "probe\n".bytes, "step \(step)")
            #expect(try readFile(fixture.done) == view[1], "step \(step)")
            #expect(fixture.journalNames().isEmpty, "step \(step)")
            // A new version of done.txt left by a kill before the record is removed by the next
            // write of done.txt, as any stray one is.
            _ = try store.append(fixture.done, lines: ["probe".bytes])
            #expect(try readFile(fixture.done) == view[1] + "probe\n".bytes, "step \(step)")
            #expect(fixture.directory.names() == ["done.txt", "todo.txt"], "step \(step)")
        }
    }

    /// Files replaced together (the `undo` of a move whose lines were edited by hand nearby):
    /// killed at any step, the next operation leaves both as they were or both replaced; a
    /// full disk at any step writes nothing.
    @Test(arguments: [false, true])
    func filesReplacedTogetherAreBothReplacedOrNeither(fullDisk: Bool) throws {
        let done = Self.done(before: true, atEnd: false)
        let doneAfter = Self.done(before: false, atEnd: false)
        func replace(_ fixture: MoveFixture, _ store: FileStorage) throws {
            _ = try store.replaceFiles([fixture.todo, fixture.done]) { current in
                #expect(current == [Self.todoBefore, done])
                return [Self.todoAfter, doneAfter]
            }
        }
        let counting = KillFunnel(killAt: nil)
        let fixture = try Self.fixture(atEnd: false)
        try replace(fixture, fixture.store(counting.fileSystem()))
        #expect(try readFile(fixture.todo) == Self.todoAfter)
        #expect(try readFile(fixture.done) == doneAfter)
        #expect(fixture.journalNames().isEmpty)
        fixture.remove()
        #expect(counting.count > 4)
        for step in 1...counting.count {
            let fixture = try Self.fixture(atEnd: false)
            defer { fixture.remove() }
            let calls = KillFunnel(killAt: step, fullDisk: fullDisk).fileSystem()
            let failed = (try? replace(fixture, fixture.store(calls))) == nil
            let store = fixture.store()
            let view = [try store.readBytes(fixture.todo), try store.readBytes(fixture.done)]
            let now = [try readFile(fixture.todo), try readFile(fixture.done)]
            if fullDisk {
                // Both files as they were, or both written (a directory sync that failed is
                // reported after both), or a rename that failed after the first one left for
                // the next command to finish.
                let finished = [Self.todoAfter, doneAfter]
                #expect(
                    now == [Self.todoBefore, done] || now == finished
                        || (failed && view == finished), "step \(step)")
                #expect(failed || now == finished, "step \(step)")
            }
            #expect(
                view == [Self.todoBefore, done] || view == [Self.todoAfter, doneAfter],
                "step \(step): \(view.map { String(decoding: $0, as: UTF8.self) })")
            _ = try store.append(fixture.todo, lines: ["probe".bytes])
            _ = try store.append(fixture.done, lines: ["probe".bytes])
            #expect(try readFile(fixture.todo) == view[0] + "probe\n".bytes, "step \(step)")
            #expect(try readFile(fixture.done) == view[1] + "probe\n".bytes, "step \(step)")
            #expect(fixture.journalNames().isEmpty, "step \(step)")
            #expect(fixture.directory.names() == ["done.txt", "todo.txt"], "step \(step)")
        }
    }

    @Test func aRecordSurvivesEncodingWithAnyBytes() throws {
        let before = try #require(FileIdentity(numbers: [3, -1, 17, 1, 2, -3, 4]))
        let record = SpliceRecord(files: [
            SpliceRecord.File(
                path: "/tmp/a dir/todo\n.txt", before: before,
                write: .rename(temporary: ".todo.txt.tmp-1-0", device: 3, inode: .max)),
            SpliceRecord.File(
                path: "/tmp/done.txt", before: before,
                write: .cut(length: 6, end: 20, hash: .max)),
        ])
        #expect(SpliceRecord(decoding: record.encoded()) == record)
        #expect(SpliceRecord(decoding: Array(record.encoded().dropLast(3))) == nil)
        #expect(SpliceRecord(decoding: "not a record\n".bytes) == nil)
        // A move's record is not a splice's, nor the other way round.
        #expect(MoveRecord(decoding: record.encoded()) == nil)
    }
}
