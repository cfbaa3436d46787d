/// One drawable unit of text: what the terminal is sent and the columns it takes (1 or 2).
package struct Glyph: Hashable, Sendable {
    /// The scalars, inline.
    var storage: InlineText
    /// The columns the glyph takes: 1 or 2.
    package var width: Int

    /// The scalars sent to the terminal: a base character and any zero-width scalars after it.
    package var text: String { storage.string }

    /// Creates a glyph.
    package init(_ text: String, width: Int) {
        storage = InlineText(text)
        self.width = width
    }

    /// Creates a glyph of one scalar.
    init(_ scalar: Unicode.Scalar, width: Int) {
        storage = InlineText(scalar)
        self.width = width
    }
}

/// Turns text, which may come from a hand-edited file, into glyphs that are safe to send to a
/// terminal and whose widths are known.
///
/// - C0 controls and DEL become caret escapes as `cat -v` draws them (`^[`, `^?`), C1 controls
///   `M-` escapes (`M-^[` for U+009B); a tab becomes the spaces up to the next multiple of 8
///   columns. So no text can move the cursor, retitle the window or reach the clipboard.
/// - Zero-width scalars join the glyph before them (a lone one gets a space to sit on; a glyph
///   keeps as many as fit in 16 bytes of UTF-8), except
///   those that would make a terminal's idea of the width differ from ``DisplayWidth``'s and
///   are dropped: the bidirectional embedding, override, isolate and mark controls, the
///   variation selectors U+FE0E and U+FE0F, and a zero-width joiner after a wide glyph (so an
///   emoji sequence shows as its separate emoji).
package enum VisibleText {
    /// The glyphs of `text` when it starts at `column` of the screen (tabs depend on it).
    package static func glyphs(_ text: some StringProtocol, column: Int = 0) -> [Glyph] {
        var result: [Glyph] = []
        var column = column
        for scalar in text.unicodeScalars {
            append(scalar, to: &result, column: &column)
        }
        return result
    }

    /// The columns `text` takes when drawn from `column`.
    package static func width(_ text: some StringProtocol, column: Int = 0) -> Int {
        glyphs(text, column: column).reduce(0) { $0 + $1.width }
    }

    /// Adds the glyphs of one scalar.
    static func append(_ scalar: Unicode.Scalar, to glyphs: inout [Glyph], column: inout Int) {
        let value = scalar.value
        if value == 0x09 {
            let spaces = 8 - column % 8
            for _ in 0..<spaces { glyphs.append(Glyph(Unicode.Scalar(0x20), width: 1)) }
            column += spaces
            return
        }
        if DisplayWidth.isControl(scalar) {
            let escape = escape(value)
            for byte in escape.utf8 { glyphs.append(Glyph(Unicode.Scalar(byte), width: 1)) }
            column += escape.utf8.count
            return
        }
        let width = DisplayWidth.of(scalar)
        if width > 0 {
            glyphs.append(Glyph(scalar, width: width))
            column += width
            return
        }
        if isDropped(value) { return }
        if value == 0x200D, glyphs.last?.width == 2 { return }
        if glyphs.isEmpty {
            glyphs.append(Glyph(Unicode.Scalar(0x20), width: 1))
            column += 1
        }
        _ = glyphs[glyphs.count - 1].storage.append(scalar)
    }

    /// `^@`…`^_` for C0, `^?` for DEL, `M-^@`…`M-^_` for C1.
    static func escape(_ value: UInt32) -> String {
        if value == 0x7F { return "^?" }
        let low = value & 0x7F
        let caret = "^" + String(UnicodeScalar(UInt8(low + 0x40)))
        return value >= 0x80 ? "M-" + caret : caret
    }

    /// Zero-width scalars never sent to the terminal.
    private static func isDropped(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFE0E, 0xFE0F: true
        default: false
        }
    }
}
