import Testing
import TodoPlatform
import TodoTxt

@testable import TodoStore

/// The move that reads its source once in pieces (``FileStorage/moveLines(from:to:_:moved:)``)
/// leaves both files as the whole-file move of the same lines does, and appends the bytes
/// ``TodoList/appendLine(_:)`` would.
@Suite struct MoveLinesTests {
    /// A small generator of its own (SplitMix64), so that every case can be run again.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// A random file: done, open, empty and CR-ended lines with either terminator, sometimes a
    /// byte order mark, sometimes no final newline.
    static func randomFile(_ random: inout Random, lines: Int) -> [UInt8] {
        let kinds: [[UInt8]] = [
            "x done".bytes, "open".bytes, [], "x cr\r".bytes, [0x78, 0x20, 0xFF, 0x00], [0x0D],
        ]
        var bytes: [UInt8] = random.next(5) == 0 ? [0xEF, 0xBB, 0xBF] : []
        for _ in 0..<random.next(lines + 1) {
            bytes += kinds[random.next(kinds.count)]
            bytes += random.next(3) == 0 ? [0x0D, 0x0A] : [0x0A]
        }
        if random.next(3) == 0, bytes.last == 0x0A { bytes.removeLast() }
        return bytes
    }

    /// What archive's choice does with a line.
    static func fate(_ content: UnsafeRawBufferPointer) -> LineFate {
        if content.isEmpty { return .remove }
        return content.starts(with: "x ".bytes) ? .move : .keep
    }

    @Test func appendedTerminatorsAreThoseOfTheList() {
        var random = Random(state: 7)
        for _ in 0..<2_000 {
            let destination = Self.randomFile(&random, lines: 3)
            var list = TodoList(bytes: destination)
            let choices: [[UInt8]] = [[0x61], [0x61, 0x0D], [0x0D], [0x61, 0x0D, 0x0D]]
            let lines: [[UInt8]] = (0..<random.next(4)).map { _ in choices[random.next(4)] }
            // The shape from a scan of the file in pieces of 2 bytes.
            var scan = AppendScan()
            for start in stride(from: 0, to: destination.count, by: 2) {
                destination[start..<min(start + 2, destination.count)].withUnsafeBytes {
                    scan.take($0)
                }
            }
            var shape = AppendShape(scan)
            var tail: [UInt8] = []
            for line in lines {
                let (closing, terminator) = line.withUnsafeBytes { shape.append($0) }
                tail += (closing?.bytes ?? []) + line + terminator.bytes
                list.appendLine(line)
            }
            #expect(destination + tail == list.serialized(), "\(destination) + \(lines)")
        }
    }

    @Test func bothFilesAreThoseOfTheWholeFileMove() throws {
        var random = Random(state: 18)
        for round in 0..<200 {
            let todo = Self.randomFile(&random, lines: 12)
            let done = Self.randomFile(&random, lines: 3)
            var results: [[[UInt8]]] = []
            for lineByLine in [false, true] {
                let directory = try TemporaryDirectory()
                defer { directory.remove() }
                try writeFile(directory.file("todo.txt"), todo)
                try writeFile(directory.file("done.txt"), done)
                let store = FileStorage(
                    fileSystem: .live, journalDirectory: directory.file("journal"))
                var echoed: [[UInt8]] = []
                if lineByLine {
                    _ = try store.moveLines(
                        from: directory.file("todo.txt"), to: directory.file("done.txt"),
                        Self.fate, moved: { echoed.append(Array($0)) })
                } else {
                    echoed = try store.move(
                        from: directory.file("todo.txt"), to: directory.file("done.txt")
                    ) { list in
                        let moved = LineFate.apply(Self.fate, to: &list)
                        return (moved, moved)
                    }
                }
                results.append(
                    [
                        try readFile(directory.file("todo.txt")),
                        try readFile(directory.file("done.txt")),
                    ] + echoed)
                #expect(directory.names().filter { $0 != "journal" } == ["done.txt", "todo.txt"])
            }
            #expect(results[0] == results[1], "round \(round): \(todo) / \(done)")
        }
    }

    @Test func aLargeSourceIsReadInPiecesAndTheStretchesAreTold() throws {
        // 3 MiB: lines cut by the 1 MiB read pieces, a 300,000-byte done line among them.
        var todo: [UInt8] = []
        for index in 0..<60_000 {
            todo += index % 3 == 0 ? "x done \(index)".bytes : "open \(index)".bytes
            if index == 30_000 { todo += [UInt8](repeating: 0x6F, count: 300_000) }
            todo.append(0x0A)
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try writeFile(directory.file("todo.txt"), todo)
        try writeFile(directory.file("done.txt"), [])
        let store = FileStorage(fileSystem: .live, journalDirectory: directory.file("journal"))
        var stretches: [ChangedLines] = []
        var appended: [[UInt8]] = []
        let observer = MoveObserver(
            restart: { stretches = [] },
            removed: { stretch, moved in
                #expect(moved.allSatisfy { $0 })
                stretches.append(stretch)
            },
            appended: { _, forEachAfter in forEachAfter { appended.append(Array($0)) } })
        let count = try store.moveLines(
            from: directory.file("todo.txt"), to: directory.file("done.txt"),
            observing: nil, observingLines: observer, Self.fate, moved: { _ in })
        #expect(count == 20_000)
        let lines = linesOf(todo)
        #expect(stretches.count == 20_000)
        #expect(stretches.map(\.firstLine) == Array(stride(from: 0, to: 60_000, by: 3)))
        #expect(
            stretches.map { $0.before[0] } == lines.enumerated().filter { $0.0 % 3 == 0 }.map(\.1))
        #expect(stretches[1].above == lines[2] && stretches[1].below == lines[4])
        #expect(try readFile(directory.file("done.txt")) == Array(appended.joined()))
        #expect(
            try readFile(directory.file("todo.txt"))
                == Array(lines.enumerated().filter { $0.0 % 3 != 0 }.map(\.1).joined()))
    }

    /// The lines of `bytes`, each with its LF.
    func linesOf(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(Array(bytes[start...index]))
            start = index + 1
        }
        return lines
    }
}
