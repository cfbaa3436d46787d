/// Edits on the model, each touching only what it must (FormatRules.md Part C). Every edit that
/// could produce a line that parses back differently throws ``TODOItemError`` instead.
extension TODOItem {
    /// Marks the task done on `date` (FormatRules.md C.1): the priority is removed, `x DATE ` is
    /// prepended, the creation date and the description stay. With `keepingPriority`, a
    /// priority is kept as a ` pri:X` tag at the end of the description (C.2). A task that is
    /// already done is left unchanged.
    public mutating func complete(on date: LocalDate, keepingPriority: Bool = false) {
        guard !isDone else { return }
        var text = descriptionBytes
        if keepingPriority, let priority {
            // One SP before the tag, unless the description is empty or already ends with one.
            let space: [UInt8] = text.last.map { Word.isSeparator($0) } ?? true ? [] : [0x20]
            text = ArraySlice(Array(text) + space + Array("pri:".utf8) + [priority.ascii])
        }
        isDone = true
        completionDate = date
        self.priority = nil
        descriptionBytes = text
    }

    /// Reopens a done task (FormatRules.md C.3): removes `x ` and the completion date and, when the
    /// description has a `pri:X` tag, removes that word with one adjacent space and restores
    /// `(X) `. The result is the parse of the new line, so header-like text at the start of the
    /// description becomes header again. A task that is not done is left unchanged.
    public mutating func reopen() {
        guard isDone else { return }
        var text = Array(descriptionBytes)
        var restored: Priority?
        if let word = firstTagWord("pri"), word.value.count == 1,
            let letter = Priority(ascii: word.value[word.value.startIndex])
        {
            restored = letter
            text = TODOItem.removing(word.bytes, from: descriptionBytes)
        }
        var line: [UInt8] = []
        if let restored { line += [0x28, restored.ascii, 0x29, 0x20] }
        if let creationDate { line += creationDate.utf8 + [0x20] }
        line += text
        self = TODOItem(parsingBytes: ArraySlice(line))
    }

    /// Sets or removes the priority of an open task. On a done task the `pri:` tag is set or
    /// removed instead (FormatRules.md C.2).
    ///
    /// - Throws: ``TODOItemError/descriptionLooksLikeHeader`` when removing the priority would
    ///   expose text such as `x ` that the header grammar would claim.
    public mutating func setPriority(_ newPriority: Priority?) throws(TODOItemError) {
        if isDone {
            if let newPriority {
                try setTag("pri", newPriority.description)
            } else {
                removeTag("pri")
            }
            return
        }
        self = try TODOItem(
            descriptionBytes: descriptionBytes, priority: newPriority, creationDate: creationDate,
            isDone: false, completionDate: nil, allowingCR: true)
    }

    /// Inserts `text` and a space at the start of the description, after the header. No space
    /// is added when the description is empty or already starts with a space or tab.
    ///
    /// - Throws: ``TODOItemError`` when the text has a line break or would be read as header.
    public mutating func prepend(_ text: some StringProtocol) throws(TODOItemError) {
        let added = try TODOItem.checkedUserText(text)
        let space: [UInt8] =
            descriptionBytes.first.map { Word.isSeparator($0) } ?? true ? [] : [0x20]
        try setDescription(ArraySlice(added + space + Array(descriptionBytes)))
    }

    /// Appends `separator` (one space by default) and `text` to the description. The separator
    /// is left out when the description is empty, or when it is only spaces and the description
    /// already ends with a space or tab.
    ///
    /// - Throws: ``TODOItemError/lineBreakInDescription`` when the text has a line break.
    public mutating func append(
        _ text: some StringProtocol, separator: String = " "
    )
        throws(TODOItemError)
    {
        let added = try TODOItem.checkedUserText(text)
        let gap = try TODOItem.checkedUserText(separator)
        let skipGap =
            descriptionBytes.last.map { Word.isSeparator($0) && gap.allSatisfy { $0 == 0x20 } }
            ?? true
        try setDescription(ArraySlice(Array(descriptionBytes) + (skipGap ? [] : gap) + added))
    }

    /// Replaces the description, keeping the header.
    ///
    /// - Throws: ``TODOItemError`` when the text has a line break or would be read as header.
    public mutating func replaceDescription(with text: some StringProtocol) throws(TODOItemError) {
        try setDescription(ArraySlice(TODOItem.checkedUserText(text)))
    }

    /// Sets the value of the first `key:` tag in place, or appends ` key:value` when there is
    /// none (FormatRules.md C.6).
    ///
    /// - Throws: ``TODOItemError/invalidTag`` when the key is empty or has a colon, space or
    ///   tab, or the value is empty, has a space or tab, or starts with `//`.
    public mutating func setTag(_ key: String, _ value: String) throws(TODOItemError) {
        let keyBytes = Array(key.utf8)
        let valueBytes = Array(value.utf8)
        func bad(_ byte: UInt8) -> Bool { Word.isSeparator(byte) || byte == 0x0A || byte == 0x0D }
        guard !keyBytes.isEmpty, !keyBytes.contains(where: { bad($0) || $0 == 0x3A }),
            keyBytes[0] != 0x2B, keyBytes[0] != 0x40,
            !valueBytes.isEmpty, !valueBytes.contains(where: bad),
            !valueBytes.starts(with: [0x2F, 0x2F])
        else { throw .invalidTag }
        let word = keyBytes + [0x3A] + valueBytes
        if let existing = firstTagWord(key) {
            let text = descriptionBytes
            try setDescription(
                ArraySlice(
                    Array(text[..<existing.bytes.startIndex]) + word
                        + Array(text[existing.bytes.endIndex...])))
        } else if descriptionBytes.last.map({ Word.isSeparator($0) }) ?? true {
            try setDescription(ArraySlice(Array(descriptionBytes) + word))
        } else {
            try setDescription(ArraySlice(Array(descriptionBytes) + [0x20] + word))
        }
    }

    /// Removes the first `key:` tag with one adjacent space (FormatRules.md C.6). Nothing happens
    /// when there is no such tag, or when removing it would expose text that the header grammar
    /// claims (`due:1 x marks` would become a completed task).
    public mutating func removeTag(_ key: String) {
        guard let word = firstTagWord(key) else { return }
        let text = TODOItem.removing(word.bytes, from: descriptionBytes)
        // Removing a word can only expose header-like text at the very start; keep the old
        // item in that case rather than change its meaning.
        try? setDescription(ArraySlice(text))
    }

    /// The first tag word with this key.
    func firstTagWord(_ key: String) -> Word? {
        let keyBytes = Array(key.utf8)
        var found: Word?
        forEachWord { word in
            if found == nil, word.kind == .tag, word.name.elementsEqual(keyBytes) { found = word }
        }
        return found
    }

    /// `text` without `word` (a slice of it) and one adjacent space: the one before it, or the
    /// one after it when the word starts the text.
    static func removing(_ word: ArraySlice<UInt8>, from text: ArraySlice<UInt8>) -> [UInt8] {
        var start = word.startIndex
        var end = word.endIndex
        if start > text.startIndex && text[start - 1] == 0x20 {
            start -= 1
        } else if end < text.endIndex && text[end] == 0x20 {
            end += 1
        }
        return Array(text[..<start]) + Array(text[end...])
    }

    /// The bytes of text a user adds to a task; LF and CR are rejected (FormatRules.md C.4).
    static func checkedUserText(_ text: some StringProtocol) throws(TODOItemError) -> [UInt8] {
        let bytes = Array(text.utf8)
        if bytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) { throw .lineBreakInDescription }
        return bytes
    }

    /// Replaces the description, keeping the header. New text was checked by the caller, so a
    /// CR already in the line stays content (FormatRules.md F3).
    private mutating func setDescription(_ text: ArraySlice<UInt8>) throws(TODOItemError) {
        self = try TODOItem(
            descriptionBytes: text, priority: priority, creationDate: creationDate, isDone: isDone,
            completionDate: completionDate, allowingCR: true)
    }
}
