public import TodoTxt

/// The JSON record of one line (query.md section 5), shared by `todo export` and `todo query`.
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

    /// Appends the record of a line whose item is already parsed.
    static func append(
        raw: ArraySlice<UInt8>, item: TODOItem, number: Int, to output: inout [UInt8]
    ) {
        output.append(contentsOf: #"{"line":"#.utf8)
        output.append(contentsOf: String(number).utf8)
        output.append(contentsOf: #","raw":"#.utf8)
        appendString(raw, to: &output)
        output.append(contentsOf: #","done":"#.utf8)
        output.append(contentsOf: (item.isDone ? "true" : "false").utf8)
        output.append(contentsOf: #","priority":"#.utf8)
        appendOptional(item.priority?.description, to: &output)
        output.append(contentsOf: #","completionDate":"#.utf8)
        appendOptional(item.completionDate?.description, to: &output)
        output.append(contentsOf: #","creationDate":"#.utf8)
        appendOptional(item.creationDate?.description, to: &output)
        output.append(contentsOf: #","description":"#.utf8)
        appendString(item.descriptionBytes, to: &output)
        var projects: [ArraySlice<UInt8>] = []
        var contexts: [ArraySlice<UInt8>] = []
        var tags: [(ArraySlice<UInt8>, ArraySlice<UInt8>)] = []
        item.forEachWord { word in
            switch word.kind {
            case .project: projects.append(word.name)
            case .context: contexts.append(word.name)
            case .tag: tags.append((word.name, word.value))
            case .text: break
            }
        }
        output.append(contentsOf: #","projects":"#.utf8)
        appendArray(projects, to: &output)
        output.append(contentsOf: #","contexts":"#.utf8)
        appendArray(contexts, to: &output)
        output.append(contentsOf: #","tags":["#.utf8)
        for (index, tag) in tags.enumerated() {
            if index > 0 { output.append(0x2C) }
            output.append(0x5B)
            appendString(tag.0, to: &output)
            output.append(0x2C)
            appendString(tag.1, to: &output)
            output.append(0x5D)
        }
        output.append(0x5D)
        if let due = item.dateTag("due") {
            output.append(contentsOf: #","due":"#.utf8)
            appendString(ArraySlice(due.utf8), to: &output)
        }
        if let threshold = item.dateTag("t") {
            output.append(contentsOf: #","t":"#.utf8)
            appendString(ArraySlice(threshold.utf8), to: &output)
        }
        output.append(0x7D)
    }

    private static func appendOptional(_ value: String?, to output: inout [UInt8]) {
        if let value {
            appendString(ArraySlice(value.utf8), to: &output)
        } else {
            output.append(contentsOf: "null".utf8)
        }
    }

    private static func appendArray(_ values: [ArraySlice<UInt8>], to output: inout [UInt8]) {
        output.append(0x5B)
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(0x2C) }
            appendString(value, to: &output)
        }
        output.append(0x5D)
    }

    /// Appends `bytes` as a quoted JSON string: escapes `"`, `\` and control characters, and
    /// writes each invalid UTF-8 sequence as U+FFFD.
    public static func appendString(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        output.append(0x22)
        let bodyStart = output.count
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var needsRepair = false
        for byte in bytes {
            switch byte {
            case 0x22: output.append(contentsOf: [0x5C, 0x22])
            case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: output.append(contentsOf: [0x5C, 0x72])
            case 0x09: output.append(contentsOf: [0x5C, 0x74])
            case 0..<0x20:
                output.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            case 0x80...:
                needsRepair = true
                output.append(byte)
            default: output.append(byte)
            }
        }
        output.append(0x22)
        guard needsRepair else { return }
        // Non-ASCII bytes were copied as they are; make sure they form valid UTF-8.
        let bodyEnd = output.count - 1
        let body = output[bodyStart..<bodyEnd]
        if String(validating: body, as: UTF8.self) == nil {
            let repaired = Array(String(decoding: body, as: UTF8.self).utf8)
            output.replaceSubrange(bodyStart..<bodyEnd, with: repaired)
        }
    }
}
