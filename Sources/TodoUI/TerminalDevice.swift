/// The terminal as the session loop needs it; the platform layer implements it over a real
/// terminal in raw mode, and tests over a script.
package protocol TerminalDevice {
    /// The window's size in columns and rows.
    mutating func size() -> (width: Int, height: Int)

    /// Waits up to `milliseconds` for input and returns what arrived: empty when nothing did
    /// (or a signal interrupted the wait).
    mutating func read(waitingUpTo milliseconds: Int) -> [UInt8]

    /// Writes all of `bytes` to the terminal.
    mutating func write(_ bytes: [UInt8])

    /// Whether the window was resized since the last call.
    mutating func takeResize() -> Bool

    /// Whether the session must end now (SIGTERM, SIGHUP, or the input closed).
    mutating func mustStop() -> Bool

    /// Hands the terminal to the editor on `line` of the todo file and waits for it to end
    /// (leaving and entering the full screen around it), as `todo edit` runs it.
    ///
    /// - Returns: An error message, or `nil` when the editor ran.
    mutating func runEditor(atLine line: Int) -> String?
}
