import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the signal handlers saw, as bits; a handler only sets bits (all it may safely do), and
/// the session loop reads them.
private let pendingSignals = Atomic<Int>(0)
/// The bit SIGWINCH sets.
private let resizeBit = 1
/// The bit SIGTERM, SIGHUP and SIGINT set.
private let stopBit = 2
/// The number of the last stop signal.
private let stopSignalNumber = Atomic<Int32>(0)

/// What the crash handler writes and sets to put the terminal back: filled in before any
/// handler is installed, then only read (by a handler, which may use nothing else).
nonisolated(unsafe) private var crashRestore = CrashRestore()

/// The saved terminal settings and the bytes that leave the full screen, in storage a signal
/// handler can read without allocating.
private struct CrashRestore {
    var isArmed = false
    var settings = termios()
    var leaveBytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0
    )
    var leaveCount = 0
}

/// The terminal of standard input and output in raw mode, on the alternate screen, until
/// ``restore()``.
///
/// Every way out puts the terminal back as it was: ``restore()`` (called by `deinit` too) on a
/// normal return and after an error; SIGTERM, SIGHUP and SIGINT only set a flag that ends the
/// session loop (``mustStop()``), which then returns and restores; the crash signals (SIGSEGV,
/// SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, which a Swift runtime trap raises) run a handler
/// that writes the leaving sequences and the saved settings with `write` and `tcsetattr`, both
/// safe in a handler, then lets the signal end the process as it would have.
package final class RawTerminal {
    /// The settings before raw mode.
    private var saved: termios
    /// The bytes that leave the full screen.
    private let leave: [UInt8]
    /// The bytes that set it up again after an editor.
    private let enter: [UInt8]
    /// Whether raw mode is on.
    private var isRaw = false
    /// Whether reading found the end of the input (the terminal went away).
    private var inputClosed = false

    /// Puts the terminal in raw mode, installs the signal handlers and writes `enter`.
    ///
    /// - Parameters:
    ///   - enter: The bytes that set up the screen (the alternate screen, the cursor hidden).
    ///   - leave: The bytes that undo them, written on every way out (at most 64 bytes).
    /// - Throws: ``Errno`` when standard input is not a terminal or its settings cannot be
    ///   changed; nothing was changed then.
    package init(enter: [UInt8], leave: [UInt8]) throws(Errno) {
        saved = termios()
        self.enter = enter
        self.leave = leave
        try nothingOrErrno { tcgetattr(0, &saved) }
        var raw = saved
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        crashRestore.settings = saved
        let count = min(leave.count, MemoryLayout.size(ofValue: crashRestore.leaveBytes))
        withUnsafeMutableBytes(of: &crashRestore.leaveBytes) { buffer in
            for index in 0..<count { buffer[index] = leave[index] }
        }
        crashRestore.leaveCount = count
        pendingSignals.store(0, ordering: .relaxed)
        crashRestore.isArmed = true
        RawTerminal.installHandlers()
        do {
            try nothingOrErrno { tcsetattr(0, TCSAFLUSH, &raw) }
        } catch {
            crashRestore.isArmed = false
            RawTerminal.removeHandlers()
            throw error
        }
        isRaw = true
        write(enter)
    }

    deinit { restore() }

    /// Leaves the full screen and puts the terminal settings and signal handlers back as they
    /// were. Calling it again does nothing.
    package func restore() {
        guard isRaw else { return }
        isRaw = false
        write(leave)
        _ = try? nothingOrErrno { tcsetattr(0, TCSAFLUSH, &saved) }
        crashRestore.isArmed = false
        RawTerminal.removeHandlers()
    }

    /// Gives the terminal back, as it was before, while `body` runs (an editor), then takes it
    /// again.
    package func suspended<Result>(_ body: () throws -> Result) rethrows -> Result {
        var raw = termios()
        _ = tcgetattr(0, &raw)
        write(leave)
        _ = try? nothingOrErrno { tcsetattr(0, TCSAFLUSH, &saved) }
        crashRestore.isArmed = false
        defer {
            crashRestore.isArmed = true
            _ = try? nothingOrErrno { tcsetattr(0, TCSAFLUSH, &raw) }
            write(enter)
        }
        return try body()
    }

    /// The window's columns and rows; 80×24 when the terminal does not say.
    package func size() -> (width: Int, height: Int) {
        guard let size = Terminal.windowSize(1), size.rows > 0 else { return (80, 24) }
        return (size.columns, size.rows)
    }

    /// Waits up to `milliseconds` for input and returns what arrived; empty when nothing did, a
    /// signal interrupted the wait, or the input ended (``mustStop()`` then says so).
    package func read(waitingUpTo milliseconds: Int) -> [UInt8] {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(clamping: milliseconds))
        guard ready > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return systemRead(0, base, raw.count)
        }
        if count > 0 { return Array(buffer[..<count]) }
        if count == 0 || (errno != EINTR && errno != EAGAIN) { inputClosed = true }
        return []
    }

    /// Writes all of `bytes` to standard output; a terminal that went away is left alone.
    package func write(_ bytes: [UInt8]) {
        _ = try? FileDescriptor.writeAll(1, bytes)
    }

    /// Whether the window was resized (SIGWINCH) since the last call.
    package func takeResize() -> Bool {
        pendingSignals.bitwiseAnd(~resizeBit, ordering: .relaxed).oldValue & resizeBit != 0
    }

    /// Whether SIGTERM, SIGHUP or SIGINT arrived, or the input ended.
    package func mustStop() -> Bool {
        inputClosed || pendingSignals.load(ordering: .relaxed) & stopBit != 0
    }

    /// The stop signal that arrived, if one did.
    package var stopSignal: Int32? {
        let number = stopSignalNumber.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    private static let stopSignals = [SIGTERM, SIGHUP, SIGINT]
    private static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    private static func installHandlers() {
        signal(SIGWINCH) { _ in pendingSignals.bitwiseOr(resizeBit, ordering: .relaxed) }
        for number in stopSignals {
            signal(number) { number in
                stopSignalNumber.store(number, ordering: .relaxed)
                pendingSignals.bitwiseOr(stopBit, ordering: .relaxed)
            }
        }
        for number in crashSignals {
            signal(number) { number in
                restoreAfterCrash()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    private static func removeHandlers() {
        for number in [SIGWINCH] + stopSignals + crashSignals { signal(number, SIG_DFL) }
    }
}

/// Puts the terminal back from a crash handler, with `write` and `tcsetattr` only.
private func restoreAfterCrash() {
    guard crashRestore.isArmed else { return }
    crashRestore.isArmed = false
    let count = crashRestore.leaveCount
    withUnsafeBytes(of: &crashRestore.leaveBytes) { buffer in
        if let base = buffer.baseAddress { _ = systemWrite(1, base, count) }
    }
    _ = tcsetattr(0, TCSAFLUSH, &crashRestore.settings)
}
