import TodoJSON
import TodoTxt

extension LanguageServer {
    /// The date completions offered after `due:` and `t:`: a label, and the date it names.
    static func dateChoices(today: LocalDate) -> [(label: String, date: LocalDate)] {
        var choices: [(String, LocalDate)] = [("today", today)]
        if let tomorrow = today.adding(days: 1) { choices.append(("tomorrow", tomorrow)) }
        for ahead in 1...7 {
            guard let day = today.adding(days: ahead) else { continue }
            choices.append((weekdayNames[day.weekday - 1].lowercased(), day))
        }
        if let week = today.adding(days: 7) { choices.append(("+1w", week)) }
        if let month = today.adding(months: 1) { choices.append(("+1m", month)) }
        if let endOfWeek = today.adding(days: 7 - today.weekday) {
            choices.append(("end of week", endOfWeek))
        }
        if let endOfMonth = LocalDate(
            year: today.year, month: today.month,
            day: LocalDate.daysIn(month: today.month, year: today.year))
        {
            choices.append(("end of month", endOfMonth))
        }
        return choices
    }

    /// The English weekday names, Monday first (ISO weekday order).
    static let weekdayNames = [
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    ]

    /// `textDocument/completion`.
    func completion(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard let (document, position) = try documentAndPosition(params),
            let (line, cursor) = place(position, in: document)
        else { return ["isIncomplete": false, "items": []] }
        let content = Array(document.task(ofLine: line))
        var wordStart = cursor
        while wordStart > 0 && content[wordStart - 1] != 0x20 && content[wordStart - 1] != 0x09 {
            wordStart -= 1
        }
        let typed = content[wordStart..<cursor]
        let replaced = range(wordStart..<cursor, line: line, in: document)
        var items: [JSONValue] = []
        func item(
            _ label: String, insert: String, kind: Int, detail: String?, rank: Int,
            range: TextRange = replaced
        ) {
            var fields: [String: JSONValue] = [
                "label": .string(label), "kind": .integer(kind),
                "sortText": .string(String(100_000 + rank)),
                "filterText": .string(label),
                "textEdit": ["range": range.json, "newText": .string(insert)],
            ]
            if let detail { fields["detail"] = .string(detail) }
            items.append(.object(fields))
        }
        let first = typed.first
        if first == 0x28 && wordStart == 0 && typed.count <= 2
            && !TaskLine(content[...]).item.isDone
        {
            for (rank, letter) in priorityOrder(document).enumerated() {
                item(
                    "(\(letter)) ", insert: "(\(letter)) ", kind: 12, detail: "priority", rank: rank
                )
            }
        } else if first == 0x2B || first == 0x40 {
            var counts = document.doneCounts.filter { $0.key.first == first }
            counts.merge(document.names.names(sigil: first ?? 0x2B), uniquingKeysWith: +)
            // The word being typed is not a name yet.
            var current = TaskLine(document.task(ofLine: line))
            Self.addNames(of: current, to: &counts, by: -1)
            current.parts.removeAll { $0.range.lowerBound == wordStart }
            Self.addNames(of: current, to: &counts)
            let names = counts.filter { $0.key.first == first && $0.value > 0 }.sorted {
                $0.value != $1.value
                    ? $0.value > $1.value : $0.key.lexicographicallyPrecedes($1.key)
            }
            for (rank, (name, count)) in names.enumerated() {
                let text = String(decoding: name, as: UTF8.self)
                item(
                    text, insert: text, kind: first == 0x2B ? 9 : 6,
                    detail: count == 1 ? "1 task" : "\(count) tasks", rank: rank)
            }
        } else if let colon = typed.firstIndex(of: 0x3A) {
            let key = Array(typed[..<colon])
            if key == Array("due".utf8) || key == Array("t".utf8) || keyHoldsDates(key, document) {
                let valueRange = range((colon + 1)..<cursor, line: line, in: document)
                for (rank, choice) in Self.dateChoices(today: environment.today()).enumerated() {
                    let weekday = Self.weekdayNames[choice.date.weekday - 1]
                    item(
                        choice.label, insert: choice.date.description, kind: 12,
                        detail: "\(choice.date) \(weekday)", rank: rank, range: valueRange)
                }
            }
        } else {
            var keys = document.names.tagKeys
            for key in ["due", "t", "rec", "h"] where keys[key] == nil { keys[key] = 0 }
            let ordered = keys.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            for (rank, (key, count)) in ordered.enumerated() {
                item(
                    key + ":", insert: key + ":", kind: 10,
                    detail: count == 0
                        ? "tag" : (count == 1 ? "tag, used once" : "tag, used \(count) times"),
                    rank: rank)
            }
        }
        return ["isIncomplete": false, "items": .array(items)]
    }

    /// A to Z, the priorities the document uses first (most used first).
    private func priorityOrder(_ document: OpenDocument) -> [Character] {
        let counts = document.names.priorityCounts
        let letters = Array(0..<26)
        let used = letters.filter { counts[$0] > 0 }.sorted { counts[$0] > counts[$1] }
        return (used + letters.filter { counts[$0] <= 0 }).map {
            Character(Unicode.Scalar(UInt8(0x41 + $0)))
        }
    }

    /// Whether the values of tag `key` in the document are dates (at least one, and all valid).
    private func keyHoldsDates(_ key: [UInt8], _ document: OpenDocument) -> Bool {
        document.names.holdsDates(key)
    }
}
