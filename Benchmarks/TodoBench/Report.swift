/// Prints the table of one size and the goals each row meets.
enum Report {
    static func milliseconds(_ seconds: Double?) -> String {
        guard let seconds else { return "-" }
        let ms = seconds * 1000
        if ms >= 100 { return String(Int(ms.rounded())) }
        if ms >= 10 { return format(ms, 1) }
        return format(ms, 2)
    }

    static func format(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let have = text.distance(from: dot, to: text.endIndex) - 1
            text += String(repeating: "0", count: max(0, decimals - have))
        }
        return text
    }

    static func ratio(_ top: Double?, _ bottom: Double?) -> String {
        guard let top, let bottom, bottom > 0 else { return "-" }
        let value = top / bottom
        return format(value, value >= 100 ? 0 : (value >= 10 ? 1 : 2))
    }

    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let count = text.unicodeScalars.count
        guard count < width else { return text }
        let fill = String(repeating: " ", count: width - count)
        return left ? text + fill : fill + text
    }

    /// The goal check of a row (issue 7): listings at most 2x the floor and at least 15x faster
    /// than todo.sh, edits at most 2x the floor, start-up a few milliseconds, memory at most
    /// twice the file plus 20 MB.
    static func goals(_ row: Row, fileBytes: Int) -> String {
        var missed: [String] = []
        let todo = row.medians[.todo]
        if let todo, let floor = row.medians[.floor], row.isListing || row.isEdit,
            todo / floor > 2.2
        {
            missed.append("floor")
        }
        if let todo, let todoSh = row.medians[.todoSh], row.isListing, todoSh / todo < 15 {
            missed.append("todo.sh")
        }
        if let todo, row.isStartup, todo > 0.005 { missed.append("start-up") }
        if !row.isStartup && row.todoMaxRSS > 2 * fileBytes + 20 << 20 { missed.append("memory") }
        return missed.isEmpty ? "ok" : "MISSED " + missed.joined(separator: ",")
    }

    static func print(size: Int, fileBytes: Int, rows: [Row]) {
        let headings = [
            "operation", "todo ms", "floor ms", "todo/floor", "todo.sh ms", "todo.sh/todo",
            "topydo ms", "topydo/todo", "todo RSS MB", "goals",
        ]
        let widths = [24, 9, 9, 11, 11, 13, 10, 12, 12, 0]
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                text +=
                    index == 0 || index == cells.count - 1
                    ? pad(cell, widths[index], left: true) : pad(cell, widths[index])
                text += " "
            }
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        Swift.print("")
        Swift.print(
            "== \(size) lines (\(format(Double(fileBytes) / 1_048_576, 1)) MB); medians;"
                + " memory goal \(format(Double(2 * fileBytes + 20 << 20) / 1_048_576, 0)) MB ==")
        Swift.print(line(headings))
        for row in rows {
            if row.skipped {
                Swift.print(line([row.name, "skipped: not available in todo"]))
                continue
            }
            let todo = row.medians[.todo]
            var goal = goals(row, fileBytes: fileBytes)
            if !row.notes.isEmpty { goal += " (" + row.notes.joined(separator: "; ") + ")" }
            func timed(_ tool: Tool) -> String {
                if let failure = row.failed[tool] { return failure }
                let text = milliseconds(row.medians[tool])
                return row.runs[tool] == 1 && row.medians[tool] != nil ? text + "¹" : text
            }
            Swift.print(
                line([
                    row.name, timed(.todo), timed(.floor), ratio(todo, row.medians[.floor]),
                    timed(.todoSh), ratio(row.medians[.todoSh], todo), timed(.topydo),
                    ratio(row.medians[.topydo], todo),
                    format(Double(row.todoMaxRSS) / 1_048_576, 1), goal,
                ]))
        }
    }
}
