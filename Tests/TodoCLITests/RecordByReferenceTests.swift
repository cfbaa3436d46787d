import Foundation
import TestSupport
import Testing
import TodoHistory
import TodoPlatform
import TodoStore
import TodoTxt

@testable import TodoCLI

/// A move without a destination (`deduplicate`, `rm -n`) records its removed lines by where
/// they lie in the source's old version, kept open, and reads them back while the history is
/// written: on seeded files with every ending, the history's bytes are exactly those of the
/// record made with the lines held (as the store told them before), and the files are the same.
@Suite struct RecordByReferenceTests {
    /// A file of `count` lines drawn from a few (so that most repeat), with every ending:
    /// CRLF, CR alone, blank lines, invalid UTF-8 and NUL, sometimes a byte order mark, a
    /// 300 KB line, or no final newline.
    static func repeatingFile(_ count: Int, _ random: inout SeededGenerator) -> [UInt8] {
        var pool: [[UInt8]] = [
            Array("(A) call +p @c".utf8), Array("x 2026-01-02 done".utf8), [],
            Array("ends with CR\r".utf8), [0x61, 0xFF, 0x00], [0x0D], Array("Müller".utf8),
        ]
        for index in 0..<Int(random.next() % 40) { pool.append(Array("task \(index)".utf8)) }
        if random.next() % 6 == 0 { pool.append([UInt8](repeating: 0x4C, count: 300_000)) }
        var bytes: [UInt8] = random.next() % 4 == 0 ? [0xEF, 0xBB, 0xBF] : []
        for index in 0..<count {
            let line =
                random.next() % 10 == 0
                ? Array("only \(index)".utf8) : pool[Int(random.next() % UInt64(pool.count))]
            bytes += line + (random.next() % 3 == 0 ? [0x0D, 0x0A] : [0x0A])
        }
        if random.next() % 3 == 0, bytes.last == 0x0A { bytes.removeLast() }
        return bytes
    }

    /// `deduplicate`'s fates (a repeat of an earlier line emptied, or taken out without
    /// `preserve`, as sed prints lines), made here from the lines' bytes.
    static func deduplicating(
        preserve: Bool
    ) -> (Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer)
        -> LineFate
    {
        var seen = Set<[UInt8]>()
        var sawEmpty = false
        return { index, content, raw in
            if index == 0 {
                seen = []
                sawEmpty = false
            }
            let hasFeed = raw.last == 0x0A
            let line = Array(raw.prefix(raw.count - (hasFeed ? 1 : 0)))
            if line.isEmpty {
                defer { sawEmpty = true }
                return sawEmpty && !preserve ? .remove : .keep
            }
            if !seen.insert(line).inserted { return preserve ? .rewrite([0x0A]) : .remove }
            return hasFeed ? .keep : .rewrite(Array(content) + [0x0A])
        }
    }

    /// Fates drawn at random: kept, removed, or rewritten as another line of the file (so that
    /// a removed line is often one of the lines written in place of its stretch).
    static func scrambling(
        _ seed: UInt64, lines: [[UInt8]]
    ) -> (
        Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer
    ) -> LineFate {
        var random = SeededGenerator(seed: seed)
        return { index, _, _ in
            if index == 0 { random = SeededGenerator(seed: seed) }
            switch random.next() % 4 {
            case 0: return .remove
            case 1:
                let other = lines.isEmpty ? [] : lines[Int(random.next() % UInt64(lines.count))]
                return .rewrite(other.last == 0x0A ? other : other + [0x0A])
            default: return .keep
            }
        }
    }

    /// The history's bytes after recording `changes`, reading spans through `spans`.
    static func historyBytes(_ changes: [FileChange], spans: LineSpan.Reader?) -> [UInt8]? {
        var history = History()
        history.record(command: "deduplicate", time: 1, files: changes)
        var bytes: [UInt8] = []
        let complete = history.encode(spans: spans) { bytes += $0 }
        return complete ? bytes : nil
    }

    /// Runs `fate` on `todo` both ways at one path: the store telling the lines as bytes to a
    /// recorder, and the recording store keeping them by reference; compares the files and the
    /// histories' bytes, and returns whether any line was recorded by reference.
    @discardableResult
    static func compareBothWays(
        _ todo: [UInt8], label: String,
        _ fate: () -> (Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> LineFate
    ) throws -> Bool {
        try inScratchDirectory { _, path, store in
            try compareBothWays(todo, path: path, store: store, label: label, fate)
        }
    }

    /// ``compareBothWays(_:label:_:)`` at `path`, through `store`.
    private static func compareBothWays(
        _ todo: [UInt8], path: String, store: FileStorage, label: String,
        _ fate: () -> (Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> LineFate
    ) throws -> Bool {
        try Data(todo).write(to: URL(fileURLWithPath: path))
        var recorder = MoveRecorder(source: path, destination: path)
        let observer = MoveObserver(
            restart: { recorder = MoveRecorder(source: path, destination: path) },
            removed: { recorder.removed($0, moved: $1) },
            appended: { recorder.appended($0, forEachAfter: $1) })
        let held = try store.moveLinesInPieces(
            from: path, to: nil, observingLines: observer, fate())
        let heldFile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let heldHistory = historyBytes(recorder.changes, spans: nil)

        try Data(todo).write(to: URL(fileURLWithPath: path))
        let recording = RecordingStorage(store, watching: [path])
        let referenced = try recording.moveLinesInPieces(
            from: path, to: nil, matchingEarliest: false, fate(), accepting: { true })
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let history = historyBytes(recording.changes, spans: recording.spans)

        #expect((held == nil) == (referenced == nil), "\(label)")
        #expect(file == heldFile, "\(label)")
        #expect(heldHistory != nil, "\(label)")
        // One answer: a failure's message gives the sizes rather than every byte.
        let same = history == heldHistory
        #expect(same, "\(label): \(history?.count ?? -1) vs \(heldHistory?.count ?? -1) bytes")
        return recording.changes.contains { !$0.spans.isEmpty }
    }

    @Test func deduplicateRecordsTheSameBytesOnSeededFiles() throws {
        var random = SeededGenerator(seed: 1_128)
        var referenced = 0
        for round in 0..<60 {
            let todo = Self.repeatingFile(Int(random.next() % 200), &random)
            for preserve in [true, false] {
                if try Self.compareBothWays(
                    todo, label: "round \(round), keep numbers \(preserve)",
                    { Self.deduplicating(preserve: preserve) })
                {
                    referenced += 1
                }
            }
        }
        // The new way was taken, not only the old one.
        #expect(referenced > 60)
    }

    @Test func largeFilesRecordTheSameBytes() throws {
        var random = SeededGenerator(seed: 2_026)
        // Over 2 MiB of lines, nine in ten repeats, and a 300 KB line that repeats.
        var todo = Self.repeatingFile(250_000, &random)
        todo += [UInt8](repeating: 0x4C, count: 300_000) + [0x0A]
        todo += [UInt8](repeating: 0x4C, count: 300_000)
        #expect(todo.count > 2 << 20)
        for preserve in [true, false] {
            #expect(
                try Self.compareBothWays(
                    todo, label: "large, keep numbers \(preserve)",
                    { Self.deduplicating(preserve: preserve) }))
        }
    }

    @Test func removedLinesEqualToWrittenOnesRecordTheSameBytes() throws {
        var random = SeededGenerator(seed: 77)
        var referenced = 0
        for round in 0..<60 {
            let todo = Self.repeatingFile(Int(random.next() % 60), &random)
            let lines = linesWithTerminators(todo)
            if try Self.compareBothWays(
                todo, label: "round \(round)",
                {
                    Self.scrambling(UInt64(round), lines: lines)
                })
            {
                referenced += 1
            }
        }
        // Both ways were taken: by reference, and read back where lines are shared.
        #expect(referenced > 0 && referenced < 60, "\(referenced)")
    }

    /// The old version written through another name after the move (a hard link): its lines
    /// are no longer those the record names, so no history is written rather than a wrong one.
    @Test func oldVersionChangedAfterTheMoveWritesNoRecord() throws {
        try Self.inScratchDirectory { directory, path, store in
            let link = directory.appendingPathComponent("link.txt").path
            try Data("a\nb\na\nb\nc\n".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.linkItem(atPath: path, toPath: link)
            let recording = try Self.deduplicateByReference(path, store)
            #expect(Self.historyBytes(recording.changes, spans: recording.spans) != nil)
            let handle = try #require(FileHandle(forWritingAtPath: link))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("d\n".utf8))
            try handle.close()
            #expect(Self.historyBytes(recording.changes, spans: recording.spans) == nil)
            #expect(Self.historyBytes(recording.changes, spans: nil) == nil)
        }
    }

    /// Through the built binary: `deduplicate` of a large file that is mostly repeats, with
    /// every ending, records the lines it took out (the history holds them, as before), and
    /// `undo` gives the exact bytes back.
    @Test func deduplicateThenUndoThroughTheBinary() throws {
        var random = SeededGenerator(seed: 9)
        let todo = Self.repeatingFile(40_000, &random) + Array("\u{FEFF}last\r".utf8)
        for preserve in [true, false] {
            let (directory, environment) = try ArchiveEndToEndTests.setUp(todo: todo, done: [])
            defer { try? FileManager.default.removeItem(at: directory) }
            let todoFile = directory.appendingPathComponent("todo.txt")
            let run = try BuiltTodo.run(
                ["-p", "-f"] + (preserve ? [] : ["-n"]) + ["deduplicate"],
                environment: environment, history: true)
            #expect(run.status == 0, "\(run.errorText)")
            #expect(run.errors.isEmpty, "\(run.errorText)")
            let record = try MoveInPiecesEndToEndTests.lastRecord(directory)
            let lines = linesWithTerminators(todo)
            let removed = record.flatMap(\.hunks).flatMap(\.before)
            // Every recorded line is one of the file's, most of them repeats.
            #expect(removed.count > 30_000)
            #expect(Set(removed).isSubset(of: Set(lines)))
            let undo = try BuiltTodo.run(
                ["-p", "-f", "undo"], environment: environment, history: true)
            #expect(undo.status == 0, "\(undo.errorText)")
            #expect([UInt8](try Data(contentsOf: todoFile)) == todo)
        }
    }

    /// A second write of the file after the move is recorded from the file before the first
    /// (the lines named by where they lie read back for it).
    @Test func aLaterWriteOfTheSameFileIsRecordedFromTheFirstVersion() throws {
        try Self.inScratchDirectory { _, path, store in
            let todo = Array("a\r\nb\na\r\na\r\nc\nb\n".utf8)
            try Data(todo).write(to: URL(fileURLWithPath: path))
            let recording = try Self.deduplicateByReference(path, store)
            #expect(recording.changes.contains { !$0.spans.isEmpty })
            _ = try recording.update(path) { list in list.appendLine(Array("d".utf8)) }
            let after = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(after == Array("a\r\nb\nc\nd\r\n".utf8))
            #expect(recording.changes == [FileChange(path: path, before: todo, after: after)])
        }
    }

    /// Runs `body` with a fresh directory (removed afterwards), the path of a todo.txt in it,
    /// and a store whose move journal is there too.
    static func inScratchDirectory<Result>(
        _ body: (_ directory: URL, _ path: String, _ store: FileStorage) throws -> Result
    ) throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "record-by-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("todo.txt").path
        let store = FileStorage(
            fileSystem: .live, journalDirectory: directory.appendingPathComponent("moves").path)
        return try body(directory, path, store)
    }

    /// `deduplicate -n` of the file at `path` through a recording store, which it returns.
    static func deduplicateByReference(
        _ path: String, _ store: FileStorage
    ) throws -> RecordingStorage {
        let recording = RecordingStorage(store, watching: [path])
        _ = try recording.moveLinesInPieces(
            from: path, to: nil, matchingEarliest: false, deduplicating(preserve: false),
            accepting: { true })
        return recording
    }
}
