import Glibc
import Testing

@testable import TodoStore

/// `FileStorage.write(_:bytes:)`: atomic like `update`, without taking a lock.
@Suite struct UnlockedWriteTests {
    @Test func replacesTheContentKeepsTheModeAndLeavesNoLockOrTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file(".merge_file_abc")
        try writeFile(path, Array("old\n".utf8), mode: 0o640)
        try FileStorage().write(path, bytes: Array("new\r\n".utf8))
        #expect(try readFile(path) == Array("new\r\n".utf8))
        #expect(status(path).st_mode & 0o7777 == 0o640)
        #expect(directory.names() == [".merge_file_abc"])
    }

    @Test func createsAMissingFileAndWritesThroughASymlink() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileStorage().write(directory.file("fresh"), bytes: [0x61])
        #expect(try readFile(directory.file("fresh")) == [0x61])
        try writeFile(directory.file("real"), [0x62])
        #expect(symlink("real", directory.file("link")) == 0)
        try FileStorage().write(directory.file("link"), bytes: [0x63])
        #expect(try readFile(directory.file("real")) == [0x63])
        #expect(linkStatus(directory.file("link")).st_mode & S_IFMT == S_IFLNK)
    }

    @Test func aMissingDirectoryIsRefusedWithTheFileNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("nowhere/file")
        #expect(throws: StoreError.self) { try FileStorage().write(path, bytes: [0x61]) }
        do {
            try FileStorage().write(path, bytes: [0x61])
        } catch {
            #expect(error.description == "cannot write \(path): No such file or directory")
        }
    }
}
