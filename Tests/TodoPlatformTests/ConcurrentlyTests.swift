import Glibc
import Testing
import TodoPlatform

/// Two pieces of work run at once and both finish before `run` returns.
struct ConcurrentlyTests {
    @Test func bothPiecesRunOnTwoThreadsAndFinish() {
        var first: [Int] = []
        var second: [Int] = []
        var firstThread = pthread_t()
        var secondThread = pthread_t()
        for _ in 0..<50 {
            first.removeAll()
            second.removeAll()
            Concurrently.run(
                {
                    firstThread = pthread_self()
                    for value in 0..<10_000 { first.append(value) }
                },
                {
                    secondThread = pthread_self()
                    for value in 0..<10_000 { second.append(value * 2) }
                })
            #expect(first.count == 10_000 && first.last == 9_999)
            #expect(second.count == 10_000 && second.last == 19_998)
            #expect(pthread_equal(firstThread, secondThread) == 0)
            #expect(pthread_equal(secondThread, pthread_self()) != 0)
        }
        #expect(Concurrently.processorCount >= 1)
    }

    /// A piece that itself runs two (the kept thread is then busy) and callers on several
    /// threads at once (each finds the kept thread free or busy): every piece runs once and is
    /// done when its `run` returns.
    @Test func nestedAndSimultaneousCallsEachFinishTheirWork() {
        // Each count is written by one thread only.
        final class Tally: @unchecked Sendable {
            let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 4 * 200)
            init() { counts.initialize(repeating: 0) }
            deinit { counts.deallocate() }
        }
        let tally = Tally()
        let callers = UnsafeMutablePointer<pthread_t>.allocate(capacity: 4)
        defer { callers.deallocate() }
        final class Caller {
            let index: Int
            let tally: Tally
            init(_ index: Int, _ tally: Tally) {
                self.index = index
                self.tally = tally
            }
        }
        for index in 0..<4 {
            let caller = Unmanaged.passRetained(Caller(index, tally)).toOpaque()
            let started = pthread_create(
                callers + index, nil,
                { context in
                    guard let context else { return nil }
                    let caller = Unmanaged<Caller>.fromOpaque(context).takeRetainedValue()
                    for round in 0..<50 {
                        let base = (caller.index * 50 + round) * 4
                        var inner = (0, 0)
                        Concurrently.run(
                            {
                                Concurrently.run(
                                    { inner.0 += 1 }, { inner.1 += 1 })
                                caller.tally.counts[base] += inner.0
                                caller.tally.counts[base + 1] += inner.1
                            },
                            { caller.tally.counts[base + 2] += 1 })
                        caller.tally.counts[base + 3] += 1
                    }
                    return nil
                }, caller)
            #expect(started == 0)
        }
        for index in 0..<4 { pthread_join(callers[index], nil) }
        #expect(tally.counts.allSatisfy { $0 == 1 })
    }

    /// Calls one after another hand their first piece to the same kept thread.
    @Test func consecutiveCallsUseOneKeptThread() {
        var threads: [pthread_t] = []
        for _ in 0..<20 {
            Concurrently.run({ threads.append(pthread_self()) }, {})
        }
        // Other tests may hold the kept thread for a moment; most calls still find it.
        let uses = threads.map { thread in threads.filter { pthread_equal($0, thread) != 0 }.count }
        #expect((uses.max() ?? 0) >= 10)
        #expect(threads.allSatisfy { pthread_equal($0, pthread_self()) == 0 })
    }
}
