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
}
