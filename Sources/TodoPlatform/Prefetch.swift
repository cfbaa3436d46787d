/// Asking the processor to start loading memory that a loop will read soon, so that the wait
/// for it overlaps other work instead of stalling the loop when it gets there.
package enum Prefetch {
    /// Starts loading the cache line that holds `address` into every cache level, for reading.
    /// Never faults and changes nothing visible: any address may be given, even one past the
    /// end of a buffer; where the processor has no such instruction, it does nothing.
    @inlinable @inline(__always)
    package static func forReading(_ address: UnsafeRawPointer) {
        // Arguments of the compiler's prefetch intrinsic: a read (0), kept in every cache
        // level (locality 3), of data rather than instructions (1).
        llvmPrefetch(address, 0, 3, 1)
    }
}

/// The compiler's own prefetch operation (LLVM's `llvm.prefetch` on an opaque pointer), which
/// the standard library does not expose; the call compiles to one instruction (`prefetcht0` on
/// x86-64, `prfm pldl1keep` on arm64). A toolchain that named it otherwise would fail to
/// link, not misbehave.
@usableFromInline @_silgen_name("llvm.prefetch.p0")
func llvmPrefetch(
    _ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ cache: Int32)
