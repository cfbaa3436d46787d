/// A key press, or a paste, as read from a terminal in raw mode.
package enum Key: Hashable, Sendable {
    /// A printable character typed (never a control character).
    case text(Unicode.Scalar)
    /// Text pasted while bracketed paste is on, as it came (controls included).
    case paste(String)
    /// ↑.
    case up
    /// ↓.
    case down
    /// ←.
    case left
    /// →.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (the key that deletes forward).
    case delete
    /// Tab (also Ctrl-I).
    case tab
    /// Shift-Tab.
    case backTab
    /// Enter (also Ctrl-M and Ctrl-J).
    case enter
    /// Esc alone.
    case escape
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Ctrl and a letter (`"a"`…`"z"`), or `"@"`, `"\\"`, `"]"`, `"^"`, `"_"`; never
    /// Ctrl-H, I, J, M or [, which are the keys above.
    case control(Unicode.Scalar)
    /// Alt (Meta) and a printable character, sent as Esc followed by the character.
    case alt(Unicode.Scalar)
    /// An escape sequence or byte this decoder does not know (function keys, for instance).
    case unknown([UInt8])
}
