/// The fixed sequences the terminal layer writes around a full-screen session.
package enum TerminalSequences {
    /// Switches to the alternate screen in the plain style, turns automatic wrapping at the right margin off (so
    /// that a glyph a terminal draws wider than its table says can never scroll the screen),
    /// hides the cursor and turns bracketed paste on. ``Renderer`` expects this state.
    package static let enterFullScreen: [UInt8] = Array(
        "\u{1B}[?1049h\u{1B}[0m\u{1B}[?7l\u{1B}[?25l\u{1B}[?2004h".utf8)

    /// Undoes ``enterFullScreen``: plain style, bracketed paste off, cursor shown, wrapping on,
    /// back to the normal screen with its scrollback as it was.
    package static let leaveFullScreen: [UInt8] = Array(
        "\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?7h\u{1B}[?1049l".utf8)
}
