package import TodoJSON

/// A place in a document as the protocol gives it: a 0-based line and a 0-based column counted
/// in units of the negotiated ``PositionEncoding``.
package struct Position: Hashable, Sendable, Comparable {
    /// The 0-based line.
    package var line: Int
    /// The 0-based column, in code units.
    package var character: Int

    /// A position.
    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Reads `{"line": L, "character": C}`; `nil` when either is missing or negative.
    package init?(json: JSONValue?) {
        guard let line = json?["line"]?.integerValue,
            let character = json?["character"]?.integerValue,
            line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }

    /// `{"line": L, "character": C}`.
    package var json: JSONValue { ["line": .integer(line), "character": .integer(character)] }

    /// Orders by line, then column.
    package static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A stretch of a document between two positions (the end is exclusive).
package struct TextRange: Hashable, Sendable {
    /// Where it starts.
    package var start: Position
    /// Where it ends.
    package var end: Position

    /// A range.
    package init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// Reads `{"start": ..., "end": ...}`; `nil` when it is not a range.
    package init?(json: JSONValue?) {
        guard let start = Position(json: json?["start"]), let end = Position(json: json?["end"])
        else { return nil }
        self.init(start: start, end: end)
    }

    /// `{"start": ..., "end": ...}`.
    package var json: JSONValue { ["start": start.json, "end": end.json] }
}
