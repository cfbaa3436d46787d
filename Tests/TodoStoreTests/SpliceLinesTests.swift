import Glibc
import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// ``TodoStorage/spliceLines(_:fits:)`` on disk: stretches found in place are replaced with the
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

    /// Accepts any neighbours.
    static func anyNeighbours(
        _ plan: Int, _ splice: Int, _ above: UnsafeRawBufferPointer?,
        _ below: UnsafeRawBufferPointer?
    ) -> Bool { true }

    /// Line 250 of ``FaultInjectionTests/original`` replaced and two lines put in before line
    /// 400.
    static func plan(_ path: String) -> SplicePlan {
        let lines = Self.lines(FaultInjectionTests.original)
        return SplicePlan(
            path: path,
            splices: [
                LineSplice(
                    firstLine: 250, expected: [lines[250]], replacement: ["changed\r\n".bytes],
                    hasAbove: true, hasBelow: true),
                LineSplice(
                    firstLine: 400, expected: [],
                    replacement: ["new 1\r\n".bytes, "new 2\r\n".bytes],
                    hasAbove: true, hasBelow: true),
            ])
    }

    @Test func stretchesInPlaceAreReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, FaultInjectionTests.original, mode: 0o640)
        var seen: [(Int, [UInt8]?, [UInt8]?)] = []
        let done = try FileStorage().spliceLines([Self.plan(path)]) { _, splice, above, below in
            seen.append((splice, above.map { Array($0) }, below.map { Array($0) }))
            return true
        }
        #expect(done)
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
        var moved = Self.plan(path)
        moved.splices[0].firstLine = 251
        #expect(try !store.spliceLines([moved], fits: Self.anyNeighbours))
        #expect(try !store.spliceLines([Self.plan(path)]) { _, splice, _, _ in splice == 0 })
        var pastTheEnd = Self.plan(path)
        pastTheEnd.splices[1].firstLine = 600
        #expect(try !store.spliceLines([pastTheEnd], fits: Self.anyNeighbours))
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
        let plan = SplicePlan(
            path: path,
            splices: [
                LineSplice(
                    firstLine: 2, expected: ["c\n".bytes, "d\n".bytes, "e\n".bytes],
                    replacement: ["c".bytes], hasAbove: true, hasBelow: false)
            ])
        #expect(try FileStorage().spliceLines([plan], fits: Self.anyNeighbours))
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
            _ = try store.spliceLines([Self.plan(path)], fits: Self.anyNeighbours)
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
        #expect(
            try !FileStorage(fileSystem: calls).spliceLines(
                [Self.plan(path)], fits: Self.anyNeighbours))
        #expect(try readFile(path) == edited)
        #expect(directory.temporaries().isEmpty)
    }
}
