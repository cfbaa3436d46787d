/// How many terminal columns a Unicode scalar takes, from the table generated into
/// `WidthTable.swift` (see `Scripts/generate-width-table.py` for the rules).
///
/// East Asian Wide and Fullwidth characters and emoji take two columns; combining marks, format
/// characters and the joining Hangul jamo take none; everything else takes one. East Asian
/// Ambiguous characters count one column, as in every non-CJK locale. Controls (C0, DEL and C1)
/// are not the table's business: ``VisibleText`` draws them as escapes such as `^[`, and
/// ``of(_:)`` returns 0 for them.
package enum DisplayWidth {
    /// The Unicode version of the table.
    package static var unicodeVersion: String { WidthTable.unicodeVersion }

    /// The columns `scalar` takes: 0, 1 or 2 (0 for a control character).
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return 1 }
        if contains(value, in: WidthTable.zero) { return 0 }
        if contains(value, in: WidthTable.wide) { return 2 }
        return 1
    }

    /// Whether `scalar` is a C0 control, DEL or a C1 control.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    /// Binary search of `value` in flat, sorted `first, last` pairs.
    private static func contains(_ value: UInt32, in ranges: [UInt32]) -> Bool {
        var low = 0
        var high = ranges.count / 2
        while low < high {
            let middle = (low + high) / 2
            if value < ranges[2 * middle] {
                high = middle
            } else if value > ranges[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
