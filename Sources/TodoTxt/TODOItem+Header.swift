extension TODOItem {
    /// The header of a line read from its bytes: the fields ``TODOItem/init(parsingBytes:)``
    /// takes from the start of the line, and where the description starts. Code that reads
    /// many lines through pointers (a sort of a large file) uses it without making an item.
    package struct Header {
        /// Whether the line starts with `x `.
        package var isDone = false
        /// The `(A) ` priority of an open task.
        package var priority: Priority?
        /// The date right after `x `.
        package var completionDate: LocalDate?
        /// The creation date.
        package var creationDate: LocalDate?
        /// The offset of the description's first byte.
        package var descriptionStart = 0

        /// Reads the header of one line (without its terminator), as FormatRules.md H1-H5
        /// describe it.
        package init(parsing line: UnsafeBufferPointer<UInt8>) {
            var index = 0
            let end = line.count
            func dateFollowedBySpace(at position: Int) -> LocalDate? {
                guard end - position >= 11, line[position + 10] == 0x20 else { return nil }
                return LocalDate(
                    utf8: UnsafeBufferPointer(rebasing: line[position..<position + 10]))
            }
            if end >= 2, line[0] == 0x78, line[1] == 0x20 {
                isDone = true
                index = 2
                if let completion = dateFollowedBySpace(at: index) {
                    completionDate = completion
                    index += 11
                    if let creation = dateFollowedBySpace(at: index) {
                        creationDate = creation
                        index += 11
                    }
                }
            } else {
                if end >= 4, line[0] == 0x28, line[2] == 0x29, line[3] == 0x20,
                    let letter = Priority(ascii: line[1])
                {
                    priority = letter
                    index = 4
                }
                if let creation = dateFollowedBySpace(at: index) {
                    creationDate = creation
                    index += 11
                }
            }
            descriptionStart = index
        }
    }
}
