import Glibc
import Testing
import TodoPlatform

/// Batches handed from one thread to another arrive whole, once each, in order.
struct RelayTests {
    @Test(arguments: [1, 2, 7, 64, 1_000])
    func everyBatchIsConsumedOnceInOrderOnTheOtherThread(batch: Int) {
        for total in [0, 1, batch - 1, batch, batch + 1, 3 * batch, 10_007] {
            var produced = 0
            var consumed: [Int] = []
            var batches: [Int] = []
            var consumerThread = pthread_t()
            let producerThread = pthread_self()
            Concurrently.relay(batch: batch) { (buffer: UnsafeMutableBufferPointer<Int>) in
                var count = 0
                while count < buffer.count && produced < total {
                    buffer[count] = produced * 3
                    produced += 1
                    count += 1
                }
                return (count, produced < total)
            } consume: { stretch in
                consumerThread = pthread_self()
                batches.append(stretch.count)
                consumed += stretch
            }
            #expect(consumed == (0..<total).map { $0 * 3 })
            #expect(batches.allSatisfy { $0 <= batch })
            #expect(batches.dropLast().allSatisfy { $0 == batch })
            #expect(pthread_equal(consumerThread, producerThread) == 0)
        }
    }

    /// A consumer slower than the producer (and the other way round) changes nothing.
    @Test func unevenSidesStillHandEverythingOver() {
        for slowConsumer in [false, true] {
            var next = 0
            var sum = 0
            Concurrently.relay(batch: 16) { (buffer: UnsafeMutableBufferPointer<UInt32>) in
                if !slowConsumer { usleep(200) }
                for index in 0..<buffer.count { buffer[index] = UInt32(next + index) }
                next += buffer.count
                return (buffer.count, next < 16 * 40)
            } consume: { stretch in
                if slowConsumer { usleep(200) }
                for value in stretch { sum += Int(value) }
            }
            #expect(sum == (0..<(16 * 40)).reduce(0, +))
        }
    }
}
