import Glibc
import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// Everyday behaviour of the real store on a real disk.
struct FileStorageTests {
    @Test func readsAndUpdatesAFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\nb\nc\n".bytes)
        let store = FileStorage()
        #expect(try store.read(path).count == 3)
        let returned = try store.update(path) { list in
            list.replaceLine(at: 1, with: "B".bytes)
            return 42
        }
        #expect(returned == 42)
        #expect(try readFile(path) == "a\nB\nc\n".bytes)
        #expect(directory.names() == ["todo.txt"])
    }

    @Test func untouchedLinesSurviveByteForByte() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        let bigLine = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        var original: [UInt8] = [0xEF, 0xBB, 0xBF]
        original += "(A) first\r\n".bytes
        original += [0x63, 0x61, 0x66, 0xE9, 0x0D, 0x0A]  // "caf\xE9" (Latin-1), CRLF
        original += [0x6E, 0x75, 0x00, 0x6C, 0x0A]  // NUL inside, LF
        original += "  \t\n\n".bytes
        original += bigLine + [0x0A]
        original += "edit me\n".bytes
        original += "trailing space \r".bytes  // no final newline; lone CR is content
        try writeFile(path, original)
        try FileStorage().update(path) { list in
            list.replaceLine(at: 6, with: "edited".bytes)
        }
        let expected =
            [0xEF, 0xBB, 0xBF] + "(A) first\r\n".bytes + [0x63, 0x61, 0x66, 0xE9, 0x0D, 0x0A]
            + [0x6E, 0x75, 0x00, 0x6C, 0x0A] + "  \t\n\n".bytes + bigLine + [0x0A]
            + "edited\n".bytes + "trailing space \r".bytes
        #expect(try readFile(path) == expected)
    }

    @Test(arguments: [
        ("a\nb", ["c"], "a\nb\nc\n"),
        ("a\r\nb", ["c", "d"], "a\r\nb\r\nc\r\nd\r\n"),
        ("", ["c"], "c\n"),
        ("a\n", ["c"], "a\nc\n"),
    ])
    func appendFixesOnlyTheMissingFinalNewline(
        original: String, lines: [String], expected: String
    )
        throws
    {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, original.bytes)
        let list = try FileStorage().append(path, lines: lines.map(\.bytes))
        #expect(list.serialized() == expected.bytes)
        #expect(try readFile(path) == expected.bytes)
    }

    @Test func anEditKeepsAMissingFinalNewlineMissing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\nb".bytes)
        try FileStorage().update(path) { $0.replaceLine(at: 0, with: "A".bytes) }
        #expect(try readFile(path) == "A\nb".bytes)
    }

    @Test func appendCreatesAMissingFileWithTheUmaskMode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("done.txt")
        try FileStorage().append(path, lines: ["x done".bytes])
        #expect(try readFile(path) == "x done\n".bytes)
        let mask = mode_t(FileSystem.live.creationMask())
        #expect(status(path).st_mode & 0o7777 == 0o666 & ~mask)
    }

    @Test func modeIsKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\n".bytes)
        chmod(path, 0o640)
        try FileStorage().append(path, lines: ["b".bytes])
        #expect(status(path).st_mode & 0o7777 == 0o640)
        #expect(try readFile(path) == "a\nb\n".bytes)
    }

    @Test func aSymbolicLinkStaysALinkAndItsTargetChanges() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        mkdir(directory.file("real"), 0o755)
        mkdir(directory.file("link"), 0o755)
        let target = directory.file("real/todo.txt")
        let link = directory.file("link/todo.txt")
        try writeFile(target, "old\n".bytes)
        symlink("../real/todo.txt", link)
        try FileStorage().update(link) { $0.replaceLine(at: 0, with: "new".bytes) }
        #expect(linkStatus(link).st_mode & S_IFMT == S_IFLNK)
        #expect(try readFile(target) == "new\n".bytes)
        // No lock file anywhere; the temporary file lived beside the real file.
        #expect(FileManagerless.names(directory.file("real")) == ["todo.txt"])
        #expect(FileManagerless.names(directory.file("link")) == ["todo.txt"])
    }

    @Test func aDanglingLinkGetsItsTargetCreated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let link = directory.file("todo.txt")
        symlink("real.txt", link)
        try FileStorage().append(link, lines: ["a".bytes])
        #expect(linkStatus(link).st_mode & S_IFMT == S_IFLNK)
        #expect(try readFile(directory.file("real.txt")) == "a\n".bytes)
    }

    @Test func anUnchangedEditWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\n".bytes)
        let before = status(path)
        let count = try FileStorage().update(path) { list in list.count }
        #expect(count == 1)
        #expect(status(path).st_ino == before.st_ino)
    }

    @Test func aRewriteReplacesTheInode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\n".bytes)
        let before = status(path)
        try FileStorage().update(path) { $0.replaceLine(at: 0, with: "b".bytes) }
        #expect(status(path).st_ino != before.st_ino)
    }

    @Test func staleTemporaryFilesAreRemovedByTheNextWrite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\n".bytes)
        try writeFile(directory.file(".todo.txt.tmp-999999-0"), "junk".bytes)
        try writeFile(directory.file(".other.txt.tmp-999999-0"), "not ours".bytes)
        try FileStorage().append(path, lines: ["b".bytes])
        #expect(directory.temporaries() == [".other.txt.tmp-999999-0"])
    }

    @Test func moveAppendsToTheDestinationAndRewritesTheSource() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let todo = directory.file("todo.txt")
        let done = directory.file("done.txt")
        try writeFile(todo, "a\nx b\nc\n".bytes)
        try writeFile(done, "x old".bytes)
        let result = try FileStorage().move(from: todo, to: done) { list in
            let line = Array(list[1].content)
            list.removeLine(at: 1)
            return ([line], "moved")
        }
        #expect(result == "moved")
        #expect(try readFile(todo) == "a\nc\n".bytes)
        #expect(try readFile(done) == "x old\nx b\n".bytes)
    }

    @Test func moveWithinOneFileGoesThroughOneLock() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let todo = directory.file("todo.txt")
        symlink("todo.txt", directory.file("alias.txt"))
        try writeFile(todo, "a\nb\n".bytes)
        try FileStorage().move(from: todo, to: directory.file("alias.txt")) { list in
            let line = Array(list[0].content)
            list.removeLine(at: 0)
            return ([line], ())
        }
        #expect(try readFile(todo) == "b\na\n".bytes)
    }

    @Test func moveToTheNullDeviceDiscardsTheLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let todo = directory.file("todo.txt")
        try writeFile(todo, "a\nb\n".bytes)
        try FileStorage().move(from: todo, to: "/dev/null") { list in
            list.removeLine(at: 0)
            return (["a".bytes], ())
        }
        #expect(try readFile(todo) == "b\n".bytes)
    }

    @Test func anEditThatThrowsWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\n".bytes)
        #expect(throws: TestFailure.self) {
            try FileStorage().update(path) { list in
                list.replaceLine(at: 0, with: "b".bytes)
                throw TestFailure("no such task")
            }
        }
        #expect(try readFile(path) == "a\n".bytes)
        #expect(directory.temporaries().isEmpty)
    }

    @Test func aLineWithALineFeedIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\n".bytes)
        #expect(throws: StoreError.self) {
            try FileStorage().append(path, lines: ["b\nc".bytes])
        }
        #expect(try readFile(path) == "a\n".bytes)
    }

    @Test func filesAndDirectories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStorage()
        let nested = directory.file("a/b/c")
        try store.createDirectory(nested)
        try store.createDirectory(nested)
        #expect(store.directoryExists(nested))
        #expect(!store.fileExists(nested))
        try store.createFileIfMissing(nested + "/todo.txt")
        try writeFile(nested + "/todo.txt", "keep\n".bytes)
        try store.createFileIfMissing(nested + "/todo.txt")
        #expect(try readFile(nested + "/todo.txt") == "keep\n".bytes)
        #expect(store.fileExists(nested + "/todo.txt"))
        #expect(store.fileExists("/dev/null"))
        try writeFile(nested + "/B.txt", [])
        try writeFile(nested + "/a.txt", [])
        #expect(try store.directoryEntries(nested) == ["B.txt", "a.txt", "todo.txt"])
        store.removeFile(nested + "/a.txt")
        store.removeFile(nested + "/a.txt")
        #expect(!store.fileExists(nested + "/a.txt"))
        #expect(throws: StoreError.self) { try store.directoryEntries(directory.file("none")) }
        try writeFile(directory.file("plain"), [])
        #expect(throws: StoreError.self) { try store.createDirectory(directory.file("plain/x")) }
    }

    @Test func temporaryFilesArePrivate() throws {
        let store = FileStorage()
        let path = try store.writeTemporaryFile(named: "todo.txt", bytes: "a\r\n".bytes)
        defer { store.removeFile(path) }
        #expect(path.hasSuffix("-todo.txt"))
        #expect(status(path).st_mode & 0o7777 == 0o600)
        #expect(try store.readBytes(path) == "a\r\n".bytes)
        let other = try store.writeTemporaryFile(named: "todo.txt", bytes: [])
        defer { store.removeFile(other) }
        #expect(other != path)
    }
}

/// Directory listings in tests without Foundation.
enum FileManagerless {
    static func names(_ path: String) -> [String] {
        ((try? FileStorage().directoryEntries(path)) ?? []).sorted()
    }
}
