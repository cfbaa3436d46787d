#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The thread that ``Concurrently/run(_:_:)`` hands its first piece of work to: started by the
/// first call, then kept, waiting, for the next one. A command that works on two threads
/// several times (`check`: its scan, its duplicates, its report) then starts one thread instead
/// of one each time; a new thread can wait milliseconds before a processor takes it (up to 4
/// ms on a two-processor virtual machine, where the other thread's half of the work is done by
/// then), and each of those waits was paid again.
///
/// One caller at a time: another caller meanwhile (a piece of work that itself runs two, or a
/// second thread of the program) starts a thread of its own.
final class KeptThread: @unchecked Sendable {
    /// The one kept thread of the process.
    static let shared = KeptThread()

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// The work handed over and not yet taken up.
    private var work: (() -> Void)?
    /// Whether the last work handed over is done.
    private var finished = true
    /// Whether a caller has the thread.
    private var claimed = false
    /// Whether the thread is running.
    private var started = false

    private init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    /// Claims the thread for one piece of work, starting it the first time; `false` when
    /// another caller has it or no thread can be started.
    func claim() -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard !claimed else { return false }
        if !started {
            #if canImport(Glibc)
                var thread = pthread_t()
            #else
                var thread: pthread_t?
            #endif
            let context = Unmanaged.passUnretained(self).toOpaque()
            guard pthread_create(&thread, nil, { keptThreadMain($0) }, context) == 0 else {
                return false
            }
            #if canImport(Glibc)
                pthread_detach(thread)
            #else
                if let thread { pthread_detach(thread) }
            #endif
            started = true
        }
        claimed = true
        return true
    }

    /// Runs `body` on the thread (claimed with ``claim()``).
    func start(_ body: @escaping () -> Void) {
        pthread_mutex_lock(mutex)
        work = body
        finished = false
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until the work of ``start(_:)`` is done, the thread holding nothing of it any
    /// more, and gives the thread back.
    func finish() {
        pthread_mutex_lock(mutex)
        while !finished { pthread_cond_wait(condition, mutex) }
        claimed = false
        pthread_mutex_unlock(mutex)
    }

    /// The thread: takes each piece of work handed over, runs it and reports it done.
    fileprivate func serve() -> Never {
        pthread_mutex_lock(mutex)
        while true {
            while work == nil { pthread_cond_wait(condition, mutex) }
            do {
                let body = work
                work = nil
                pthread_mutex_unlock(mutex)
                body?()
            }
            pthread_mutex_lock(mutex)
            finished = true
            pthread_cond_broadcast(condition)
        }
    }
}

/// The body of the kept thread.
private func keptThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<KeptThread>.fromOpaque(context).takeUnretainedValue().serve()
}
