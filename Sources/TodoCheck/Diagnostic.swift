import TodoQuery

/// One finding of `todo check`: a stretch of a line, the rule it breaks, what probably went wrong
/// there, and, when there is exactly one sensible repair, that repair.
package struct Diagnostic: Hashable, Sendable {
    /// The 1-based line number.
    package var line: Int
    /// The 1-based column where the finding starts, counted in bytes from the start of the line
    /// (after a byte order mark), as compilers count them.
    package var column: Int
    /// The 1-based column just after the offending text (equal to ``column`` for a place
    /// between two bytes, such as a missing newline).
    package var endColumn: Int
    /// The rule that found it.
    package var rule: Rule
    /// One sentence, without a trailing period.
    package var message: String
    /// The repair, when it is unambiguous.
    package var fix: Fix?

    /// A finding on one line, from byte column `column` up to (not including) `endColumn`.
    package init(
        line: Int, column: Int, endColumn: Int, rule: Rule, message: String, fix: Fix? = nil
    ) {
        self.line = line
        self.column = column
        self.endColumn = endColumn
        self.rule = rule
        self.message = message
        self.fix = fix
    }
}

/// A repair of a finding: replace the bytes from ``column`` up to ``endColumn`` of the line with
/// ``replacement``.
package struct Fix: Hashable, Sendable {
    /// The 1-based byte column where the replaced bytes start.
    package var column: Int
    /// The 1-based byte column just after the replaced bytes.
    package var endColumn: Int
    /// The new bytes.
    package var replacement: [UInt8]

    /// A replacement of the columns `column..<endColumn` by `replacement`.
    package init(column: Int, endColumn: Int, replacement: [UInt8]) {
        self.column = column
        self.endColumn = endColumn
        self.replacement = replacement
    }

    /// A replacement by the UTF-8 of `text`.
    package init(column: Int, endColumn: Int, text: String) {
        self.init(column: column, endColumn: endColumn, replacement: Array(text.utf8))
    }

    /// The line `content` with the fix applied (columns outside the line are clamped).
    package func applied(to content: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(content)
        let start = min(max(column - 1, 0), bytes.count)
        let end = min(max(endColumn - 1, start), bytes.count)
        return Array(bytes[..<start]) + replacement + Array(bytes[end...])
    }
}

extension Diagnostic {
    /// Appends `FILE:LINE:COLUMN: KIND: MESSAGE` and a newline, the text form of `todo check`
    /// (KIND is `warning`, or `fixed` for a repaired finding).
    package func appendText(file: [UInt8], kind: String, to output: inout [UInt8]) {
        Self.appendPrefix(file: file, line: line, column: column, to: &output)
        output += Array(kind.utf8) + [0x3A, 0x20] + Array(message.utf8)
        output.append(0x0A)
    }

    /// Appends `FILE:LINE:COLUMN: `.
    static func appendPrefix(file: [UInt8], line: Int, column: Int, to output: inout [UInt8]) {
        output += file
        output.append(0x3A)
        OutputFormat.appendPadded(line, width: 0, fill: 0x20, to: &output)
        output.append(0x3A)
        OutputFormat.appendPadded(column, width: 0, fill: 0x20, to: &output)
        output += [0x3A, 0x20]
    }
}
