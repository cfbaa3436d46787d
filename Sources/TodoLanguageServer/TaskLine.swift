import TodoTxt

/// The parts of one line of a todo.txt document, with their byte ranges in the line's content
/// (the content given, after a byte order mark): the header fields and every word of the
/// description, classified as TodoTxt classifies them.
struct TaskLine {
    /// One word of the description.
    struct Part {
        /// What the word is.
        var kind: Word.Kind
        /// The whole word.
        var range: Range<Int>
        /// The project or context name (without its sigil), the tag key, or the whole word.
        var name: ArraySlice<UInt8>
        /// The tag value, empty for other kinds.
        var value: ArraySlice<UInt8>
        /// Where the tag value starts.
        var valueStart: Int
    }

    /// The line parsed as a task.
    let item: TODOItem
    /// `(A)` of an open task.
    let priority: Range<Int>?
    /// The completion date of a done task.
    let completionDate: Range<Int>?
    /// The creation date.
    let creationDate: Range<Int>?
    /// The words of the description, in order.
    var parts: [Part]

    /// Takes a line apart. `content` may be a slice of a larger buffer; ranges are offsets
    /// from its start.
    init(_ content: ArraySlice<UInt8>) {
        let bytes = ArraySlice(Array(content))
        item = TODOItem(parsingBytes: bytes)
        let descriptionStart = bytes.count - item.descriptionBytes.count
        var headerIndex = 0
        if item.isDone {
            headerIndex = 2
            completionDate = item.completionDate.map { _ in 2..<12 }
            if item.completionDate != nil { headerIndex = 13 }
            priority = nil
        } else {
            completionDate = nil
            priority = item.priority.map { _ in 0..<3 }
            if item.priority != nil { headerIndex = 4 }
        }
        creationDate = item.creationDate.map { _ in headerIndex..<headerIndex + 10 }
        var parts: [Part] = []
        let text = item.descriptionBytes
        WordScanner.forEach(in: text) { word in
            let base = descriptionStart
            let nameStart = text.startIndex + word.nameOffset
            let valueStart = text.startIndex + word.valueOffset
            parts.append(
                Part(
                    kind: word.kind,
                    range: (base + word.wordRange.lowerBound)..<(base + word.wordRange.upperBound),
                    name: text[nameStart..<nameStart + word.name.count],
                    value: text[valueStart..<valueStart + word.value.count],
                    valueStart: base + word.valueOffset))
            return true
        }
        self.parts = parts
    }

    /// The word whose bytes hold `column`, or end right before it.
    func part(at column: Int) -> Part? {
        parts.first { $0.range.lowerBound <= column && column <= $0.range.upperBound }
    }

    /// The distinct names of the words of one kind, in order.
    func names(_ kind: Word.Kind) -> [ArraySlice<UInt8>] {
        var seen: Set<ArraySlice<UInt8>> = []
        var result: [ArraySlice<UInt8>] = []
        for part in parts where part.kind == kind && seen.insert(part.name).inserted {
            result.append(part.name)
        }
        return result
    }
}
