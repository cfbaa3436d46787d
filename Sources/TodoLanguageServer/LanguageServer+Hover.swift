import TodoJSON
import TodoTxt

extension LanguageServer {
    /// `textDocument/hover`: what a date means from today, or how many tasks carry a project or
    /// context.
    func hover(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard let (document, position) = try documentAndPosition(params),
            let (line, column) = place(position, in: document), line < document.taskLineCount
        else { return .null }
        let task = TaskLine(document.task(ofLine: line))
        let today = environment.today()
        func answer(_ text: String, _ columns: Range<Int>) -> JSONValue {
            [
                "contents": ["kind": "plaintext", "value": .string(text)],
                "range": range(columns, line: line, in: document).json,
            ]
        }
        for (header, date) in [
            (task.completionDate, task.item.completionDate),
            (task.creationDate, task.item.creationDate),
        ] {
            if let header, let date, header.contains(column) || header.upperBound == column {
                return answer(Self.describe(date, today: today, overdue: false), header)
            }
        }
        guard let part = task.part(at: column) else { return .null }
        switch part.kind {
        case .tag:
            guard let date = LocalDate(String(decoding: part.value, as: UTF8.self)) else {
                return .null
            }
            let overdue = part.name.elementsEqual("due".utf8) && !task.item.isDone
            return answer(
                Self.describe(date, today: today, overdue: overdue),
                part.valueStart..<part.range.upperBound)
        case .project, .context:
            var open = 0
            var done = 0
            for other in 0..<document.taskLineCount {
                let candidate = TaskLine(document.task(ofLine: other))
                if candidate.parts.contains(where: { $0.kind == part.kind && $0.name == part.name })
                {
                    if candidate.item.isDone { done += 1 } else { open += 1 }
                }
            }
            let sigil = part.kind == .project ? "+" : "@"
            let name = sigil + String(decoding: part.name, as: UTF8.self)
            return answer(
                "\(name): \(Self.count(open, "open task")), \(done) done", part.range)
        case .text:
            return .null
        }
    }

    /// `1 open task`, `2 open tasks`.
    static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    /// `Tuesday 2026-12-01, in 9 days`; with `overdue`, a past date reads `3 days overdue`.
    static func describe(_ date: LocalDate, today: LocalDate, overdue: Bool) -> String {
        let weekday = weekdayNames[date.weekday - 1]
        let days = date.daysSinceEpoch - today.daysSinceEpoch
        let relation: String
        switch days {
        case 0: relation = "today"
        case 1: relation = "tomorrow"
        case -1: relation = overdue ? "1 day overdue" : "yesterday"
        case 2...: relation = "in \(days) days"
        default: relation = overdue ? "\(-days) days overdue" : "\(-days) days ago"
        }
        return "\(weekday) \(date), \(relation)"
    }
}
