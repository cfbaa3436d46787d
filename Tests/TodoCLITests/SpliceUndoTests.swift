import Foundation
import TestSupport
import Testing
import TodoHistory
import TodoStore

@testable import TodoCLI

/// Undo by splicing (``FileChange/undoBySplicing(_:through:)``) against the whole-file undo
/// (``FileChange/undo(current:)``) as the reference, on seeded random files and changes: when
/// every hunk is in place it writes exactly the reference's bytes and records an undo that
/// takes itself back; when a hand edit moved or changed a hunk it writes nothing.
@Suite struct SpliceUndoTests {
    /// Lines drawn from a small set (so that a change meets equal lines), with every ending.
    static func randomLines(
        _ count: Int, padding: Int, using generator: inout SeededGenerator
    ) -> [[UInt8]] {
        let words: [[UInt8]] = [
            Array("task".utf8), Array("x 2026-11-01 done".utf8), Array("(A) call +p @c".utf8),
            [0xFF, 0xFE, 0x00], Array("Müller".utf8), [],
        ]
        return (0..<count).map { _ in
            var line = words[Int.random(in: 0..<words.count, using: &generator)]
            if Int.random(in: 0..<3, using: &generator) == 0 {
                line += Array(String(Int.random(in: 0..<20, using: &generator)).utf8)
            }
            line += [UInt8](repeating: 0x2E, count: Int.random(in: 0...padding, using: &generator))
            line += Int.random(in: 0..<4, using: &generator) == 0 ? [0x0D, 0x0A] : [0x0A]
            return line
        }
    }

    /// A random file: lines, maybe a byte order mark, maybe no final newline.
    static func randomFile(
        lines count: Int, padding: Int, using generator: inout SeededGenerator
    ) -> [UInt8] {
        var bytes = randomLines(count, padding: padding, using: &generator).flatMap { $0 }
        if Bool.random(using: &generator) && !bytes.isEmpty { bytes.removeLast() }
        if Int.random(in: 0..<4, using: &generator) == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        return bytes
    }

    /// `bytes` with a few random stretches of lines removed, replaced or inserted, or lines
    /// appended at the end.
    static func edited(
        _ bytes: [UInt8], edits: Int, padding: Int, using generator: inout SeededGenerator
    ) -> [UInt8] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            Array($0) + [0x0A]
        }
        if let last = lines.popLast(), last != [0x0A] { lines.append(Array(last.dropLast())) }
        for _ in 0..<edits {
            let at = Int.random(in: 0...lines.count, using: &generator)
            let gone = min(Int.random(in: 0...3, using: &generator), lines.count - at)
            let new = randomLines(
                Int.random(in: 0...3, using: &generator), padding: padding, using: &generator)
            lines.replaceSubrange(at..<(at + gone), with: new)
        }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            lines += randomLines(3, padding: padding, using: &generator)
        }
        return lines.flatMap { $0 }
    }

    /// A fresh directory for one case.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("splice-undo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// One case: `before` changed to `after` by a command, then `current` on disk (`after`,
    /// or `after` edited by hand); undo by splicing compared with the reference.
    static func check(
        before: [[UInt8]], after: [[UInt8]], current: [[UInt8]], expectSplice: Bool,
        _ comment: Comment
    ) throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = before.indices.map { folder.appendingPathComponent("f\($0).txt").path }
        let changes = paths.indices.map {
            FileChange(path: paths[$0], before: before[$0], after: after[$0])
        }.filter { !$0.isEmpty }
        guard !changes.isEmpty else { return }
        for (path, bytes) in zip(paths, current) {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        let storage = FileStorage(temporaryDirectory: folder.path, variables: [:])
        let made = try FileChange.undoBySplicing(changes, through: storage)
        let onDisk = try paths.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
        guard let made else {
            #expect(!expectSplice, "not spliced: \(comment)")
            #expect(onDisk == current, "written without splicing: \(comment)")
            return
        }
        for (index, change) in changes.enumerated() {
            let position = paths.firstIndex(of: change.path) ?? 0
            let reference = try change.undo(current: current[position])
            #expect(onDisk[position] == reference, "\(comment), file \(position)")
            // The record of the undo takes the file back to what it was.
            #expect(
                try made[index].undo(current: onDisk[position]) == current[position],
                "record: \(comment)")
        }
        #expect(
            try FileChange.undoBySplicing(made, through: storage) != nil, "again: \(comment)")
        let again = try paths.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
        #expect(again == current, "undone twice: \(comment)")
    }

    @Test(arguments: 0..<200)
    func smallFilesMatchTheWholeFileUndo(_ seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        let before = Self.randomFile(
            lines: Int.random(in: 0..<30, using: &generator), padding: 4, using: &generator)
        let after = Self.edited(
            before, edits: Int.random(in: 1...4, using: &generator), padding: 4,
            using: &generator)
        try Self.check(
            before: [before], after: [after], current: [after], expectSplice: true, "seed \(seed)")
        // A hand edit somewhere: spliced only when the hunks are still in place.
        let current = Self.edited(after, edits: 1, padding: 4, using: &generator)
        try Self.check(
            before: [before], after: [after], current: [current], expectSplice: false,
            "seed \(seed), hand edit")
    }

    /// Files of several MiB: the scan goes over many pieces, and stretches between changes are
    /// copied in the kernel or read through a buffer.
    @Test(arguments: 0..<6)
    func largeFilesMatchTheWholeFileUndo(_ seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(1_000 + seed))
        let before = Self.randomFile(lines: 40_000, padding: 160, using: &generator)
        let after = Self.edited(
            before, edits: seed == 0 ? 1 : 40 * seed, padding: 300_000 * (seed % 2),
            using: &generator)
        let doneBefore = Self.randomFile(lines: 2_000, padding: 80, using: &generator)
        let doneAfter =
            doneBefore
            + Self.randomLines(500, padding: 80, using: &generator)
            .flatMap { $0 }
        try Self.check(
            before: [before, doneBefore], after: [after, doneAfter], current: [after, doneAfter],
            expectSplice: true, "seed \(seed)")
    }

    @Test func twoFilesAreCheckedBeforeEitherIsWritten() throws {
        let before = [Array("a\nx b\nc\n".utf8), Array("x old\n".utf8)]
        let after = [Array("a\nc\n".utf8), Array("x old\nx b\n".utf8)]
        // done.txt edited by hand at its end: nothing is spliced, todo.txt stays as it is.
        let current = [after[0], Array("x old\nx b edited\n".utf8)]
        try Self.check(
            before: before, after: after, current: current, expectSplice: false, "edited done")
    }

    @Test func aHandEditElsewhereIsKeptWithoutTheWholeFile() throws {
        let before = Array("a\nb\nc\nd\ne\n".utf8)
        let after = Array("a\nb\nc\nd\nnew\ne\n".utf8)
        let current = Array("A\nb\nc\nd\nnew\ne\n".utf8)
        try Self.check(
            before: [before], after: [after], current: [current], expectSplice: true, "elsewhere")
    }
}
