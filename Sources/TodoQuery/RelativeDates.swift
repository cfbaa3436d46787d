public import TodoTxt

/// Rewrites the `due:` and `t:` values of task text that a user typed from relative dates to
/// absolute `YYYY-MM-DD` dates: `pay rent due:friday` becomes `pay rent due:2024-05-17`.
///
/// A value is converted when it is a word or offset of the query date vocabulary (query.md
/// section 2): `today`, `tomorrow`, `yesterday`, a weekday name (`fri`, `friday`; the next such
/// day, today excluded), `eow`, `eom`, `eoy`, in any case, or an offset such as `+3d`, `-2w`,
/// `+1m`, `+1y`, `+5b`, with or without its `+` (`3d`). Every other byte is kept as typed:
/// other tags, values that are already dates or are no date at all (`due:someday`), spacing.
///
/// - Parameters:
///   - text: The bytes the user typed: a whole task, or text added to one.
///   - today: The date relative values count from.
/// - Returns: The text with each relative `due:`/`t:` value replaced.
public func resolvingRelativeDates(in text: [UInt8], today: LocalDate) -> [UInt8] {
    var result: [UInt8] = []
    var copied = 0
    let due = Array("due".utf8)
    let threshold = Array("t".utf8)
    WordScanner.forEach(in: text[...]) { word in
        guard word.kind == .tag, word.nameIs(due) || word.nameIs(threshold) else { return true }
        let value = text[word.valueOffset..<word.wordRange.upperBound]
        guard let parsed = DateValue(parsing: value, allowingUnsignedOffsets: true),
            !parsed.isAbsolute, let date = parsed.resolve(today: today)
        else { return true }
        if result.isEmpty { result.reserveCapacity(text.count + 8) }
        result.append(contentsOf: text[copied..<word.valueOffset])
        date.append(to: &result)
        copied = word.wordRange.upperBound
        return true
    }
    guard copied > 0 else { return text }
    result.append(contentsOf: text[copied...])
    return result
}

/// `resolvingRelativeDates(in:today:)` for a string.
public func resolvingRelativeDates(in text: String, today: LocalDate) -> String {
    String(decoding: resolvingRelativeDates(in: Array(text.utf8), today: today), as: UTF8.self)
}

/// The absolute date a relative `due:`/`t:` value names on `today` (`friday`, `+3d`, `3d`), or
/// `nil` when the value is a date already or no date at all: the test behind
/// `resolvingRelativeDates(in:today:)`, for the checker's suggestion and for `tag`.
package func relativeDate(_ value: some StringProtocol, today: LocalDate) -> LocalDate? {
    guard let parsed = DateValue(parsing: Array(value.utf8)[...], allowingUnsignedOffsets: true),
        !parsed.isAbsolute
    else { return nil }
    return parsed.resolve(today: today)
}
