/// The syntax tree of a `/regex/`, as ``RegexParser`` reads it. Groups do not capture, so they
/// leave no node of their own.
indirect enum RegexNode {
    /// One character out of a set (a literal, `.`, a class or a shorthand such as `\w`).
    case set(ScalarSet)
    /// The parts one after another; empty for the empty pattern.
    case concat([RegexNode])
    /// One of the branches.
    case alternate([RegexNode])
    /// The node at least `min` and at most `max` times (`nil`: no upper bound).
    case repetition(RegexNode, min: Int, max: Int?)
    /// A test of the position that consumes nothing.
    case assertion(RegexAssertion)
}

/// A zero-width test at a position of the line.
enum RegexAssertion: Sendable {
    /// `^`: the start of the line.
    case lineStart
    /// `$`: the end of the line.
    case lineEnd
    /// `\b`: an ASCII word byte on exactly one side.
    case wordBoundary
    /// `\B`: word bytes on both sides or on neither.
    case notWordBoundary

    /// Whether the test holds at a position, given what lies on each side of it.
    func holds(atStart: Bool, previousIsWord: Bool, atEnd: Bool, nextIsWord: Bool) -> Bool {
        switch self {
        case .lineStart: atStart
        case .lineEnd: atEnd
        case .wordBoundary: previousIsWord != nextIsWord
        case .notWordBoundary: previousIsWord == nextIsWord
        }
    }

    /// Whether a byte counts as part of a word for `\b` and `\B`: `A-Z a-z 0-9 _`.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
            || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }
}
