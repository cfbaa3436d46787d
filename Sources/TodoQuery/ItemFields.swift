import TodoTxt

/// One named field of a task, as the query language, `--sort` and the completion scripts
/// spell it.
package struct QueryFieldName: Sendable, Hashable {
    /// The name used in messages and descriptions (`pri`, `t`).
    package let name: String
    /// Other accepted spellings (`priority`, `threshold`).
    package let aliases: [String]
    /// Whether `FIELD:VALUE` comparisons accept it.
    package let isComparable: Bool
    /// Whether `--sort` accepts it.
    package let isSortable: Bool

    /// Every spelling, the name first.
    package var spellings: [String] { [name] + aliases }
}

/// Reads the fields of the README, "Querying tasks" from an item, on bytes.
package enum ItemFields {
    /// The one table of named fields: comparisons, sort keys and the completion scripts all
    /// read it. Any other name in a comparison is a `key:value` tag.
    package static let names: [QueryFieldName] = [
        QueryFieldName(name: "pri", aliases: ["priority"], isComparable: true, isSortable: true),
        QueryFieldName(name: "due", aliases: [], isComparable: true, isSortable: true),
        QueryFieldName(name: "t", aliases: ["threshold"], isComparable: true, isSortable: true),
        QueryFieldName(name: "created", aliases: [], isComparable: true, isSortable: true),
        QueryFieldName(name: "completed", aliases: [], isComparable: true, isSortable: true),
        QueryFieldName(name: "line", aliases: ["n"], isComparable: true, isSortable: true),
        QueryFieldName(
            name: "text", aliases: ["description"], isComparable: true, isSortable: true),
        QueryFieldName(name: "done", aliases: [], isComparable: false, isSortable: true),
        QueryFieldName(name: "project", aliases: [], isComparable: true, isSortable: true),
        QueryFieldName(name: "context", aliases: [], isComparable: true, isSortable: true),
    ]

    /// The table entry one of whose spellings is `spelling`.
    package static func field(spelled spelling: some StringProtocol) -> QueryFieldName? {
        names.first { $0.spellings.contains { $0 == spelling } }
    }

    /// Every spelling of the fields comparisons accept, each followed by `:`, for completion.
    package static var comparableSpellings: [String] {
        names.filter(\.isComparable).flatMap { $0.spellings.map { $0 + ":" } }
    }

    /// The names `--sort` accepts (aliases left out), then `tag:KEY`.
    package static var sortKeyNames: [String] {
        names.filter(\.isSortable).map(\.name) + ["tag:KEY"]
    }

    /// The words the completion scripts offer after `--sort`.
    package static var sortKeyCompletions: [String] {
        names.filter(\.isSortable).map(\.name) + ["tag:"]
    }

    static let hiddenKey: [UInt8] = [0x68]
    static let thresholdKey: [UInt8] = [0x74]
    static let dueKey: [UInt8] = Array("due".utf8)
    static let priorityKey: [UInt8] = Array("pri".utf8)

    /// The priority letter: the header's for an open task, the first `pri:` tag's for a done
    /// task when that value is one letter A-Z.
    static func priority(of item: TODOItem) -> UInt8? {
        guard item.isDone else { return item.priority?.ascii }
        return item.descriptionBytes.withUnsafeBufferPointer { priorityTag(in: $0) }
    }

    /// The letter of the first `pri:` tag of a description, when it is one letter A-Z.
    static func priorityTag(in text: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var found: UInt8?
        WordScanner.forEach(in: text) { word in
            guard word.kind == .tag, word.nameIs(priorityKey) else { return true }
            if word.value.count == 1, let letter = word.value.first, letter >= 0x41, letter <= 0x5A
            {
                found = letter
            }
            return false
        }
        return found
    }

    /// The first tag with this key whose value is a valid date.
    static func dateTag(_ key: [UInt8], of item: TODOItem) -> LocalDate? {
        item.descriptionBytes.withUnsafeBufferPointer { dateTag(key, in: $0) }
    }

    /// The first tag with this key in a description whose value is a valid date.
    static func dateTag(_ key: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> LocalDate? {
        var found: LocalDate?
        WordScanner.forEach(in: text) { word in
            guard word.kind == .tag, word.value.count == 10, word.nameIs(key) else { return true }
            found = LocalDate(utf8: word.value)
            return found == nil
        }
        return found
    }

    /// The value of the first tag with this key.
    static func tag(_ key: [UInt8], of item: TODOItem) -> ArraySlice<UInt8>? {
        let text = item.descriptionBytes
        guard let range = text.withUnsafeBufferPointer({ tag(key, in: $0) }) else { return nil }
        return text[(text.startIndex + range.lowerBound)..<(text.startIndex + range.upperBound)]
    }

    /// Where the value of the first tag with this key lies in a description.
    static func tag(_ key: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var found: Range<Int>?
        WordScanner.forEach(in: text) { word in
            guard word.kind == .tag, word.nameIs(key) else { return true }
            found = word.valueOffset..<(word.valueOffset + word.value.count)
            return false
        }
        return found
    }

    /// The name of the first project or context.
    static func firstName(_ kind: Word.Kind, of item: TODOItem) -> ArraySlice<UInt8>? {
        let text = item.descriptionBytes
        guard let range = text.withUnsafeBufferPointer({ firstName(kind, in: $0) }) else {
            return nil
        }
        return text[(text.startIndex + range.lowerBound)..<(text.startIndex + range.upperBound)]
    }

    /// Where the name of the first project or context lies in a description.
    static func firstName(_ kind: Word.Kind, in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var found: Range<Int>?
        WordScanner.forEach(in: text) { word in
            guard word.kind == kind else { return true }
            found = word.nameOffset..<(word.nameOffset + word.name.count)
            return false
        }
        return found
    }

    /// Appends all project or context names, joined by single spaces (CSV and templates).
    static func appendNames(_ kind: Word.Kind, of item: TODOItem, to output: inout [UInt8]) {
        var first = true
        WordScanner.forEach(in: item.descriptionBytes) { word in
            if word.kind == kind {
                if !first { output.append(0x20) }
                first = false
                output.append(contentsOf: word.name)
            }
            return true
        }
    }
}
