/// Where the terminal cursor is, 0-based.
package struct Position: Hashable, Sendable {
    /// The row, from 0 at the top.
    package var row: Int
    /// The column, from 0 at the left.
    package var column: Int

    /// Creates a position.
    package init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// What the screen should show: rows of styled cells of a fixed size, and where the cursor is.
///
/// Drawing never goes past the right edge: text is cut with `…` to the room it has, wide glyphs
/// count two columns, and controls are drawn as escapes (see ``VisibleText``).
package struct Frame: Hashable, Sendable {
    /// Columns.
    package let width: Int
    /// Rows.
    package let height: Int
    /// The cells, row after row.
    package private(set) var cells: [Cell]
    /// Where the cursor is shown (a prompt's insertion point); `nil` hides it.
    package var cursor: Position?

    /// A blank frame of `width` columns and `height` rows (negative sizes count as 0).
    package init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at `row`, `column`.
    package subscript(row: Int, column: Int) -> Cell {
        cells[row * width + column]
    }

    /// The text of one row as a terminal would show it (wide glyphs once, no styles), for tests
    /// and debugging.
    package func text(ofRow row: Int) -> String {
        var text = ""
        for column in 0..<width { text += self[row, column].text }
        return text
    }

    /// Draws `text` in one style; see ``draw(_:row:column:limit:)``.
    @discardableResult
    package mutating func draw(
        _ text: String, style: Style = .plain, row: Int, column: Int, limit: Int? = nil
    ) -> Int {
        draw([Span(text, style: style)], row: row, column: column, limit: limit)
    }

    /// Draws spans from `column` of `row`, cut with `…` when they need more than `limit` columns
    /// or the room left to the right edge, whichever is less.
    ///
    /// A wide glyph that would straddle the cut is left out, and the column it leaves is a blank
    /// in its style. Rows and columns outside the frame draw nothing.
    ///
    /// - Returns: The columns drawn.
    @discardableResult
    package mutating func draw(_ spans: [Span], row: Int, column: Int, limit: Int? = nil) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        let room = min(width - column, max(limit ?? width, 0))
        guard room > 0 else { return 0 }
        var glyphs: [(Glyph, Style)] = []
        var needed = 0
        var position = column
        for span in spans {
            var spanGlyphs: [Glyph] = []
            for scalar in span.text.unicodeScalars {
                VisibleText.append(scalar, to: &spanGlyphs, column: &position)
            }
            for glyph in spanGlyphs {
                glyphs.append((glyph, span.style))
                needed += glyph.width
            }
            if needed > room + 2 { break }
        }
        var used = 0
        if needed <= room {
            for (glyph, style) in glyphs {
                put(glyph, style: style, row: row, column: column + used)
                used += glyph.width
            }
            return used
        }
        var lastStyle = spans.first?.style ?? .plain
        for (glyph, style) in glyphs {
            if used + glyph.width > room - 1 {
                lastStyle = style
                break
            }
            put(glyph, style: style, row: row, column: column + used)
            used += glyph.width
        }
        while used < room - 1 {
            put(
                Glyph(Unicode.Scalar(0x20), width: 1), style: lastStyle, row: row,
                column: column + used)
            used += 1
        }
        put(
            Glyph("…" as Unicode.Scalar, width: 1), style: lastStyle, row: row,
            column: column + used)
        return room
    }

    /// Fills `row` from `column` to the right edge with blanks in `style`.
    package mutating func clear(row: Int, from column: Int = 0, style: Style = .plain) {
        guard row >= 0, row < height else { return }
        for index in max(column, 0)..<width {
            put(Glyph(Unicode.Scalar(0x20), width: 1), style: style, row: row, column: index)
        }
    }

    /// Changes the style of every cell of `row`, as the selection's reverse video does.
    package mutating func restyle(row: Int, _ change: (inout Style) -> Void) {
        guard row >= 0, row < height else { return }
        for index in (row * width)..<((row + 1) * width) { change(&cells[index].style) }
    }

    /// Puts one glyph, blanking the other half of any wide glyph it cuts in two.
    private mutating func put(_ glyph: Glyph, style: Style, row: Int, column: Int) {
        let start = row * width
        let wide = glyph.width == 2 && column + 1 < width
        if cells[start + column].isContinuation, column > 0 {
            cells[start + column - 1] = Cell(
                Frame.space, width: 1, style: cells[start + column - 1].style)
        }
        let last = wide ? column + 1 : column
        if cells[start + last].width == 2, last + 1 < width {
            cells[start + last + 1] = Cell(
                Frame.space, width: 1, style: cells[start + last + 1].style)
        }
        if glyph.width == 2 && !wide {
            cells[start + column] = Cell(Frame.space, width: 1, style: style)
            return
        }
        cells[start + column] = Cell(glyph.storage, width: UInt8(glyph.width), style: style)
        if wide { cells[start + column + 1] = Cell(Frame.nothing, width: 0, style: style) }
    }

    private static let space = InlineText(Unicode.Scalar(0x20))
    private static let nothing = InlineText("")
}
