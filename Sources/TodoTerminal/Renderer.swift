/// Turns frames into the bytes that bring a terminal from the previous frame to the next one:
/// cursor moves, SGR sequences, text and erases, for the cells that changed only.
///
/// The terminal is assumed to be in the state ``TerminalSequences/enterFullScreen`` leaves: the
/// alternate screen, no automatic wrap at the right margin, the cursor hidden.
package struct Renderer: Sendable {
    /// Whether styles are sent; without colour (`NO_COLOR`, `-p`) every cell is drawn plain.
    package let usesColor: Bool
    /// The frame on the screen, `nil` when unknown.
    private var previous: Frame?
    /// Whether the cursor is shown, `nil` when unknown.
    private var cursorShown: Bool?

    /// Unchanged cells between two changed runs that are rewritten rather than skipped with a
    /// cursor move, which costs about as much.
    private static let gapToBridge = 6

    /// Creates a renderer for a screen whose contents are unknown.
    package init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// Forgets what is on the screen, so that the next ``render(_:)`` redraws all of it (after a
    /// resize, after an editor ran in the terminal, or on Ctrl-L).
    package mutating func invalidate() {
        previous = nil
        cursorShown = nil
    }

    /// The bytes that turn the screen into `frame`; empty when nothing changed.
    package mutating func render(_ next: Frame) -> [UInt8] {
        var frame = next
        if !usesColor {
            for row in 0..<frame.height { frame.restyle(row: row) { $0 = .plain } }
        }
        var output = Output()
        let before: Frame
        if let previous, previous.width == frame.width, previous.height == frame.height {
            before = previous
        } else {
            output.append(
                usesColor ? "\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J" : "\u{1B}[?25l\u{1B}[H\u{1B}[2J"
            )
            output.cursor = Position(row: 0, column: 0)
            cursorShown = false
            before = Frame(width: frame.width, height: frame.height)
        }
        let preamble = output.bytes.count
        for row in 0..<frame.height {
            drawChanges(of: row, from: before, to: frame, into: &output)
        }
        if output.bytes.count > preamble && cursorShown == true {
            output.bytes.insert(contentsOf: "\u{1B}[?25l".utf8, at: 0)
            cursorShown = false
        }
        if output.style != .plain { output.append("\u{1B}[0m") }
        if let cursor = frame.cursor, cursor.row < frame.height, cursor.column < frame.width {
            if output.cursor != cursor && (!output.bytes.isEmpty || previous?.cursor != cursor) {
                output.move(to: cursor)
            }
            if cursorShown != true { output.append("\u{1B}[?25h") }
            cursorShown = true
        } else {
            if cursorShown != false { output.append("\u{1B}[?25l") }
            cursorShown = false
        }
        previous = frame
        return output.bytes
    }

    /// Writes the changed runs of one row.
    private func drawChanges(
        of row: Int, from before: Frame, to frame: Frame, into output: inout Output
    ) {
        let width = frame.width
        var blankFrom = width
        while blankFrom > 0 && frame[row, blankFrom - 1] == .blank { blankFrom -= 1 }
        var column = 0
        while column < width {
            if frame[row, column] == before[row, column] {
                column += 1
                continue
            }
            var start = column
            if frame[row, start].isContinuation && start > 0 { start -= 1 }
            if start >= blankFrom {
                erase(row: row, from: start, into: &output)
                return
            }
            var end = column + 1
            var unchanged = 0
            var scan = end
            while scan < width {
                if frame[row, scan] == before[row, scan] {
                    unchanged += 1
                    if unchanged > Renderer.gapToBridge { break }
                } else {
                    unchanged = 0
                    end = scan + 1
                }
                scan += 1
            }
            if end > blankFrom {
                write(row: row, columns: start..<blankFrom, of: frame, into: &output)
                erase(row: row, from: blankFrom, into: &output)
                return
            }
            if end < width && frame[row, end].isContinuation { end += 1 }
            write(row: row, columns: start..<end, of: frame, into: &output)
            column = end
        }
    }

    /// Writes the cells of `columns` (which never starts on a continuation).
    private func write(row: Int, columns: Range<Int>, of frame: Frame, into output: inout Output) {
        guard !columns.isEmpty else { return }
        output.move(to: Position(row: row, column: columns.lowerBound))
        var column = columns.lowerBound
        while column < columns.upperBound {
            let cell = frame[row, column]
            if cell.isContinuation {
                column += 1
                continue
            }
            output.set(cell.style)
            cell.storage.write(to: &output.bytes)
            column += Int(cell.width)
        }
        output.cursor = column < frame.width ? Position(row: row, column: column) : nil
    }

    /// Erases from `column` to the end of `row` in the plain style.
    private func erase(row: Int, from column: Int, into output: inout Output) {
        output.move(to: Position(row: row, column: column))
        output.set(.plain)
        output.append("\u{1B}[K")
    }
}

/// The bytes of one render and the terminal state they leave.
private struct Output {
    var bytes: [UInt8] = []
    /// Where the cursor is, `nil` when unknown (after writing in the last column).
    var cursor: Position?
    /// The SGR state.
    var style = Style.plain

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func move(to position: Position) {
        guard cursor != position else { return }
        append(
            position.column == 0
                ? "\u{1B}[\(position.row + 1)H"
                : "\u{1B}[\(position.row + 1);\(position.column + 1)H")
        cursor = position
    }

    mutating func set(_ next: Style) {
        guard next != style else { return }
        bytes.append(contentsOf: next == .plain ? Array("\u{1B}[0m".utf8) : next.sequence)
        style = next
    }
}
