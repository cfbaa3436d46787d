import Glibc
import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// An edit's scan, read through the store's one line reader, finds the lines ``TodoList``
/// splits, at their offsets, and stops after the last one it wants.
@Suite struct LineScanTests {
    @Test func theLinesKeptAreTheListsLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = MoveLinesTests.Random(state: 42)
        let pieces: [[UInt8]] = [
            "a".bytes, [], [0x0D], "x b".bytes, [0xEF, 0xBB, 0xBF],
            [UInt8](repeating: 0x6F, count: 300_000),
        ]
        for round in 0..<300 {
            var file: [UInt8] = random.next(4) == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<random.next(8) {
                file += pieces[random.next(round % 10 == 0 ? 6 : 5)]
                file += random.next(3) == 0 ? [0x0D, 0x0A] : [0x0A]
            }
            if random.next(3) == 0, file.last == 0x0A { file.removeLast() }
            let path = directory.file("todo-\(round).txt")
            try writeFile(path, file)
            let list = TodoList(bytes: file)
            // The store always wants line 0 (it may hold the byte order mark).
            let wanted = Set([0] + (0..<random.next(4)).map { _ in random.next(10) })
            for toEnd in [false, true] {
                let fd = open(path, O_RDONLY)
                defer { close(fd) }
                let scan = try LineScan.read(
                    fd, keeping: wanted, toEnd: toEnd, size: Int64(file.count), path: path,
                    storage: FileStorage(fileSystem: .live, journalDirectory: nil))
                var offset = 0
                for index in list.indices {
                    let line = list[index]
                    let mark: [UInt8] =
                        index == 0 && list.hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
                    let raw = mark + line.content + line.terminator.bytes
                    if wanted.contains(index) {
                        #expect(scan.lines[index]?.raw == raw, "round \(round), line \(index)")
                        #expect(scan.lines[index]?.offset == Int64(offset), "round \(round)")
                    }
                    offset += raw.count
                }
                for index in wanted where index >= list.count {
                    #expect(scan.lines[index] == nil, "round \(round), line \(index)")
                }
                if toEnd || wanted.contains(where: { $0 >= list.count }) {
                    #expect(scan.lineCount == list.count, "round \(round)")
                }
                if toEnd, list.count > 0 {
                    #expect(scan.lines[list.count - 1] != nil, "round \(round)")
                }
            }
        }
    }
}
