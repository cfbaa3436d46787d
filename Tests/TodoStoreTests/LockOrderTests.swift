import Glibc
import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// Two moves between the same files never wait for each other in a circle, even when an editor
/// replaces the source in the middle of one of them.
@Suite(.serialized) struct LockOrderTests {
    /// Moves the last line of `source` to `destination`.
    static func moveLast(_ store: FileStorage, from source: String, to destination: String) throws {
        try store.move(from: source, to: destination) { list in
            guard let last = list.indices.last else { return ([], ()) }
            let line = Array(list[last].content)
            list.removeLine(at: last)
            return ([line], ())
        }
    }

    @Test func anEditorsRenameDuringAMoveDoesNotDeadlockASecondMove() throws {
        let directory = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        defer {
            directory.remove()
            state.remove()
        }
        // The source comes first in lock order, so the second mover holds the new source while
        // it waits for the destination.
        let source = directory.file("a.txt")
        let destination = directory.file("b.txt")
        let journal = state.path + "/moves"
        try writeFile(source, (0..<10).map { "task \($0)\n" }.joined().bytes)
        try writeFile(destination, "old\n".bytes)
        try ProcessTests.warmUp()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])

        // The first mover, once it holds both locks and writes the source's new version: an
        // editor saves its own version of the source (by rename), the second mover starts
        // (and locks the new source, then waits for the destination), and only then does the
        // first one go on and find its source replaced.
        var calls = FileSystem.live
        let writes = Counter()
        calls.writeVector = { fd, buffers throws(Errno) in
            if writes.next() == 1 {
                let edited = (0..<10).map { "task \($0)\n" }.joined() + "typed by hand\n"
                try? writeFile(directory.file(".a.txt.swp"), edited.bytes)
                rename(directory.file(".a.txt.swp"), source)
                var byte: UInt8 = 1
                _ = write(writeEnd, &byte, 1)
                usleep(500_000)
            }
            return try FileSystem.live.writeVector(fd, buffers)
        }
        let first = spawnChild {
            close(readEnd)
            let store = FileStorage(fileSystem: calls, journalDirectory: journal)
            return (try? Self.moveLast(store, from: source, to: destination)) == nil ? 1 : 0
        }
        close(writeEnd)
        var byte: UInt8 = 0
        #expect(read(readEnd, &byte, 1) == 1)
        close(readEnd)
        let second = spawnChild {
            let store = FileStorage(fileSystem: .live, journalDirectory: journal)
            return (try? Self.moveLast(store, from: source, to: destination)) == nil ? 1 : 0
        }
        #expect(waitForChild(first, limit: 30) == .exited(0))
        #expect(waitForChild(second, limit: 30) == .exited(0))
        let lines =
            try FileStorage().read(source).map(\.text)
            + FileStorage().read(destination)
            .map(\.text)
        let expected = (0..<10).map { "task \($0)" } + ["old", "typed by hand"]
        #expect(lines.sorted() == expected.sorted())
        // Both moved a line: the editor's last line and then task 9.
        #expect(try FileStorage().read(destination).count == 3)
        #expect(directory.names() == ["a.txt", "b.txt"])
    }

    @Test func aMoveBetweenTwoHardLinksOfOneFileDoesNotWaitForItself() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = directory.file("todo.txt")
        let other = directory.file("other.txt")
        try writeFile(source, "a\nb\n".bytes)
        #expect(link(source, other) == 0)
        let child = spawnChild {
            let store = FileStorage(fileSystem: .live, journalDirectory: nil)
            return (try? Self.moveLast(store, from: source, to: other)) == nil ? 1 : 0
        }
        #expect(waitForChild(child, limit: 30) == .exited(0))
        #expect(try readFile(source) == "a\nb\n".bytes)
    }
}
