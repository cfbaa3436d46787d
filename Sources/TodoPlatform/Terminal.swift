#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Questions about the terminal, and reading one key from it.
package enum Terminal {
    /// Whether the descriptor (0, 1 or 2) is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The terminal's width and height in characters, or `nil` when `fd` is not a terminal.
    package static func windowSize(_ fd: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Reads one byte from standard input with canonical mode and echo off, then restores the
    /// terminal; `nil` at end of input. When standard input is not a terminal, reads a line and
    /// returns its first character.
    package static func readKey() -> String? {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return readLine().map { String($0.prefix(1)) } }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
        defer { tcsetattr(0, TCSANOW, &saved) }
        var byte: UInt8 = 0
        let count = try? valueOrErrno { systemRead(0, &byte, 1) }
        return count == 1 ? String(decoding: [byte], as: UTF8.self) : nil
    }
}
