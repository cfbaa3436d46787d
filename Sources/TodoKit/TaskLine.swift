import TodoQuery
import TodoTxt

/// The bytes of every edit `todo` makes to the line of a task, written once: the `todo`
/// actions (`add`, `do`, `pri`, `depri`, `append`, `prepend`, `replace`, `postpone`, `tag`) and
/// the task stores both call these functions, so a task store writes what the command writes.
///
/// They follow todo.sh's editing rules, which accept any one character as a priority: `(b) `
/// is a priority to remove or replace, though a listing does not show it as one.
package enum TaskLine {
    /// Line breaks become spaces: a task is one line.
    package static func cleaned(_ text: String) -> [UInt8] {
        text.utf8.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    }

    /// Text typed for a task as an edit writes it: line breaks become spaces and, when
    /// `resolvingDates`, `due:` and `t:` values typed as words (`due:friday`, `t:+3d`) become
    /// dates counted from `today`.
    package static func typed(_ text: String, today: LocalDate, resolvingDates: Bool) -> [UInt8] {
        let line = cleaned(text)
        return resolvingDates ? resolvingRelativeDates(in: line, today: today) : line
    }

    /// Whether the line starts with `x `, the mark of a done task.
    package static func isDone(_ line: some Collection<UInt8>) -> Bool {
        line.starts(with: [0x78, 0x20])
    }

    /// Whether the bytes start with `(X)` for an upper-case letter X.
    private static func startsWithPriority(_ text: [UInt8]) -> Bool {
        text.count >= 3 && text[0] == 0x28 && (0x41...0x5A).contains(text[1]) && text[2] == 0x29
    }

    /// The line `todo add` writes for `text` (already ``typed(_:today:resolvingDates:)``): a
    /// lower-case priority `(a) ` is upper-cased, `creationDate` (with `-t`) goes after the
    /// priority, and `defaultPriority` goes first when the line starts with no priority.
    package static func added(
        _ text: [UInt8], creationDate: LocalDate?, defaultPriority: Priority?
    ) -> [UInt8] {
        var line = text
        if line.count >= 4, line[0] == 0x28, (0x61...0x7A).contains(line[1]), line[2] == 0x29,
            line[3] == 0x20
        {
            line[1] -= 0x20
        }
        if let creationDate {
            let hasPriority = line.count >= 4 && startsWithPriority(line) && line[3] == 0x20
            line.insert(contentsOf: creationDate.utf8 + [0x20], at: hasPriority ? 4 : 0)
        }
        if let defaultPriority, !startsWithPriority(line) {
            line = [0x28, defaultPriority.ascii, 0x29, 0x20] + line
        }
        return line
    }

    /// What `todo do` makes of an open task: its new line, and the task that comes back when
    /// it recurs.
    package struct Completion {
        /// The done line: `x DATE ` in place of the priority.
        package var line: [UInt8]
        /// The next occurrence of a task with a `rec:` tag, added at the end of the file in the
        /// same write.
        package var next: TODOItem?
        /// Why a `rec:` tag brings nothing back (`todo do` warns; the task is still done).
        package var recurrenceError: RecurrenceError?
    }

    /// The completion `todo do` writes for an open task, or `nil` for a done one. The priority
    /// is dropped, or, when `keepingPriority` and it is a letter A to Z, kept as a `pri:X` tag
    /// at the end.
    package static func completed(
        _ old: [UInt8], on today: LocalDate, keepingPriority: Bool
    ) -> Completion? {
        guard !isDone(old) else { return nil }
        let length = TaskHeader.priorityLength(old)
        var rest = Array(old[length...])
        if keepingPriority, length == 4, (0x41...0x5A).contains(old[1]) {
            rest += Array(" pri:".utf8) + [old[1]]
        }
        var completion = Completion(line: [0x78, 0x20] + today.utf8 + [0x20] + rest)
        do {
            completion.next = try TODOItem(parsingBytes: old[...]).nextOccurrence(
                completedOn: today)
        } catch {
            completion.recurrenceError = error
        }
        return completion
    }

    /// The line `todo pri` (or, for `nil`, `todo depri`) writes, or `nil` when it writes
    /// nothing: the task already has that priority (`pri`), or has none (`depri`).
    package static func prioritized(_ old: [UInt8], _ priority: Priority?) -> [UInt8]? {
        let length = TaskHeader.priorityLength(old)
        guard let priority else { return length > 0 ? Array(old[length...]) : nil }
        if length == 4 && old[1] == priority.ascii { return nil }
        return [0x28, priority.ascii, 0x29, 0x20] + old[length...]
    }

    /// The line `todo append` writes: the text at the end, after a space unless the text
    /// starts with one of `delimiters` (todo.sh's `SENTENCE_DELIMITERS`).
    package static func appended(
        _ old: [UInt8], _ text: [UInt8], delimiters: String
    ) -> [UInt8] {
        // A character is at most four bytes.
        let first = String(decoding: text.prefix(4), as: UTF8.self).unicodeScalars.first
        let glued = first.map { delimiters.unicodeScalars.contains($0) } ?? false
        return old + (glued ? [] : [0x20]) + text
    }

    /// The line `todo prepend` writes: the text and a space after the priority and the
    /// creation date.
    package static func prepended(_ old: [UInt8], _ text: [UInt8]) -> [UInt8] {
        let split = TaskHeader.length(old)
        return Array(old[..<split]) + text + [0x20] + Array(old[split...])
    }

    /// The line `todo replace` writes: the old priority and creation date stay unless the new
    /// text brings its own.
    package static func replaced(_ old: [UInt8], with text: [UInt8]) -> [UInt8] {
        TaskHeader.replacing(old, with: text)
    }

    /// The task `todo postpone` writes: `due:` moved by `offset` from the due date, or from
    /// `today` when it has passed or is missing, and `t:` moved as many days; `nil` when a date
    /// would pass the year 9999.
    package static func postponed(
        _ item: TODOItem, by offset: DateOffset, today: LocalDate
    ) -> TODOItem? {
        var item = item
        return item.postpone(by: offset, today: today) ? item : nil
    }

    /// The value `todo tag` writes for `key`: a `due:` or `t:` value typed as a word becomes a
    /// date when `resolvingDates`; any other value is written as typed.
    package static func tagValue(
        _ value: String, key: String, today: LocalDate, resolvingDates: Bool
    ) -> String {
        guard key == "due" || key == "t", resolvingDates,
            let date = relativeDate(value, today: today)
        else { return value }
        return date.description
    }

    /// The task `todo tag` writes: the first `key:` tag set to `value`, or `key:value` added at
    /// the end; for a `nil` value, every `key:` tag removed.
    ///
    /// - Throws: `TODOItemError` when the tag is not one, or removing it would expose text that
    ///   reads as a header.
    package static func tagged(
        _ item: TODOItem, key: String, value: String?
    ) throws(TODOItemError) -> TODOItem {
        var item = item
        if let value {
            try item.setTag(key, value)
        } else {
            try item.removeTags(key)
        }
        return item
    }
}
