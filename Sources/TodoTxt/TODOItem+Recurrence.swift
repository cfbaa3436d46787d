/// Dates that move: the next occurrence of a recurring task, and postponing.
extension TODOItem {
    /// The recurrence of the task's first `rec:` tag, or `nil` when it has none.
    ///
    /// - Throws: ``RecurrenceError/invalidValue(_:)`` when that tag's value is not a
    ///   recurrence (`rec:daily`).
    public func recurrence() throws(RecurrenceError) -> Recurrence? {
        guard let word = firstTagWord("rec") else { return nil }
        guard let recurrence = Recurrence(String(decoding: word.value, as: UTF8.self)) else {
            throw .invalidValue(String(decoding: word.value, as: UTF8.self))
        }
        return recurrence
    }

    /// The task that comes back when this recurring task is completed on `today`, or `nil` when
    /// the task has no `rec:` tag.
    ///
    /// The new task is this line, open (a completed line is reopened first, so a `pri:X` tag
    /// becomes its priority again), with its creation date set to `today` if it had one, and its
    /// dates moved by the interval: `due:` becomes the base date plus the interval, where the
    /// base is `today`, or for a strict `rec:+…` the old `due:` (else `t:`); `t:` moves by as
    /// many days as `due:` did, or, without a `due:`, becomes its own base plus the interval;
    /// a task with neither gets ` due:` (today plus the interval) at the end. Only the first
    /// `due:` and `t:` tags that hold valid dates count and change; every other byte stays.
    ///
    /// ```swift
    /// let task = TODOItem(parsing: "(A) water plants due:2024-05-03 rec:+1w")
    /// try task.nextOccurrence(completedOn: LocalDate("2024-05-05")!)?.text
    /// // "(A) water plants due:2024-05-10 rec:+1w"
    /// ```
    ///
    /// - Throws: ``RecurrenceError`` when the `rec:` value is not a recurrence, or a new date
    ///   falls outside years 1...9999.
    public func nextOccurrence(completedOn today: LocalDate) throws(RecurrenceError) -> TODOItem? {
        guard let recurrence = try recurrence() else { return nil }
        let failure = RecurrenceError.outOfRange(recurrence.description)
        var next = self
        next.reopen()
        if next.creationDate != nil { next.creationDate = today }
        let due = next.firstDateWord("due")
        let threshold = next.firstDateWord("t")
        var text = Array(next.descriptionBytes)
        let start = next.descriptionBytes.startIndex
        if let due {
            let base = recurrence.isStrict ? due.date : today
            guard let newDue = base.adding(recurrence.interval) else { throw failure }
            text.replaceSubrange(due.value.offset(by: -start), with: newDue.utf8)
            if let threshold {
                guard let newThreshold = threshold.date.adding(days: newDue.days(since: due.date))
                else { throw failure }
                text.replaceSubrange(threshold.value.offset(by: -start), with: newThreshold.utf8)
            }
        } else if let threshold {
            let base = recurrence.isStrict ? threshold.date : today
            guard let newThreshold = base.adding(recurrence.interval) else { throw failure }
            text.replaceSubrange(threshold.value.offset(by: -start), with: newThreshold.utf8)
        } else {
            guard let newDue = today.adding(recurrence.interval) else { throw failure }
            if let last = text.last, !Word.isSeparator(last) { text.append(0x20) }
            text += Array("due:".utf8) + newDue.utf8
        }
        // Only date values changed (ten bytes for ten) or a tag was appended after the `rec:`
        // word, so the header reads the same and the fields can be set directly.
        next.descriptionBytes = ArraySlice(text)
        return next
    }

    /// Moves `due:` by `offset`, counted from the task's `due:` date, or from `today` when that
    /// date has passed; `t:` moves by as many days when the task has both. A task without a
    /// `due:` date gets ` due:` (today plus the offset) at the end. Only the first `due:` and
    /// `t:` tags that hold valid dates count and change; every other byte stays.
    ///
    /// - Returns: `false`, leaving the task unchanged, when a new date would fall outside years
    ///   1...9999.
    @discardableResult
    public mutating func postpone(by offset: DateOffset, today: LocalDate) -> Bool {
        var text = Array(descriptionBytes)
        let start = descriptionBytes.startIndex
        if let due = firstDateWord("due") {
            guard let newDue = max(due.date, today).adding(offset) else { return false }
            text.replaceSubrange(due.value.offset(by: -start), with: newDue.utf8)
            if let threshold = firstDateWord("t") {
                guard let newThreshold = threshold.date.adding(days: newDue.days(since: due.date))
                else { return false }
                text.replaceSubrange(threshold.value.offset(by: -start), with: newThreshold.utf8)
            }
        } else {
            guard let newDue = today.adding(offset) else { return false }
            if let last = text.last, !Word.isSeparator(last) { text.append(0x20) }
            text += Array("due:".utf8) + newDue.utf8
        }
        // Date values replace date values, or a tag is appended: the header reads the same
        // unless the description was empty, which a full reparse settles.
        if descriptionBytes.isEmpty {
            var line = self.line
            line += text
            self = TODOItem(parsingBytes: ArraySlice(line))
        } else {
            descriptionBytes = ArraySlice(text)
        }
        return true
    }

    /// The first tag with this key whose value is a valid date, with where that value lies in
    /// ``descriptionBytes``.
    func firstDateWord(_ key: String) -> (date: LocalDate, value: Range<Int>)? {
        let keyBytes = Array(key.utf8)
        var found: (LocalDate, Range<Int>)?
        forEachWord { word in
            if found == nil, word.kind == .tag, word.name.elementsEqual(keyBytes),
                let date = LocalDate(bytes: word.value)
            {
                found = (date, word.value.startIndex..<word.value.endIndex)
            }
        }
        return found
    }
}

extension Range<Int> {
    /// The range moved by `distance`.
    fileprivate func offset(by distance: Int) -> Range<Int> {
        (lowerBound + distance)..<(upperBound + distance)
    }
}
