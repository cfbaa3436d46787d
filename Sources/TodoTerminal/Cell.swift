/// One column of the screen.
///
/// A wide glyph takes two cells: the first holds it (`width` 2) and the second is its
/// continuation (`width` 0, empty text).
package struct Cell: Hashable, Sendable {
    /// The scalars, inline.
    var storage: InlineText
    /// 1, 2 for a wide glyph, 0 for a wide glyph's continuation.
    package var width: UInt8
    /// How the cell is drawn.
    package var style: Style

    /// Creates a cell.
    package init(_ text: String, width: UInt8 = 1, style: Style = .plain) {
        self.init(InlineText(text), width: width, style: style)
    }

    /// Creates a cell from inline text.
    init(_ storage: InlineText, width: UInt8, style: Style) {
        self.storage = storage
        self.width = width
        self.style = style
    }

    /// The scalars drawn in this cell; empty for the continuation of a wide glyph.
    package var text: String { storage.string }

    /// A space in the plain style: what an erased terminal shows.
    package static let blank = Cell(" ")

    /// Whether the cell is a wide glyph's right half.
    package var isContinuation: Bool { width == 0 }
}

/// A run of text in one style, for ``Frame/draw(_:row:column:limit:)``.
package struct Span: Hashable, Sendable {
    /// The text; any scalar may appear (see ``VisibleText``).
    package var text: String
    /// How it is drawn.
    package var style: Style

    /// Creates a span.
    package init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Creates a span from UTF-8 bytes as a todo.txt line holds them; invalid sequences show as
    /// U+FFFD.
    package init(utf8 bytes: some Collection<UInt8>, style: Style = .plain) {
        self.init(String(decoding: bytes, as: UTF8.self), style: style)
    }
}
