import Foundation
import Testing

/// The `todo ui` screen in a tmux pane, as a page object: what it shows and the user's moves,
/// each of which waits until the screen shows its effect.
struct TaskListScreen {
    let tmux: TmuxSession

    /// Types `todo ui` (and `arguments`) at the shell and waits for the list.
    static func open(in tmux: TmuxSession, arguments: String = "") throws -> TaskListScreen {
        try tmux.type("todo ui" + (arguments.isEmpty ? "" : " " + arguments))
        try tmux.press("Enter")
        try tmux.waitFor("the list") { $0.first?.contains(" of ") == true }
        try #require(tmux.value("#{alternate_on}") == "1")
        return TaskListScreen(tmux: tmux)
    }

    /// The header line.
    var header: String { get throws { try tmux.screen().first ?? "" } }

    /// The task rows as shown, the selection marker and padding removed (`1 Buy milk`).
    var rows: [String] {
        get throws {
            try Self.rows(of: tmux.screen())
        }
    }

    /// The selected row, as ``rows`` shows it.
    var selectedRow: String? {
        get throws {
            try tmux.screen().dropFirst().dropLast().first { $0.hasPrefix(">") }.map {
                String($0.dropFirst(2))
            }
        }
    }

    /// The status line.
    var status: String { get throws { try tmux.screen().last ?? "" } }

    static func rows(of lines: [String]) -> [String] {
        let body = lines.dropFirst().dropLast()
        return body.filter { $0.hasPrefix("> ") || $0.hasPrefix("  ") }.map {
            String($0.dropFirst(2))
        }.filter { $0.first?.isNumber == true }
    }

    /// Adds a task through the `a` prompt.
    func add(_ text: String) throws {
        try tmux.type("a")
        try tmux.waitFor("the add prompt") { $0.last?.hasPrefix("add:") == true }
        try tmux.type(text)
        try tmux.press("Enter")
        try tmux.waitFor("'\(text)' added") { $0.last?.hasSuffix(" added") == true }
    }

    /// Selects row `index` (0 is the first shown) and toggles it with `x`.
    func toggle(row index: Int) throws {
        try select(row: index)
        try tmux.type("x")
        try tmux.waitFor("the toggle") {
            let status = $0.last ?? ""
            return status.hasSuffix(" done") || status.contains(" reopened")
        }
    }

    /// Selects row `index`.
    func select(row index: Int) throws {
        try tmux.type("g" + String(repeating: "j", count: index))
        let wanted = try rows[index]
        try tmux.waitFor("row \(index) selected") {
            $0.dropFirst().dropLast().first { $0.hasPrefix(">") } == "> " + wanted
        }
    }

    /// Sets the filter through the `/` prompt (empty clears it).
    func filter(_ expression: String) throws {
        try tmux.type("/")
        try tmux.waitFor("the filter prompt") { $0.last?.hasPrefix("filter:") == true }
        try tmux.press("C-u")
        try tmux.type(expression)
        try tmux.press("Enter")
        try tmux.waitFor("the filter in the header") { lines in
            let header = lines.first ?? ""
            return expression.isEmpty
                ? !header.contains("| filter ") : header.contains("| filter \(expression) |")
        }
    }

    /// Shows a view: `open`, `done` or `all`.
    func view(_ name: String) throws {
        let key = ["open": "1", "done": "2", "all": "3"][name] ?? "1"
        try tmux.type(key)
        try tmux.waitFor("the \(name) view") { $0.first?.contains(" | \(name) | ") == true }
    }

    /// Quits with `q` and waits for the shell.
    func quit() throws {
        try tmux.type("q")
        try tmux.waitFor("the shell") { _ in (try? tmux.value("#{alternate_on}")) == "0" }
    }
}
