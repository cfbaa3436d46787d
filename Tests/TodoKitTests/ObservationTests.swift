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

        // Swift Testing runs this suite beside tests that block their threads for seconds
        // (process kills, tmux), and on two cores they can hold every thread of the pool that
        // both the store's polling and this test run on. A probe that asks to wake every 10 ms
        // adds up how late it woke: the time the pool was held. The store (polling every 100
        // ms) must answer within two seconds of the write plus that time, so a starved pool
        // does not fail the test (the probe and the store's polling do not always wait on the
        // same thread, so the probe can see less of it than the store suffered) and a store
        // that polls late or never still does.
        let clock = ContinuousClock()
        let probe = Task {
            var held = Duration.zero
            var last = clock.now
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(10))
                let now = clock.now
                held += max(.zero, now - last - .milliseconds(10))
                last = now
            }
            return held
        }
        let start = clock.now
        files.handEdit("call mom\npay rent\n")
        let (changed, _) = try await Self.nextSnapshot(of: iterator, within: 30)
        let elapsed = clock.now - start
        probe.cancel()
        let held = await probe.value
        let snapshot = try #require(changed, "no snapshot within 30 seconds of the write")
        #expect(snapshot.tasks.map(\.text) == ["call mom", "pay rent"])
        #expect(elapsed < .seconds(2) + held, "the pool was held for \(held)")
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
