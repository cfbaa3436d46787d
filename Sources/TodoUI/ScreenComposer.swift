import TodoKit
package import TodoTerminal

/// Draws the model's state into a ``Frame``: the header, the rows, the status line.
///
/// ```
/// todo.txt | open | sort pri,text | 2 of 3
/// > 1 (A) call mom @phone
///   3 pay rent +home
///
/// a add  x done  e edit  d delete  / filter  s sort  Tab view  ? keys  q quit
/// ```
///
/// Below 20×5 the frame holds one line saying the window is too small.
package struct ScreenComposer: Sendable {
    /// The name shown first in the header (the todo file's name).
    package var fileName: String
    /// The colours and hiding settings of the rows.
    package var look: ListingLook

    /// The smallest window that shows the list.
    package static let minimumSize = (width: 20, height: 5)

    /// The key hints the status line shows when there is nothing to report.
    package static let hints =
        "a add  x done  e edit  d delete  / filter  s sort  Tab view  ? keys  q quit"

    /// The key list `?` shows, one key per line.
    package static let keyList: [String] = [
        "j ↓ / k ↑       move",
        "PgDn / PgUp     move a page",
        "g Home / G End  first / last task",
        "Tab, 1 2 3      view: open, done, all",
        "s               next sort; S types one (todo query --sort)",
        "/               filter (todo query expression)",
        "a               add a task",
        "e Enter         edit the task's line",
        "x Space         done / not done",
        "p A-Z, p -      set / remove the priority",
        "d               delete (asks first)",
        "A               archive done tasks",
        "u               undo the last change (todo undo)",
        "E               open $EDITOR at the task",
        "r               reload",
        "q Ctrl-C        quit",
        "",
        "any key closes this list",
    ]

    /// Creates a composer.
    package init(fileName: String, look: ListingLook = ListingLook()) {
        self.fileName = fileName
        self.look = look
    }

    /// The rows a screen of `height` rows has for tasks.
    package static func listHeight(forScreenHeight height: Int) -> Int { max(height - 2, 1) }

    /// The frame showing `model` on a screen of `width` × `height`.
    package func frame(of model: TaskListModel, width: Int, height: Int) -> Frame {
        var frame = Frame(width: width, height: height)
        guard width >= Self.minimumSize.width, height >= Self.minimumSize.height else {
            frame.draw("window too small", row: 0, column: 0)
            return frame
        }
        drawHeader(of: model, into: &frame)
        let listHeight = Self.listHeight(forScreenHeight: height)
        if model.showsHelp {
            for (offset, line) in Self.keyList.prefix(listHeight).enumerated() {
                frame.draw(line, row: 1 + offset, column: 2)
            }
        } else {
            drawRows(of: model, into: &frame, height: listHeight)
        }
        drawStatus(of: model, into: &frame)
        return frame
    }

    private func drawHeader(of model: TaskListModel, into frame: inout Frame) {
        var parts = [fileName, model.view.description, "sort \(model.sort)"]
        if !model.filter.text.isEmpty { parts.append("filter \(model.filter.text)") }
        parts.append("\(model.rows.count) of \(model.taskCount)")
        let style = Style(attributes: .bold)
        frame.clear(row: 0, style: style)
        frame.draw(parts.joined(separator: " | "), style: style, row: 0, column: 0)
    }

    private func drawRows(of model: TaskListModel, into frame: inout Frame, height: Int) {
        guard !model.rows.isEmpty else {
            let empty =
                model.taskCount == 0
                ? "no tasks; a adds one" : "no task in this view; Tab or / to see others"
            frame.draw(empty, style: Style(attributes: .dim), row: 1, column: 2)
            return
        }
        let digits = String(max(model.snapshot?.lineCount ?? 0, 1)).count
        let first = max(0, min(model.top, model.rows.count - 1))
        for offset in 0..<height {
            let index = first + offset
            guard index < model.rows.count else { break }
            let task = model.rows[index]
            let isSelected = index == model.selection
            var number = String(task.line)
            if number.count < digits {
                number = String(repeating: "0", count: digits - number.count) + number
            }
            let spans =
                [Span(isSelected ? "> " : "  ")]
                + look.spans(Array(number.utf8) + [0x20] + task.item.line)
            let row = 1 + offset
            frame.draw(spans, row: row, column: 0)
            if isSelected { frame.restyle(row: row) { $0 = $0.reversed } }
        }
    }

    private func drawStatus(of model: TaskListModel, into frame: inout Frame) {
        let row = frame.height - 1
        if let prompt = model.prompt {
            let label = prompt.label
            let used = frame.draw(label, row: row, column: 0)
            if prompt.takesLine {
                let visible = prompt.editor.visible(width: frame.width - used)
                frame.draw(visible.text, row: row, column: used)
                frame.cursor = Position(
                    row: row, column: min(used + visible.cursorColumn, frame.width - 1))
            }
            if let status = model.status, status.isError, row > 1 {
                // The reason the prompt is still open, just above it.
                frame.clear(row: row - 1)
                frame.draw(status.text, style: Self.errorStyle, row: row - 1, column: 0)
            }
            return
        }
        if let status = model.status {
            frame.draw(
                status.text, style: status.isError ? Self.errorStyle : .plain, row: row, column: 0)
        } else {
            frame.draw(Self.hints, style: Style(attributes: .dim), row: row, column: 0)
        }
    }

    private static let errorStyle = Style(foreground: .basic(1), attributes: .bold)
}
