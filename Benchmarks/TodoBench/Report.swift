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
        if decimals <= 0 { return String(Int(value.rounded())) }
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

    /// A time limit in whole seconds, or with one decimal when it is not whole.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : format(value, 1)
    }

    /// The memory goal of a row: the bytes it reads plus 20 MB.
    static func memoryLimit(_ row: Row) -> Int { row.fileBytes + 20 << 20 }

    /// The goals (issue 18) a row misses at one size, each with the figure that misses it.
    static func misses(_ row: Row) -> [String] {
        var missed: [String] = []
        if let factor = row.goal.factor, let todo = row.medians[.todo],
            let floor = row.medians[.floor], floor > 0, todo / floor > factor
        {
            missed.append("\(ratio(todo, floor)) x floor > \(format(factor, 1))")
        }
        if row.goal.limitsMemory && row.todoMaxRSS > memoryLimit(row) {
            missed.append(
                "memory \(format(Double(row.todoMaxRSS) / 1_048_576, 0)) MB > "
                    + "\(format(Double(memoryLimit(row)) / 1_048_576, 0)) MB")
        }
        return missed
    }

    static func print(size: Int, fileBytes: Int, rows: [Row]) {
        let headings = [
            "operation", "todo ms", "floor ms", "todo/floor", "goal", "todo.sh ms",
            "todo.sh/todo", "topydo ms", "topydo/todo", "todo RSS MB", "goals",
        ]
        let widths = [24, 9, 9, 10, 5, 11, 12, 10, 11, 11, 0]
        Swift.print("")
        Swift.print(
            "== \(size) lines (\(format(Double(fileBytes) / 1_048_576, 1)) MB); medians; memory goal"
                + " \(format(Double(fileBytes + 20 << 20) / 1_048_576, 0)) MB (lsa, archive: with the"
                + " done file) ==")
        Swift.print(line(headings, widths))
        for row in rows {
            if row.skipped {
                Swift.print(line([row.name, "skipped: not available in todo"], widths))
                continue
            }
            let todo = row.medians[.todo]
            let missed = misses(row)
            var goal =
                row.goal == .none
                ? "-" : (missed.isEmpty ? "met" : "MISSED " + missed.joined(separator: ", "))
            if !row.notes.isEmpty { goal += " (" + row.notes.joined(separator: "; ") + ")" }
            func timed(_ tool: Tool) -> String {
                if let failure = row.failed[tool] { return failure }
                let text = milliseconds(row.medians[tool])
                return row.runs[tool] == 1 && row.medians[tool] != nil ? text + "¹" : text
            }
            Swift.print(
                line(
                    [
                        row.name, timed(.todo), timed(.floor), ratio(todo, row.medians[.floor]),
                        row.goal.factor.map { format($0, 1) } ?? "-", timed(.todoSh),
                        ratio(row.medians[.todoSh], todo), timed(.topydo),
                        ratio(row.medians[.topydo], todo),
                        format(Double(row.todoMaxRSS) / 1_048_576, 1), goal,
                    ], widths))
        }
    }

    /// One table line: the first and last cells left-aligned, the others right-aligned.
    static func line(_ cells: [String], _ widths: [Int]) -> String {
        var text = ""
        for (index, cell) in cells.enumerated() {
            let width = index < widths.count ? widths[index] : 0
            text +=
                index == 0 || index == cells.count - 1
                ? pad(cell, width, left: true) : pad(cell, width)
            text += " "
        }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// How much longer each row took at the larger size than at the smaller one, for todo and
    /// for the floor. Returns the names of listings that grew faster than their floor.
    static func printGrowth(
        from small: (size: Int, rows: [Row]), to large: (size: Int, rows: [Row])
    ) -> [String] {
        let factor = Double(large.size) / Double(small.size)
        Swift.print("")
        Swift.print(
            "== growth from \(small.size) to \(large.size) lines (x\(format(factor, 0)) the lines):"
                + " time at \(large.size) / time at \(small.size) ==")
        let widths = [24, 12, 13, 0]
        Swift.print(line(["operation", "todo growth", "floor growth", "listing goal"], widths))
        var faster: [String] = []
        for row in large.rows where !row.skipped {
            guard let before = small.rows.first(where: { $0.name == row.name }) else { continue }
            let todo = ratio(row.medians[.todo], before.medians[.todo])
            let floor = ratio(row.medians[.floor], before.medians[.floor])
            var verdict = "-"
            if row.goal == .listing, let a = row.medians[.todo], let b = before.medians[.todo],
                let c = row.medians[.floor], let d = before.medians[.floor], b > 0, d > 0
            {
                let grows = a / b > c / d
                verdict = grows ? "MISSED (grows faster than the floor)" : "met"
                if grows { faster.append("\(row.name) (x\(todo) vs x\(floor))") }
            }
            Swift.print(line([row.name, todo, floor, verdict], widths))
        }
        return faster
    }

    /// The goals of issue 18, each with whether every row held to it meets it, and where not.
    static func printGoals(results: [(size: Int, rows: [Row])], growthMisses: [String]) {
        Swift.print("")
        Swift.print("== goals (issue 18) ==")
        for goal in Goal.allCases where goal != .none {
            var missed: [String] = []
            var measured = false
            for (size, rows) in results {
                for row in rows where row.goal == goal && !row.skipped {
                    guard let todo = row.medians[.todo], let floor = row.medians[.floor],
                        let factor = goal.factor, floor > 0
                    else { continue }
                    measured = true
                    if todo / floor > factor {
                        missed.append("\(row.name) at \(size): \(ratio(todo, floor))")
                    }
                }
            }
            let verdict =
                !measured
                ? "not measured"
                : (missed.isEmpty ? "met" : "MISSED: " + missed.joined(separator: "; "))
            Swift.print("\(goal.text): \(verdict)")
        }
        if results.count > 1 {
            Swift.print(
                "listings grow no faster than their floor: "
                    + (growthMisses.isEmpty
                        ? "met" : "MISSED: " + growthMisses.joined(separator: "; ")))
        }
        var memory: [String] = []
        for (size, rows) in results {
            for row in rows where row.goal.limitsMemory && row.todoMaxRSS > memoryLimit(row) {
                memory.append(
                    "\(row.name) at \(size): \(format(Double(row.todoMaxRSS) / 1_048_576, 0)) of"
                        + " \(format(Double(memoryLimit(row)) / 1_048_576, 0)) MB")
            }
        }
        Swift.print(
            "peak memory of listings and edits within the file's size + 20 MB: "
                + (memory.isEmpty ? "met" : "MISSED: " + memory.joined(separator: "; ")))
    }
}
