import Foundation
import Testing
import TodoKit

/// Snapshots follow the file.
@Suite struct ObservationTests {
    /// Waits for the next snapshot, for at most `seconds`; `nil` when none came.
    static func nextSnapshot(
        of iterator: TaskSnapshots.Iterator, within seconds: Double
    ) async throws -> (TaskSnapshot?, TaskSnapshots.Iterator) {
        try await withThrowingTaskGroup(of: (TaskSnapshot?, TaskSnapshots.Iterator)?.self) {
            group in
            group.addTask {
                var copy = iterator
                let snapshot = try await copy.next()
                return (snapshot, copy)
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first ?? (nil, iterator)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func yieldsWithinASecondOfAnExternalWrite(_ kind: StoreKind) async throws {
        let files = try kind.make(todo: "call mom\n")
        var iterator = files.store.snapshots(every: .milliseconds(100)).makeAsyncIterator()
        let first = try #require(try await iterator.next())
        #expect(first.tasks.map(\.text) == ["call mom"])

        // Nothing changed: nothing comes.
        let (quiet, afterQuiet) = try await Self.nextSnapshot(of: iterator, within: 0.4)
        #expect(quiet == nil)
        iterator = afterQuiet

        let clock = ContinuousClock()
        let start = clock.now
        files.handEdit("call mom\npay rent\n")
        // The store looks every 100 ms, so the snapshot is due within a second with room to
        // spare; the wait is longer only so that a test run that keeps both cores busy (this
        // suite runs beside process-killing and tmux tests) does not fail on scheduling alone.
        let (changed, _) = try await Self.nextSnapshot(of: iterator, within: 3)
        let elapsed = clock.now - start
        let snapshot = try #require(changed, "no snapshot within three seconds of the write")
        #expect(snapshot.tasks.map(\.text) == ["call mom", "pay rent"])
        #expect(elapsed < .seconds(2))
    }

    @Test func seesTheStoresOwnEditsAndEndsWhenCancelled() async throws {
        let store = InMemoryTaskStore(todo: "call mom\n", options: testOptions())
        let seen = try await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask {
                var counts: [Int] = []
                for try await snapshot in store.snapshots(every: .milliseconds(20)) {
                    counts.append(snapshot.tasks.count)
                    if counts.count == 2 { break }
                }
                return counts
            }
            try await Task.sleep(for: .milliseconds(100))
            try store.add("pay rent")
            return try await group.next() ?? []
        }
        #expect(seen == [1, 2])

        let ended = Task {
            var count = 0
            for try await _ in store.snapshots(every: .milliseconds(20)) { count += 1 }
            return count
        }
        try await Task.sleep(for: .milliseconds(100))
        ended.cancel()
        #expect(try await ended.value == 1)
    }
}
