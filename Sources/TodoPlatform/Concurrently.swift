#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two pieces of work at once, on two threads, for the listing's sort.
package enum Concurrently {
    /// The processors this process may run on (at least 1).
    package static var processorCount: Int {
        max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
    }

    /// Runs `first` on another thread while `second` runs on this one, and returns when both
    /// have finished: on the kept thread (``KeptThread``) when it is free, else on a new one.
    /// When no thread can be started, runs `first` and then `second` here.
    package static func run(_ first: () -> Void, _ second: () -> Void) {
        withoutActuallyEscaping(first) { first in
            let kept = KeptThread.shared
            if kept.claim() {
                kept.start(first)
                second()
                kept.finish()
                return
            }
            let box = Unmanaged.passRetained(Work(first))
            #if canImport(Glibc)
                var thread = pthread_t()
            #else
                // Darwin's and Musl's `pthread_t` is a pointer that `pthread_create` fills in.
                var thread: pthread_t?
            #endif
            // Darwin passes the context as a non-optional pointer, Glibc and Musl as an
            // optional one; `runWork` takes either.
            let started = pthread_create(&thread, nil, { runWork($0) }, box.toOpaque())
            if started != 0 {
                box.takeUnretainedValue().body()
                second()
            } else {
                second()
                #if canImport(Glibc)
                    pthread_join(thread, nil)
                #else
                    if let thread { pthread_join(thread, nil) }
                #endif
            }
            box.release()
        }
    }

    /// The work handed to the new thread.
    fileprivate final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}

/// The body of the new thread: runs the ``Concurrently/Work`` whose pointer it is given.
private func runWork(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<Concurrently.Work>.fromOpaque(context).takeUnretainedValue().body()
    return nil
}
