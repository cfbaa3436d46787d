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

    /// Runs `first` on a new thread while `second` runs on this one, and returns when both
    /// have finished. When no thread can be started, runs `first` and then `second` here.
    package static func run(_ first: () -> Void, _ second: () -> Void) {
        withoutActuallyEscaping(first) { first in
            let box = Unmanaged.passRetained(Work(first))
            var thread = pthread_t()
            let started = pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    let work = Unmanaged<Work>.fromOpaque(context).takeUnretainedValue()
                    work.body()
                    return nil
                }, box.toOpaque())
            if started != 0 {
                box.takeUnretainedValue().body()
                second()
            } else {
                second()
                pthread_join(thread, nil)
            }
            box.release()
        }
    }

    /// The work handed to the new thread.
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
