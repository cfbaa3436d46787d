import Glibc
import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// One edit of a few lines, run both ways: through ``FileStorage``'s line path (the file read
/// up to those lines, the rest copied) and on the whole file as a list.
struct LineEditCase: Sendable, CustomTestStringConvertible {
    /// What the case shows.
    var name: String
    /// The file.
    var file: [UInt8]
    /// The lines the edit names.
    var indices: Set<Int>
    /// The changes, in order.
    var steps: [Step]

    /// One change of a line.
    enum Step {
        /// Line `index` gets new content.
        case replace(Int, [UInt8])
        /// Line `index`, the last, is removed.
        case remove(Int)
        /// A line is appended.
        case append([UInt8])
    }

    var testDescription: String { name }

    /// Applies the steps to a window, as a command does.
    func apply(_ window: inout LineWindow) throws {
        for step in steps {
            switch step {
            case .replace(let index, let content): try window.replaceLine(at: index, with: content)
            case .remove(let index): try window.removeLine(at: index)
            case .append(let content): try window.appendLine(content)
            }
        }
    }
}

/// A file of `count` lines `task N +project @context`, ending as `ending` says, with the line
/// `long` (if any) made longer than the store's read piece.
private func generated(
    count: Int, byteOrderMark: Bool = false, crlfEvery: Int = 0, finalNewline: Bool = true,
    long: Int? = nil
) -> [UInt8] {
    var bytes: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
    for number in 0..<count {
        if number == long {
            bytes += Array(repeating: UInt8(ascii: "w"), count: 300_000)
        } else {
            bytes += "task \(number) +project @context".bytes
        }
        if number == count - 1 && !finalNewline { break }
        bytes += crlfEvery > 0 && number % crlfEvery == 0 ? [0x0D, 0x0A] : [0x0A]
    }
    return bytes
}

@Suite struct LineUpdateTests {
    static let cases: [LineEditCase] = [
        LineEditCase(
            name: "first line", file: generated(count: 10), indices: [0],
            steps: [.replace(0, "(A) task 0".bytes)]),
        LineEditCase(
            name: "first line after a byte order mark",
            file: generated(count: 10, byteOrderMark: true), indices: [0],
            steps: [.replace(0, "x 2026-01-01 task 0".bytes)]),
        LineEditCase(
            name: "a line of a CRLF file", file: generated(count: 10, crlfEvery: 1),
            indices: [4], steps: [.replace(4, "changed".bytes)]),
        LineEditCase(
            name: "last line without a final newline",
            file: generated(count: 10, finalNewline: false), indices: [9],
            steps: [.replace(9, "changed last".bytes)]),
        LineEditCase(
            name: "last line emptied without a final newline gets a terminator",
            file: generated(count: 10, crlfEvery: 1, finalNewline: false), indices: [9],
            steps: [.replace(9, [])]),
        LineEditCase(
            name: "last line removed", file: generated(count: 10, finalNewline: false),
            indices: [9], steps: [.remove(9)]),
        LineEditCase(
            name: "last line with a final newline", file: generated(count: 10), indices: [9],
            steps: [.replace(9, "changed".bytes)]),
        LineEditCase(
            name: "content ending with CR keeps its CR", file: generated(count: 10),
            indices: [3], steps: [.replace(3, "ends with CR\r".bytes)]),
        LineEditCase(
            name: "a line longer than a piece", file: generated(count: 50, long: 20),
            indices: [20], steps: [.replace(20, "short now".bytes)]),
        LineEditCase(
            name: "the line after a long one", file: generated(count: 50, long: 20),
            indices: [21], steps: [.replace(21, "(B) task 21".bytes)]),
        LineEditCase(
            name: "two lines far apart in a file over 2 MiB",
            file: generated(count: 90_000, crlfEvery: 7), indices: [3, 80_000],
            steps: [.replace(3, "three".bytes), .replace(80_000, "eighty thousand".bytes)]),
        LineEditCase(
            name: "neighbouring lines", file: generated(count: 10), indices: [4, 5],
            steps: [.replace(4, "four".bytes), .replace(5, "five".bytes)]),
        LineEditCase(
            name: "the same line twice", file: generated(count: 10), indices: [2],
            steps: [.replace(2, "once".bytes), .replace(2, "twice".bytes)]),
        LineEditCase(
            name: "a line replaced by itself", file: generated(count: 10), indices: [2],
            steps: [.replace(2, "task 2 +project @context".bytes)]),
        LineEditCase(
            name: "a file of one line without a terminator", file: "only".bytes, indices: [0],
            steps: [.replace(0, "(A) only".bytes)]),
        LineEditCase(
            name: "a line done and its next occurrence appended to a file over 2 MiB",
            file: generated(count: 90_000, crlfEvery: 5), indices: [1_000],
            steps: [.replace(1_000, "x done".bytes), .append("again".bytes)]),
        LineEditCase(
            name: "appended after a last line without a terminator, in CRLF",
            file: generated(count: 90_000, crlfEvery: 1, finalNewline: false), indices: [10],
            steps: [.replace(10, "x done".bytes), .append("again".bytes), .append("more".bytes)]),
        LineEditCase(
            name: "appended after a last line ending with CR",
            file: "(A) a\nb\nc\r".bytes, indices: [1],
            steps: [.replace(1, "x b".bytes), .append("b again\r".bytes)]),
        LineEditCase(
            name: "the last line done, the next occurrence appended",
            file: generated(count: 10, finalNewline: false), indices: [9],
            steps: [.replace(9, "x done".bytes), .append("again".bytes)]),
        LineEditCase(
            name: "the first line of a one-line file done and appended", file: "only".bytes,
            indices: [0], steps: [.replace(0, "x only".bytes), .append("only".bytes)]),
    ]

    /// Runs `edit` on the file through the line path and returns the bytes, what the observer
    /// was told and how many bytes were read.
    private func runLinePath(
        _ file: [UInt8], indices: Set<Int>, calls: FileSystem = .live,
        _ edit: (inout LineWindow) throws -> Void
    ) throws -> (bytes: [UInt8], changes: [ChangedLines]?, bytesRead: Int) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, file)
        let read = Counter()
        var counting = calls
        counting.readAt = { fd, buffer, offset throws(Errno) in
            let got = try calls.readAt(fd, buffer, offset)
            read.add(got)
            return got
        }
        var told: [ChangedLines]?
        try FileStorage(fileSystem: counting).updateLines(
            path, indices, observing: nil, observingLines: { _, changes in told = changes },
            edit)
        #expect(directory.temporaries().isEmpty)
        return (try readFile(path), told, read.current)
    }

    /// The file's bytes after `edit` on the whole file as a list.
    private func wholeFile(
        _ file: [UInt8], _ edit: (inout LineWindow) throws -> Void
    ) rethrows
        -> [UInt8]
    {
        var list = TodoList(bytes: file)
        try LineWindow.editing(&list, edit)
        return list.serialized()
    }

    /// The file's lines with their terminators (line 0 with the byte order mark).
    private func rawLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            Array($0) + [0x0A]
        }
        if let last = lines.last {
            lines[lines.count - 1] = Array(last.dropLast())
            if lines[lines.count - 1].isEmpty { lines.removeLast() }
        }
        return lines
    }

    @Test(arguments: cases)
    func theLinePathWritesWhatTheWholeFileEditWrites(_ edit: LineEditCase) throws {
        let expected = try wholeFile(edit.file, edit.apply)
        let (bytes, changes, _) = try runLinePath(
            edit.file, indices: edit.indices, edit.apply)
        #expect(bytes == expected)
        // What the observer was told spells out the change: the old lines with the stretches
        // put in are the new file, and each stretch sits between its neighbours.
        var lines = rawLines(edit.file)
        let old = lines
        for change in (changes ?? []).reversed() {
            let range = change.firstLine..<(change.firstLine + change.before.count)
            #expect(Array(old[range]) == change.before)
            #expect(change.above == (change.firstLine > 0 ? old[change.firstLine - 1] : nil))
            #expect(change.below == (range.upperBound < old.count ? old[range.upperBound] : nil))
            lines.replaceSubrange(range, with: change.after)
        }
        #expect(Array(lines.joined()) == expected)
        #expect((changes ?? []).isEmpty == (expected == edit.file))
    }

    @Test func anEditNearTheStartOfALargeFileReadsOnlyItsStart() throws {
        let file = generated(count: 100_000)
        #expect(file.count > 2 << 20)
        let (bytes, _, bytesRead) = try runLinePath(file, indices: [1]) { window in
            try window.replaceLine(at: 1, with: "(A) task 1".bytes)
        }
        #expect(bytesRead < 1 << 20)
        #expect(
            bytes == (try wholeFile(file) { try $0.replaceLine(at: 1, with: "(A) task 1".bytes) }))
    }

    /// `copy_file_range` refused (another file system, an old kernel), cut short, or ending
    /// early: the rest is copied by reading and writing, to the same bytes.
    @Test(arguments: [ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, 0])
    func theCopyFallsBackToReadingAndWriting(code: Int32) throws {
        let file = generated(count: 90_000, crlfEvery: 3, finalNewline: false)
        var calls = FileSystem.live
        let copies = Counter()
        calls.copyRange = { source, from, destination, to, count throws(Errno) in
            let call = copies.next()
            if code != 0 { throw Errno(code) }
            // A short first copy, then nothing: the rest must come through reads and writes.
            if call > 1 { return 0 }
            return try FileSystem.live.copyRange(source, from, destination, to, min(count, 1000))
        }
        let edit: (inout LineWindow) throws -> Void = { window in
            try window.replaceLine(at: 45_000, with: "changed".bytes)
        }
        let (bytes, _, _) = try runLinePath(file, indices: [45_000], calls: calls, edit)
        #expect(bytes == (try wholeFile(file, edit)))
        #expect(copies.current >= 1)
    }

    @Test func anEditThatNeedsTheWholeFileRunsAgainOnIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "a\n\nb\n\n".bytes)
        var calls = 0
        try FileStorage().update(path, lines: [0]) { window in
            calls += 1
            try window.replaceLine(at: 0, with: "x a".bytes)
            try window.removeLines { $0.content.isEmpty }
        }
        #expect(calls == 2)
        #expect(try readFile(path) == "x a\nb\n".bytes)
    }

    @Test func anAppendToALargeFileReadsOnToItsEnd() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, generated(count: 90_000, finalNewline: false))
        var calls = 0
        let index = try FileStorage().update(path, lines: [5]) { window -> Int in
            calls += 1
            try window.replaceLine(at: 5, with: "x task 5".bytes)
            return try window.appendLine("task 5 again".bytes)
        }
        #expect(calls == 2)
        #expect(index == 90_000)
        let bytes = try readFile(path)
        #expect(bytes.suffix(35) == "task 89999 +project @context\ntask 5 again\n".bytes.suffix(35))
    }

    @Test func aLineTheEditDidNotNameIsReadFromTheWholeFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, generated(count: 20))
        let content = try FileStorage().update(path, lines: [2]) { window in
            Array(try window.content(at: 15))
        }
        #expect(content == "task 15 +project @context".bytes)
    }

    @Test func aMissingLineIsNoLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("todo.txt")
        try writeFile(path, "\u{FEFF}a\nb".bytes)
        let lines = try FileStorage().update(path, lines: [1, 2, 7]) { window in
            [try window.line(at: 1)?.content, try window.line(at: 2)?.content]
        }
        #expect(lines == ["b".bytes[...], nil])
        #expect(try readFile(path) == "\u{FEFF}a\nb".bytes)
    }

    // MARK: Every rule of a rewrite holds on the line path (see also FaultInjectionTests).

    @Test func modeOwnerAndSymbolicLinkAreKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let real = directory.file("real.txt")
        let link = directory.file("todo.txt")
        try writeFile(real, "a\nb\n".bytes, mode: 0o600)
        #expect(symlink("real.txt", link) == 0)
        try FileStorage().update(link, lines: [1]) { try $0.replaceLine(at: 1, with: "B".bytes) }
        #expect(linkStatus(link).st_mode & S_IFMT == S_IFLNK)
        #expect(try readFile(real) == "a\nB\n".bytes)
        #expect(status(real).st_mode & 0o7777 == 0o600)
    }
}
