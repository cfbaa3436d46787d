#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system error number, thrown by every wrapper in this module instead of a `-1` and a
/// global `errno` (in the manner of swift-system's `Errno`).
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The C value (`ENOENT`, `EACCES`, ...).
    package var rawValue: Int32

    /// Wraps a C error number.
    package init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno`, read or set (fault-injection doubles set it).
    package static var current: Errno {
        get { Errno(errno) }
        set { errno = newValue.rawValue }
    }

    /// The C library's one-line message, such as `Permission denied`.
    package var description: String { String(cString: strerror(rawValue)) }

    /// `EINTR`: a signal interrupted the call.
    package static let interrupted = Errno(EINTR)
    /// `ENOENT`.
    package static let noSuchFile = Errno(ENOENT)
    /// `EEXIST`.
    package static let exists = Errno(EEXIST)
    /// `EISDIR`.
    package static let isDirectory = Errno(EISDIR)
    /// `ENOTDIR`.
    package static let notDirectory = Errno(ENOTDIR)
    /// `EINVAL` (also what `fsync` of a directory says where it is not supported).
    package static let invalidArgument = Errno(EINVAL)
    /// `EWOULDBLOCK`: a non-blocking lock is held by someone else.
    package static let wouldBlock = Errno(EWOULDBLOCK)
    /// `ELOOP`: too many symbolic links.
    package static let tooManySymbolicLinks = Errno(ELOOP)
    /// `EIO`.
    package static let ioError = Errno(EIO)
    /// `EACCES`.
    package static let permissionDenied = Errno(EACCES)
    /// `ENOSPC`.
    package static let noSpace = Errno(ENOSPC)
    /// `EROFS`: a read-only file system.
    package static let readOnlyFileSystem = Errno(EROFS)
}

/// Calls `body` until it does not fail with `EINTR` (when `retryOnInterrupt`), and turns a `-1`
/// result into the thrown `errno`: the one EINTR loop of the package.
@inline(__always)
package func valueOrErrno<Value: FixedWidthInteger>(
    retryOnInterrupt: Bool = true, _ body: () -> Value
) throws(Errno) -> Value {
    while true {
        let value = body()
        if value != -1 { return value }
        let error = Errno.current
        if retryOnInterrupt && error == .interrupted { continue }
        throw error
    }
}

/// ``valueOrErrno(retryOnInterrupt:_:)`` for calls whose success value means nothing.
@inline(__always)
package func nothingOrErrno<Value: FixedWidthInteger>(
    retryOnInterrupt: Bool = true, _ body: () -> Value
) throws(Errno) {
    _ = try valueOrErrno(retryOnInterrupt: retryOnInterrupt, body)
}
