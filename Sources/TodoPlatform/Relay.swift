#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Concurrently {
    /// Runs `produce` on this thread and `consume` on a second one at the same time, handing
    /// work over in batches through two buffers of `batch` elements: `produce` fills the buffer
    /// it is given from its start and returns how many elements it filled and whether more
    /// batches follow; `consume` gets each filled stretch, in the order they were filled. Each
    /// side waits only when it has caught up with the other. When no thread can be started,
    /// each batch is consumed here as soon as it is produced.
    package static func relay<Element>(
        batch: Int,
        produce: (UnsafeMutableBufferPointer<Element>) -> (count: Int, more: Bool),
        consume: (UnsafeBufferPointer<Element>) -> Void
    ) {
        let buffers = (
            UnsafeMutableBufferPointer<Element>.allocate(capacity: max(batch, 1)),
            UnsafeMutableBufferPointer<Element>.allocate(capacity: max(batch, 1))
        )
        let turns = Turns()
        defer {
            buffers.0.deallocate()
            buffers.1.deallocate()
        }
        func buffer(_ index: Int) -> UnsafeMutableBufferPointer<Element> {
            index % 2 == 0 ? buffers.0 : buffers.1
        }
        func filled(
            _ buffer: UnsafeMutableBufferPointer<Element>, _ count: Int
        )
            -> UnsafeBufferPointer<Element>
        {
            UnsafeBufferPointer(rebasing: buffer[..<min(count, buffer.count)])
        }
        let caller = pthread_self()
        // Set only when `run` could not start a thread and runs the consumer's part first on
        // this thread: then the producer consumes its own batches.
        var alone = false
        run(
            {
                if pthread_equal(pthread_self(), caller) != 0 {
                    alone = true
                    return
                }
                var index = 0
                while true {
                    let (count, last) = turns.awaitFilled(index % 2)
                    consume(filled(buffer(index), count))
                    turns.empty(index % 2)
                    if last { return }
                    index += 1
                }
            },
            {
                var index = 0
                while true {
                    if !alone { turns.awaitEmpty(index % 2) }
                    let (count, more) = produce(buffer(index))
                    if alone {
                        consume(filled(buffer(index), count))
                    } else {
                        turns.fill(index % 2, count: count, last: !more)
                    }
                    if !more { return }
                    index += 1
                }
            })
    }
}

/// The state two threads of ``Concurrently/relay(batch:produce:consume:)`` share: which of the
/// two buffers are filled (and with how many elements), under a mutex, with a condition each
/// side waits on.
private final class Turns {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Per buffer: how many elements it holds, or -1 when it is empty.
    private var counts = (-1, -1)
    /// Per buffer: whether it holds the last batch.
    private var lasts = (false, false)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    private func count(_ index: Int) -> Int { index == 0 ? counts.0 : counts.1 }

    /// Waits until buffer `index` is empty.
    func awaitEmpty(_ index: Int) {
        pthread_mutex_lock(mutex)
        while count(index) >= 0 { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Marks buffer `index` filled with `count` elements (the last batch when `last`).
    func fill(_ index: Int, count: Int, last: Bool) {
        pthread_mutex_lock(mutex)
        if index == 0 {
            counts.0 = count
            lasts.0 = last
        } else {
            counts.1 = count
            lasts.1 = last
        }
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until buffer `index` is filled and returns its count and whether it is the last.
    func awaitFilled(_ index: Int) -> (count: Int, last: Bool) {
        pthread_mutex_lock(mutex)
        while count(index) < 0 { pthread_cond_wait(condition, mutex) }
        let result = (count(index), index == 0 ? lasts.0 : lasts.1)
        pthread_mutex_unlock(mutex)
        return result
    }

    /// Marks buffer `index` empty again.
    func empty(_ index: Int) {
        pthread_mutex_lock(mutex)
        if index == 0 { counts.0 = -1 } else { counts.1 = -1 }
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }
}
