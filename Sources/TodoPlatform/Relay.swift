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
        let batches = (Batch<Element>(capacity: batch), Batch<Element>(capacity: batch))
        relay(
            through: batches,
            produce: { hand in
                var more = true
                while more {
                    _ = hand { batch, _ in
                        let made = produce(batch.buffer)
                        batch.count = min(made.count, batch.buffer.count)
                        more = made.more
                    }
                }
            },
            consume: { batch in
                consume(UnsafeBufferPointer(rebasing: batch.buffer[..<batch.count]))
                return true
            })
    }

    /// Runs `produce` on this thread and `consume` on a second one at the same time, handing
    /// work over through the two `slots` in turn: `produce` calls the hand-off it is given once
    /// per piece of work, with a closure that fills the next slot (called once that slot's
    /// previous contents have been consumed, and told whether it had to wait for that: the
    /// consumer is behind, so the producer may take on more of the work); `consume` gets each
    /// filled slot in the order they were filled, and returns `false` to take no more. The
    /// hand-off returns `false`, without calling the closure, once `consume` has returned
    /// `false`. A push-style relay: it suits a producer that is itself driven by callbacks.
    /// When no thread can be started, each slot is consumed here as soon as it is filled.
    package static func relay<Slot>(
        through slots: (Slot, Slot),
        produce: (_ hand: (_ fill: (_ slot: Slot, _ behind: Bool) -> Void) -> Bool) -> Void,
        consume: (Slot) -> Bool
    ) {
        // The hand-off calls `consume` itself when it runs alone, so the compiler must be
        // told that `consume` does not outlive this call.
        withoutActuallyEscaping(consume) { consume in
            let turns = Turns()
            func slot(_ index: Int) -> Slot { index % 2 == 0 ? slots.0 : slots.1 }
            let caller = pthread_self()
            // Set only when `run` could not start a thread and runs the consumer's part first on
            // this thread: then the producer consumes what it fills itself.
            var alone = false
            run(
                {
                    if pthread_equal(pthread_self(), caller) != 0 {
                        alone = true
                        return
                    }
                    var index = 0
                    var open = true
                    while turns.awaitFilled(index % 2) {
                        if open && !consume(slot(index)) {
                            open = false
                            turns.stop()
                        }
                        turns.empty(index % 2)
                        index += 1
                    }
                },
                {
                    var index = 0
                    var open = true
                    func hand(_ fill: (Slot, Bool) -> Void) -> Bool {
                        if alone {
                            guard open else { return false }
                            fill(slot(index), true)
                            open = consume(slot(index))
                            index += 1
                            return open
                        }
                        let (open, waited) = turns.awaitEmpty(index % 2)
                        guard open else { return false }
                        fill(slot(index), waited)
                        turns.fill(index % 2)
                        index += 1
                        return true
                    }
                    produce(hand)
                    if !alone {
                        _ = turns.awaitEmpty(index % 2)
                        turns.end(index % 2)
                    }
                })
        }
    }
}

/// One buffer of ``Concurrently/relay(batch:produce:consume:)`` and how many elements it holds.
private final class Batch<Element> {
    let buffer: UnsafeMutableBufferPointer<Element>
    var count = 0

    init(capacity: Int) {
        buffer = .allocate(capacity: max(capacity, 1))
    }

    deinit { buffer.deallocate() }
}

/// The state two threads of ``Concurrently/relay(through:produce:consume:)`` share: which of
/// the two slots are filled, which holds the end mark, and whether the consumer has stopped,
/// under a mutex, with a condition each side waits on.
private final class Turns {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Per slot: 0 when empty, 1 when filled, 2 when it marks the end.
    private var states = (0, 0)
    /// Whether the consumer takes no more.
    private var stopped = false

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

    private func state(_ index: Int) -> Int { index == 0 ? states.0 : states.1 }

    /// Sets slot `index`'s state and wakes the other side.
    private func set(_ index: Int, _ state: Int) {
        pthread_mutex_lock(mutex)
        if index == 0 { states.0 = state } else { states.1 = state }
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until slot `index` is empty: `open` is `false` when the consumer has stopped,
    /// `waited` tells whether the slot was still full when asked (the consumer is behind).
    func awaitEmpty(_ index: Int) -> (open: Bool, waited: Bool) {
        pthread_mutex_lock(mutex)
        let waited = state(index) != 0
        while state(index) != 0 { pthread_cond_wait(condition, mutex) }
        let open = !stopped
        pthread_mutex_unlock(mutex)
        return (open, waited)
    }

    /// Marks slot `index` filled.
    func fill(_ index: Int) { set(index, 1) }

    /// Marks slot `index` as the end: nothing follows.
    func end(_ index: Int) { set(index, 2) }

    /// Waits until slot `index` is filled or marks the end; `true` when it is filled.
    func awaitFilled(_ index: Int) -> Bool {
        pthread_mutex_lock(mutex)
        while state(index) == 0 { pthread_cond_wait(condition, mutex) }
        let filled = state(index) == 1
        pthread_mutex_unlock(mutex)
        return filled
    }

    /// Marks slot `index` empty again.
    func empty(_ index: Int) { set(index, 0) }

    /// Records that the consumer takes no more.
    func stop() {
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_mutex_unlock(mutex)
    }
}
