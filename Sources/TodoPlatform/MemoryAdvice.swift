#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hints to the kernel about how a program's memory is used; none of them changes what the
/// memory holds, and a refused hint is ignored.
package enum MemoryAdvice {
    /// The size of a huge page on the systems that have them (x86-64 and arm64 Linux with
    /// 4 KiB base pages).
    static let hugePage = 1 << 21

    /// Asks for huge pages for the whole 2 MiB pages inside `buffer`, before they are first
    /// written (`madvise(MADV_HUGEPAGE)` on Linux; nothing elsewhere). A large buffer whose
    /// bytes are then visited out of order (a listing writes a file's lines sorted) misses
    /// far fewer address translations, and is filled with far fewer page faults.
    package static func preferHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            guard let base = buffer.baseAddress, buffer.count >= 2 * hugePage else { return }
            let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
            let end = (Int(bitPattern: base) + buffer.count) & ~(hugePage - 1)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else {
                return
            }
            _ = madvise(pointer, end - start, MADV_HUGEPAGE)
        #endif
    }
}
