import Glibc
import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// ``FileStorage/readPieces(_:_:)`` and ``FileStorage/readPieces(_:inHalves:)`` hand on the same
/// bytes as ``FileStorage/readBytes(_:)``, in whole lines, whatever the file's size and lines.
struct ReadPiecesTests {
    /// A file of `lines` lines of varied length (`long` of them longer than a read buffer),
    /// with CRLF, empty lines, a NUL and invalid UTF-8, ending with a line feed or not.
    static func file(lines: Int, long: Int = 0, finalLineFeed: Bool = true) -> [UInt8] {
        var state: UInt64 = 0xF11E
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        for index in 0..<lines {
            var line = Array("(A) task \(index) @phone".utf8)
            line += [UInt8](repeating: 0x61 &+ UInt8(index % 26), count: next(200))
            if index % 97 == 0 { line += [0x00, 0xFF, 0xC3] }
            if index % 31 == 0 { line = [] }
            if index < long { line += [UInt8](repeating: 0x7A, count: FileStorage.pieceBytes * 3) }
            bytes += line
            if index < lines - 1 || finalLineFeed {
                bytes += index % 7 == 0 ? [0x0D, 0x0A] : [0x0A]
            }
        }
        return bytes
    }

    /// The pieces of `path` read each way, checked to be whole lines.
    static func pieces(_ path: String, inHalves: Bool) throws -> [[UInt8]] {
        var halves: [[UInt8]] = [[], []]
        var ends: [[Bool]] = [[], []]
        let store = FileStorage(fileSystem: .live, journalDirectory: nil)
        if inHalves {
            // Each half is written by its own thread only.
            var low: [UInt8] = []
            var high: [UInt8] = []
            var lowEnds: [Bool] = []
            var highEnds: [Bool] = []
            try store.readPieces(path) { half, piece in
                if half == 0 {
                    low += piece
                    lowEnds.append(piece.last == 0x0A)
                } else {
                    high += piece
                    highEnds.append(piece.last == 0x0A)
                }
            }
            halves = [low, high]
            ends = [lowEnds, highEnds]
        } else {
            try store.readPieces(path) { (piece: UnsafeBufferPointer<UInt8>) in
                halves[0] += piece
                ends[0].append(piece.last == 0x0A)
            }
        }
        // Every piece but a half's last ends a line.
        for half in ends where !half.isEmpty {
            #expect(half.dropLast().allSatisfy { $0 })
        }
        return halves
    }

    @Test(arguments: [
        (0, 0, true), (1, 0, false), (3, 0, true), (5_000, 0, true), (5_000, 0, false),
        (40_000, 0, true), (40_000, 0, false), (40_000, 3, true), (4, 2, false),
    ])
    func piecesJoinToTheFile(lines: Int, long: Int, finalLineFeed: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        let bytes = Self.file(lines: lines, long: long, finalLineFeed: finalLineFeed)
        try writeFile(path, bytes)
        let whole = try FileStorage(fileSystem: .live, journalDirectory: nil).readBytes(path)
        #expect(whole == bytes)
        #expect(try Self.pieces(path, inHalves: false) == [bytes, []])
        let halves = try Self.pieces(path, inHalves: true)
        #expect(halves[0] + halves[1] == bytes)
        if bytes.count >= FileStorage.halvesBytes {
            // Half 1 starts at a line, after the line that holds the middle byte.
            #expect(!halves[1].isEmpty)
            #expect(halves[0].last == 0x0A)
            #expect(halves[0].count >= bytes.count / 2)
            #expect(!halves[0].dropLast().suffix(from: bytes.count / 2 - 1).contains(0x0A))
        } else {
            #expect(halves[1].isEmpty)
        }
    }

    @Test func aLineFeedJustBeforeTheMiddleEndsTheFirstHalf() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        // Lines of 64 bytes: the byte before the middle is a line feed.
        let line = [UInt8](repeating: 0x62, count: 63) + [0x0A]
        var bytes: [UInt8] = []
        while bytes.count < FileStorage.halvesBytes * 2 { bytes += line }
        try writeFile(path, bytes)
        let halves = try Self.pieces(path, inHalves: true)
        #expect(halves[0].count == bytes.count / 2)
        #expect(halves[0] + halves[1] == bytes)
    }

    @Test func aPipeIsReadFromWhereItIs() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = Self.file(lines: 300, finalLineFeed: false)
        #expect(bytes.count < 1 << 16)
        #expect(
            bytes.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        close(ends[1])
        var read: [UInt8] = []
        try FileStorage(fileSystem: .live, journalDirectory: nil).readPieces(
            "/dev/fd/\(ends[0])", inHalves: { _, piece in read += piece })
        #expect(read == bytes)
    }

    @Test func aDirectoryOrAMissingFileIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileStorage(fileSystem: .live, journalDirectory: nil)
        #expect(throws: StoreError.self) {
            try store.readPieces(directory.file("missing.txt")) { _ in }
        }
        #expect(throws: StoreError.self) {
            try store.readPieces(directory.path, inHalves: { _, _ in })
        }
    }

    @Test func aFailingReadIsReportedWithThePath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, Self.file(lines: 40_000))
        var calls = FileSystem.live
        calls.readAt = { _, _, offset throws(Errno) in
            if offset > 0 { throw .ioError }
            return 0
        }
        let store = FileStorage(fileSystem: calls, journalDirectory: nil)
        var thrown: StoreError?
        do throws(StoreError) {
            try store.readPieces(path, inHalves: { _, _ in })
        } catch { thrown = error }
        #expect(thrown?.path == path)
        #expect(thrown?.errno == Errno.ioError.rawValue)
    }
}
