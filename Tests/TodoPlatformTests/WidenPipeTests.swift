import Glibc
import Testing
import TodoPlatform

/// A pipe that much output goes through gets a larger buffer; anything else is left alone.
struct WidenPipeTests {
    /// `F_GETPIPE_SZ`, which Glibc's module does not export.
    static let getPipeSize: Int32 = 1032

    @Test func aPipeGetsTheBufferAskedFor() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { _ = close($0) } }
        let before = fcntl(ends[0], Self.getPipeSize)
        FileDescriptor.widenPipe(ends[1], to: 1 << 20)
        let after = fcntl(ends[0], Self.getPipeSize)
        #expect(before == 1 << 16)
        #expect(after == 1 << 20)
        // Still a working pipe.
        let written = [UInt8]("x\n".utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, 2) }
        var back = [UInt8](repeating: 0, count: 2)
        let read = back.withUnsafeMutableBytes { Glibc.read(ends[0], $0.baseAddress, 2) }
        #expect(written == 2 && read == 2 && back == [0x78, 0x0A])
    }

    @Test func aFileIsLeftAlone() throws {
        var template = Array("/tmp/widen-pipe-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        try #require(fd >= 0)
        defer {
            close(fd)
            unlink(template)
        }
        FileDescriptor.widenPipe(fd, to: 1 << 20)
        #expect(fcntl(fd, Self.getPipeSize) == -1)
        #expect(fcntl(fd, F_GETFL) & O_ACCMODE == O_RDWR)
    }
}
