import Glibc
import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// ``TodoStorage/spliceLines(_:lines:)`` on disk: stretches found in place are replaced with the
/// file's other bytes untouched, anything not in place writes nothing, and every failing step
/// leaves the files as they were.
struct SpliceLinesTests {
    /// The lines of `bytes`, each with its terminator.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        for byte in bytes {
            line.append(byte)
            if byte == 0x0A {
                lines.append(line)
                line = []
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The lines of one file's splices, held in memory, with a test of neighbours.
    struct Lines: SpliceLines {
        var expected: [[[UInt8]]]
        var replacements: [[[UInt8]]]
        var neighbours: (Int, [UInt8]?, [UInt8]?) -> Bool = { _, _, _ in true }

        /// A plan of `splices` (each its first line, expected lines, new lines, and whether
        /// it has neighbours above and below) for the file at `path`, and its lines.
        static func plan(
            _ path: String, _ splices: [(Int, [[UInt8]], [[UInt8]], Bool, Bool)]
        ) -> (SplicePlan, Lines) {
            let plan = SplicePlan(
                path: path,
                splices: splices.map {
                    LineSplice(
                        firstLine: $0.0, expectedCount: $0.1.count, replacementCount: $0.2.count,
                        hasAbove: $0.3, hasBelow: $0.4)
                })
            return (plan, Lines(expected: splices.map(\.1), replacements: splices.map(\.2)))
        }

        func isExpected(
            _ line: UnsafeRawBufferPointer, plan: Int, splice: Int, number: Int
        ) -> Bool {
            line.elementsEqual(expected[splice][number])
        }

        func fits(
            plan: Int, splice: Int, above: UnsafeRawBufferPointer?,
            below: UnsafeRawBufferPointer?
        ) -> Bool {
            neighbours(splice, above.map { Array($0) }, below.map { Array($0) })
        }

        func replacement(
            plan: Int, splice: Int, _ body: (UnsafeRawBufferPointer) throws(Errno) -> Void
        ) throws(Errno) {
            for line in replacements[splice] {
                try line.withUnsafeBytes { bytes in Result { () throws(Errno) in try body(bytes) } }
                    .get()
            }
        }
    }

    /// Line 250 of ``FaultInjectionTests/original`` replaced and two lines put in before line
    /// 400 (`moved` lines further down).
    static func plan(_ path: String, moved: Int = 0) -> (SplicePlan, Lines) {
        let lines = Self.lines(FaultInjectionTests.original)
        return Lines.plan(
            path,
            [
                (250 + moved, [lines[250]], ["changed\r\n".bytes], true, true),
                (400, [], ["new 1\r\n".bytes, "new 2\r\n".bytes], true, true),
            ])
    }

    /// Runs `plan` through `store`.
    static func splice(_ store: FileStorage, _ plan: (SplicePlan, Lines)) throws -> Bool {
        var lines = plan.1
        return try store.spliceLines([plan.0], lines: &lines)
    }

    @Test func stretchesInPlaceAreReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, FaultInjectionTests.original, mode: 0o640)
        var seen: [(Int, [UInt8]?, [UInt8]?)] = []
        var plan = Self.plan(path)
        plan.1.neighbours = { splice, above, below in
            seen.append((splice, above, below))
            return true
        }
        #expect(try Self.splice(FileStorage(), plan))
        var lines = Self.lines(FaultInjectionTests.original)
        #expect(seen.map(\.0) == [0, 1])
        #expect(seen.map(\.1) == [lines[249], lines[399]])
        #expect(seen.map(\.2) == [lines[251], lines[400]])
        lines[250] = "changed\r\n".bytes
        lines.insert(contentsOf: ["new 1\r\n".bytes, "new 2\r\n".bytes], at: 400)
        #expect(try readFile(path) == lines.flatMap { $0 })
        #expect(status(path).st_mode & 0o7777 == 0o640)
        #expect(directory.temporaries().isEmpty)
    }

    @Test func anythingNotInPlaceWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, FaultInjectionTests.original)
        let store = FileStorage()
        #expect(try !Self.splice(store, Self.plan(path, moved: 1)))
        var refused = Self.plan(path)
        refused.1.neighbours = { splice, _, _ in splice == 0 }
        #expect(try !Self.splice(store, refused))
        var pastTheEnd = Self.plan(path)
        pastTheEnd.0.splices[1].firstLine = 600
        #expect(try !Self.splice(store, pastTheEnd))
        #expect(try readFile(path) == FaultInjectionTests.original)
        #expect(directory.temporaries().isEmpty)
    }

    /// The end of a file taken back is cut off in place, the last line's new terminator too.
    @Test func anAppendedTailIsTruncated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\nb\nc".bytes)
        let inode = status(path).st_ino
        try FileStorage().append(path, lines: ["d".bytes, "e".bytes])
        #expect(try readFile(path) == "a\nb\nc\nd\ne\n".bytes)
        let plan = Lines.plan(
            path, [(2, ["c\n".bytes, "d\n".bytes, "e\n".bytes], ["c".bytes], true, false)])
        #expect(try Self.splice(FileStorage(), plan))
        #expect(try readFile(path) == "a\nb\nc".bytes)
        #expect(status(path).st_ino == inode)
    }

    @Test(arguments: Fault.allCases)
    func aFailingStepLeavesTheFileAsItWas(fault: Fault) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, FaultInjectionTests.original, mode: 0o640)
        let store = FileStorage(fileSystem: fault.syscalls())
        let error = #expect(throws: StoreError.self) {
            _ = try Self.splice(store, Self.plan(path))
        }
        #expect(error?.description == "cannot \(fault.operation) \(path): \(fault.reason)")
        #expect(try readFile(path) == FaultInjectionTests.original)
        #expect(status(path).st_mode & 0o7777 == 0o640)
        #expect(directory.temporaries().isEmpty)
    }

    /// An editor that does not lock saves the file between the check and the rename: nothing
    /// of the splice is written, and the caller is told to take another way.
    @Test func aFileChangedBeforeTheRenameIsLeftToTheCaller() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, FaultInjectionTests.original)
        let edited = FaultInjectionTests.original + "\r\nsaved by an editor\r\n".bytes
        let calls = FaultInjectionTests.syscalls { sync in
            if sync == 1 { try writeFile(path, edited) }
        }
        #expect(try !Self.splice(FileStorage(fileSystem: calls), Self.plan(path)))
        #expect(try readFile(path) == edited)
        #expect(directory.temporaries().isEmpty)
    }
}
