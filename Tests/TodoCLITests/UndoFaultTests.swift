import Foundation
import Testing
import TodoPlatform
import TodoStore

@testable import TodoCLI

/// `undo` that fails at any step of its writes (a full disk, a kill) loses no task: each file
/// is as the command left it or as it was before, and a full disk leaves all of them one way
/// or the other (a directory that cannot be synced after a rename reports an error with every
/// file written).
@Suite(.serialized) struct UndoFaultTests {
    /// The commands whose undo is tested: lines moved to another file (taken back by a
    /// rewrite of one file and a truncation of the other), an append, a rewrite.
    static let commands: [[String]] = [
        ["archive"], ["do", "1"], ["-f", "mv", "3", "done.txt"], ["add", "new task"],
        ["-f", "-n", "rm", "3"], ["pri", "3", "B"],
    ]

    static let names = ["todo.txt", "done.txt", "other.txt"]

    /// The files' bytes.
    static func contents(_ directory: String) throws -> [Data] {
        try names.map { try Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0)) }
    }

    /// A directory where `command` ran with a history: it and the files before and after.
    static func commandRun(_ command: [String]) throws -> (String, [Data], [Data]) {
        let directory = try StorageSafetyTests.prepare()
        let before = try contents(directory)
        let status = StorageSafetyTests.run(
            command, in: directory, fileSystem: .live, history: true)
        #expect(status == 0, "\(command)")
        return (directory, before, try contents(directory))
    }

    /// How many steps an undisturbed undo of `command` takes.
    static func countSteps(_ command: [String]) throws -> Int {
        let (directory, before, _) = try commandRun(command)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let funnel = StepFunnel(failing: nil, mode: .kill)
        let status = StorageSafetyTests.run(
            ["undo"], in: directory, fileSystem: funnel.fileSystem(), history: true)
        #expect(status == 0)
        #expect(try contents(directory) == before)
        return funnel.count
    }

    /// The tasks of the files `bytes` (by their text without completion mark and priority).
    static func tasks(_ bytes: [Data]) -> Set<String> {
        var all = Set<String>()
        for file in bytes {
            for line in String(decoding: file, as: UTF8.self).split(separator: "\n") {
                all.insert(StorageSafetyTests.key(String(line)))
            }
        }
        return all
    }

    /// Every task that is in the files both before and after the command (a task the command
    /// or its undo does not add or remove) is in one of them now.
    static func expectNoTaskLost(
        in directory: String, before: [Data], after: [Data], _ comment: String
    ) throws {
        let kept = tasks(before).intersection(tasks(after))
        #expect(tasks(try contents(directory)).isSuperset(of: kept), "\(comment)")
        #expect(kept.count >= 4, "\(comment)")
    }

    @Test(arguments: commands)
    func aKillAtEveryStepOfAnUndoLosesNoTask(_ command: [String]) throws {
        let steps = try Self.countSteps(command)
        #expect(steps > 1)
        for step in 1...steps {
            let (directory, before, after) = try Self.commandRun(command)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let funnel = StepFunnel(failing: step, mode: .kill)
            _ = StorageSafetyTests.run(
                ["undo"], in: directory, fileSystem: funnel.fileSystem(), history: true)
            let now = try Self.contents(directory)
            for index in now.indices {
                #expect(
                    now[index] == before[index] || now[index] == after[index],
                    "\(command) killed at step \(step): \(Self.names[index])")
            }
            try Self.expectNoTaskLost(
                in: directory, before: before, after: after, "\(command) killed at step \(step)")
            // A listing shows the files as the undo meant them or as they were, every task
            // once; the next command that locks them leaves them so.
            let storage = StorageSafetyTests.storage(directory)
            let view = try Self.names.map { Data(try storage.readBytes(directory + "/" + $0)) }
            #expect(view == before || view == after, "\(command) killed at step \(step): view")
            #expect(
                StorageSafetyTests.run(
                    ["add", "probe"], in: directory, fileSystem: .live, history: true) == 0)
            var next = try Self.contents(directory)
            let probe = Data("probe\n".utf8)
            #expect(next[0].suffix(probe.count) == probe, "\(command) after step \(step)")
            next[0].removeLast(min(probe.count, next[0].count))
            #expect(next == view, "\(command) killed at step \(step): next command")
            _ = StorageSafetyTests.run(["undo"], in: directory, fileSystem: .live, history: true)
            // The next undo runs on whatever is left, and still loses nothing.
            _ = StorageSafetyTests.run(["undo"], in: directory, fileSystem: .live, history: true)
            try Self.expectNoTaskLost(
                in: directory, before: before, after: after, "\(command) after step \(step)")
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { !$0.hasPrefix(".journal") && !$0.hasPrefix(".state") }
            #expect(Set(names).isSubset(of: Self.names + ["report.txt"]), "\(names)")
        }
    }

    @Test(arguments: commands)
    func aFullDiskAtEveryStepOfAnUndoLeavesEveryFileOneWay(_ command: [String]) throws {
        let steps = try Self.countSteps(command)
        for step in 1...steps {
            let (directory, before, after) = try Self.commandRun(command)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let funnel = StepFunnel(failing: step, mode: .fullDisk)
            let status = StorageSafetyTests.run(
                ["undo"], in: directory, fileSystem: funnel.fileSystem(), history: true)
            let now = try Self.contents(directory)
            #expect(
                now == before || (status != 0 && now == after),
                "\(command) full disk at step \(step)")
            // With space again, an undo that wrote nothing is done.
            if now == after {
                #expect(
                    StorageSafetyTests.run(
                        ["undo"], in: directory, fileSystem: .live, history: true) == 0)
                #expect(try Self.contents(directory) == before, "\(command) after step \(step)")
            }
        }
    }
}
