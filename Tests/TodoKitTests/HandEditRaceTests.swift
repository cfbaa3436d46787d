import Foundation
import Testing
import TodoKit

/// An editor that does not take the lock keeps saving the file while the store edits it.
@Suite struct HandEditRaceTests {
    @Test func anEditRacingAHandEditNeverChangesTheWrongTask() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/todo.txt"
        let versions = ["call mom\npay rent\n", "pay rent\ncall mom\n", "pay rent\nwater plants\n"]
        // What the file may hold: a version the editor saved, or one of those with "call mom"
        // completed by the store. Anything else means the store changed another task.
        let allowed = Set(
            versions
                + versions.filter { $0.contains("call mom") }.map {
                    $0.replacingOccurrences(of: "call mom", with: "x 2026-11-22 call mom")
                })
        try Data(versions[0].utf8).write(to: URL(fileURLWithPath: path))
        let store = TodoFileStore(path: path, options: testOptions())
        let shared = RaceLog()
        // The editor: waits, looks at the file, then saves another version by renaming a new file
        // over todo.txt, as editors save.
        let editor = Thread {
            var round = 0
            while !shared.isStopped {
                usleep(2000)
                let seen = fileText(path)
                if !allowed.contains(seen) { shared.record(seen) }
                round += 1
                let temporary = directory + "/.editor-\(round)"
                try? Data(versions[round % versions.count].utf8).write(
                    to: URL(fileURLWithPath: temporary))
                _ = rename(temporary, path)
            }
        }
        editor.start()
        var completed = 0
        var refused = 0
        var gaveUp = 0
        let deadline = ContinuousClock.now + .seconds(10)
        while completed + refused + gaveUp < 100 && ContinuousClock.now < deadline {
            guard let mom = try store.tasks(matching: "mom").first else {
                usleep(500)
                continue
            }
            // Give the editor time to save another version in between.
            usleep(UInt32.random(in: 0...4000))
            do {
                let done = try store.complete(mom)
                #expect(done.text == "x 2026-11-22 call mom")
                completed += 1
            } catch {
                // Refused: the task was gone, or the editor saved too often to get a word in.
                switch error {
                case .taskChanged: refused += 1
                case .file(_, _, let reason) where reason.contains("kept changing"): gaveUp += 1
                default: throw error
                }
            }
            let seen = fileText(path)
            if !allowed.contains(seen) { shared.record(seen) }
        }
        shared.stop()
        while editor.isExecuting { usleep(1000) }
        #expect(shared.violations.isEmpty, "the file held: \(shared.violations)")
        // Both outcomes happened: the task was found (on either line) and it was missing.
        #expect(completed > 0)
        #expect(refused > 0)
    }
}

/// What the editor thread and the test share: a stop flag and the contents it should not
/// have seen.
final class RaceLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var seen: [String] = []

    var isStopped: Bool { lock.withLock { stopped } }
    var violations: [String] { lock.withLock { seen } }
    func stop() { lock.withLock { stopped = true } }
    func record(_ text: String) { lock.withLock { seen.append(text) } }
}
