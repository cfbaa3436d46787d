import TodoJSON
public import TodoTxt

/// The JSON record of one line, shared by `todo query` and `todo export` (whose
/// ``JSONRecordWriter`` writes the same bytes straight from the file's, and hands this writer
/// the lines that are not valid UTF-8).
///
/// Fields, in this order: `line`, `raw`, `done`, `priority`, `completionDate`, `creationDate`,
/// `description`, `projects`, `contexts`, `tags` (a list of `[key, value]` pairs), then `due`
/// and `t` when they hold valid dates. Strings are escaped as RFC 8259 asks (`"`, `\` and
/// control characters); bytes that are not valid UTF-8 are written as U+FFFD, so the output is
/// always valid JSON (the lossless form of a file is `--format todotxt`).
public enum JSONRecord {
    /// Appends the record of `line`, numbered `number`, to `output` (no newline).
    public static func append(_ line: TodoList.Line, number: Int, to output: inout [UInt8]) {
        append(raw: line.content, item: line.item, number: number, to: &output)
    }

    /// Appends the record of the line `raw` (its bytes without the terminator), numbered
    /// `number`, to `output` (no newline).
    package static func append(raw: ArraySlice<UInt8>, number: Int, to output: inout [UInt8]) {
        append(raw: raw, item: TODOItem(parsingBytes: raw), number: number, to: &output)
    }

    /// Appends the record of a line whose item is already parsed.
    static func append(
        raw: ArraySlice<UInt8>, item: TODOItem, number: Int, to output: inout [UInt8]
    ) {
        output.append(key: Key.line)
        appendDecimal(number, to: &output)
        output.append(key: Key.raw)
        appendString(raw, to: &output)
        output.append(key: Key.done)
        output.append(key: item.isDone ? Key.trueValue : Key.falseValue)
        output.append(key: Key.priority)
        if let priority = item.priority {
            output.append(0x22)
            output.append(priority.ascii)
            output.append(0x22)
        } else {
            output.append(key: Key.null)
        }
        output.append(key: Key.completionDate)
        appendDate(item.completionDate, to: &output)
        output.append(key: Key.creationDate)
        appendDate(item.creationDate, to: &output)
        output.append(key: Key.description)
        appendString(item.descriptionBytes, to: &output)
        let text = item.descriptionBytes
        // One word scan: projects are written as they come; contexts and tags are kept as
        // offsets (name start, name length, value start, value length) and written after.
        var contexts: [Range<Int>] = []
        var tags: [(name: Range<Int>, value: Range<Int>)] = []
        var due: LocalDate?
        var threshold: LocalDate?
        output.append(key: Key.projects)
        var firstProject = true
        WordScanner.forEach(in: text) { word in
            switch word.kind {
            case .project:
                if !firstProject { output.append(0x2C) }
                firstProject = false
                let start = text.startIndex + word.nameOffset
                appendString(text[start..<(start + word.name.count)], to: &output)
            case .context:
                let start = text.startIndex + word.nameOffset
                contexts.append(start..<(start + word.name.count))
            case .tag:
                let nameStart = text.startIndex + word.nameOffset
                let valueStart = text.startIndex + word.valueOffset
                tags.append(
                    (
                        nameStart..<(nameStart + word.name.count),
                        valueStart..<(valueStart + word.value.count)
                    ))
                if word.value.count == 10 {
                    if due == nil && word.nameIs(ItemFields.dueKey) {
                        due = LocalDate(utf8: word.value)
                    } else if threshold == nil && word.nameIs(ItemFields.thresholdKey) {
                        threshold = LocalDate(utf8: word.value)
                    }
                }
            default: break
            }
            return true
        }
        output.append(0x5D)
        output.append(key: Key.contexts)
        for (index, range) in contexts.enumerated() {
            if index > 0 { output.append(0x2C) }
            appendString(text[range], to: &output)
        }
        output.append(0x5D)
        output.append(key: Key.tags)
        for (index, tag) in tags.enumerated() {
            if index > 0 { output.append(0x2C) }
            output.append(0x5B)
            appendString(text[tag.name], to: &output)
            output.append(0x2C)
            appendString(text[tag.value], to: &output)
            output.append(0x5D)
        }
        output.append(0x5D)
        if let due {
            output.append(key: Key.due)
            appendDate(due, to: &output)
        }
        if let threshold {
            output.append(key: Key.threshold)
            appendDate(threshold, to: &output)
        }
        output.append(0x7D)
    }

    /// The constant pieces of a record, as static strings: appending one copies its bytes
    /// with no reference counting and no lazy initialisation.
    private enum Key {
        static var line: StaticString { #"{"line":"# }
        static var raw: StaticString { #","raw":"# }
        static var done: StaticString { #","done":"# }
        static var priority: StaticString { #","priority":"# }
        static var completionDate: StaticString { #","completionDate":"# }
        static var creationDate: StaticString { #","creationDate":"# }
        static var description: StaticString { #","description":"# }
        static var projects: StaticString { #","projects":["# }
        static var contexts: StaticString { #","contexts":["# }
        static var tags: StaticString { #","tags":["# }
        static var due: StaticString { #","due":"# }
        static var threshold: StaticString { #","t":"# }
        static var trueValue: StaticString { "true" }
        static var falseValue: StaticString { "false" }
        static var null: StaticString { "null" }
    }

    private static func appendDate(_ date: LocalDate?, to output: inout [UInt8]) {
        guard let date else {
            output.append(key: Key.null)
            return
        }
        output.append(0x22)
        date.append(to: &output)
        output.append(0x22)
    }

    /// Appends `bytes` as a quoted JSON string: escapes `"`, `\` and control characters, and
    /// writes each invalid UTF-8 sequence as U+FFFD (the package's one JSON string writer).
    public static func appendString(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        JSONWriter.appendString(bytes, to: &output)
    }
}

extension [UInt8] {
    /// Appends the UTF-8 bytes of a static string.
    @inline(__always)
    fileprivate mutating func append(key: StaticString) {
        append(
            contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }
}
