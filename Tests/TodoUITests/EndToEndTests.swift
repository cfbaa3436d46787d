import Foundation
import Testing

/// The built `todo ui` in a tmux pane of fixed size, driven with keys and read from the screen;
/// the file's bytes checked after each scenario. Serialized: each test runs its own tmux server,
/// but several full-screen programs at once only slow each other down.
@Suite(.serialized) struct EndToEndTests {
    /// A fresh directory for one test.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "todo-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func text(_ url: URL) -> String? {
        (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Waits for the shell prompt after the view ended and checks that it runs commands.
    static func expectShellUsable(_ tmux: TmuxSession, status: String) throws {
        try tmux.waitFor("the screen restored") { _ in (try? tmux.value("#{alternate_on}")) == "0" }
        try tmux.type("echo \"exit=$?\"")
        try tmux.press("Enter")
        try tmux.waitFor("the shell's answer") { $0.contains("exit=\(status)") }
    }

    @Test func startEmptyAddThreeToggleTwoAndOneIsLeft() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tmux = try TmuxSession(directory: directory)
        let screen = try TaskListScreen.open(in: tmux)
        #expect(try screen.header == "todo.txt | open | sort pri,text | 0 of 0")
        #expect(try screen.rows.isEmpty)
        try screen.add("Buy milk")
        try screen.add("Call mom @phone")
        try screen.add("Pay rent +home")
        #expect(try screen.rows == ["1 Buy milk", "2 Call mom @phone", "3 Pay rent +home"])
        try screen.toggle(row: 0)
        try screen.toggle(row: 0)
        #expect(try screen.rows == ["3 Pay rent +home"])
        #expect(try screen.header == "todo.txt | open | sort pri,text | 1 of 3")
        #expect(
            Self.text(directory.appendingPathComponent("todo.txt"))
                == "x 2026-11-23 Buy milk\nx 2026-11-23 Call mom @phone\nPay rent +home\n")
        try screen.view("done")
        #expect(try screen.rows == ["1 x 2026-11-23 Buy milk", "2 x 2026-11-23 Call mom @phone"])
        // A second x on a task completed in this session gives its line back.
        try screen.toggle(row: 1)
        try screen.view("all")
        try screen.filter("@phone")
        #expect(try screen.rows == ["2 Call mom @phone"])
        try screen.filter("")
        try screen.quit()
        try Self.expectShellUsable(tmux, status: "0")
        #expect(
            Self.text(directory.appendingPathComponent("todo.txt"))
                == "x 2026-11-23 Buy milk\nCall mom @phone\nPay rent +home\n")
    }

    @Test func deletePriorityAndArchiveWriteWhatTheCommandsWrite() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("todo.txt")
        try Data("Call mom\nPay rent\nx 2026-11-20 Buy milk\n".utf8).write(to: file)
        let tmux = try TmuxSession(directory: directory)
        let screen = try TaskListScreen.open(in: tmux)
        try screen.select(row: 1)
        try tmux.type("pb")
        try tmux.waitFor("the priority") { TaskListScreen.rows(of: $0).first == "2 (B) Pay rent" }
        try screen.select(row: 1)
        try tmux.type("d")
        try tmux.waitFor("the question") { $0.last == "Delete task 1? (y/n)" }
        try tmux.type("y")
        try tmux.waitFor("the deletion") { $0.last == "task 1 deleted" }
        try tmux.type("A")
        try tmux.waitFor("the archive") { $0.last == "1 task archived" }
        try screen.quit()
        #expect(Self.text(file) == "(B) Pay rent\n")
        #expect(
            Self.text(directory.appendingPathComponent("done.txt")) == "x 2026-11-20 Buy milk\n")
    }

    @Test func uUndoesThroughTheHistoryTodoUndoUses() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("todo.txt")
        try Data("Call mom\nPay rent\nBuy milk\n".utf8).write(to: file)
        let environment = [
            "HOME": directory.path, "TODO_FILE": file.path, "TODOTXT_NOW": "2026-11-23",
            "PATH": "/usr/bin:/bin",
        ]
        let tmux = try TmuxSession(directory: directory)
        let screen = try TaskListScreen.open(in: tmux)
        #expect(try screen.rows == ["3 Buy milk", "1 Call mom", "2 Pay rent"])
        // The list's own change, taken back; the selection stays where it was.
        try screen.toggle(row: 1)
        #expect(Self.text(file) == "x 2026-11-23 Call mom\nPay rent\nBuy milk\n")
        try tmux.type("k")
        try tmux.waitFor("the first row selected") { $0.dropFirst().first == "> 3 Buy milk" }
        try tmux.type("u")
        try tmux.waitFor("the undo") { $0.last == "undid 'ui: do 1' (todo.txt -1 +1)" }
        #expect(try screen.rows == ["3 Buy milk", "1 Call mom", "2 Pay rent"])
        #expect(try screen.selectedRow == "3 Buy milk")
        #expect(Self.text(file) == "Call mom\nPay rent\nBuy milk\n")
        // A change made by `todo` outside the list is in the same history.
        let done = try TodoBinary.run(["-a", "do", "2"], environment: environment)
        #expect(done.status == 0)
        try tmux.waitFor("the outside change") { TaskListScreen.rows(of: $0).count == 2 }
        try tmux.type("u")
        try tmux.waitFor("the second undo") { $0.last == "undid 'do 2' (todo.txt -1 +1)" }
        #expect(Self.text(file) == "Call mom\nPay rent\nBuy milk\n")
        // And `todo undo` takes back what the list wrote.
        try tmux.type("pa")
        try tmux.waitFor("the priority") { $0.last == "task 3 has priority A" }
        try screen.quit()
        #expect(Self.text(file) == "Call mom\nPay rent\n(A) Buy milk\n")
        let undone = try TodoBinary.run(["undo"], environment: environment)
        #expect(undone.errors == "")
        #expect(undone.output == "TODO: Undid 'ui: pri 3 A' (todo.txt -1 +1).\n")
        #expect(Self.text(file) == "Call mom\nPay rent\nBuy milk\n")
        let listed = try TodoBinary.run(["undo", "--list"], environment: environment)
        #expect(
            listed.output.split(separator: "\n").map { $0.split(separator: "  ")[1] }
                == ["undo", "ui: pri 3 A", "undo", "do 2", "undo", "ui: do 1"])
    }

    @Test func uTakesBackAnArchiveInBothFiles() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("todo.txt")
        let done = directory.appendingPathComponent("done.txt")
        try Data("x 2026-11-20 Buy milk\nPay rent\n".utf8).write(to: file)
        let tmux = try TmuxSession(directory: directory)
        let screen = try TaskListScreen.open(in: tmux)
        try tmux.type("A")
        try tmux.waitFor("the archive") { $0.last == "1 task archived" }
        #expect(Self.text(done) == "x 2026-11-20 Buy milk\n")
        try tmux.type("u")
        try tmux.waitFor("the undo") {
            $0.last == "undid 'ui: archive' (todo.txt -1, done.txt +1)"
        }
        try screen.quit()
        #expect(Self.text(file) == "x 2026-11-20 Buy milk\nPay rent\n")
        #expect((Self.text(done) ?? "") == "")
    }

    @Test func qCtrlCAndSignalsRestoreTheTerminal() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("Call mom\n".utf8).write(to: directory.appendingPathComponent("todo.txt"))
        let tmux = try TmuxSession(directory: directory)
        var screen = try TaskListScreen.open(in: tmux)
        try screen.quit()
        try Self.expectShellUsable(tmux, status: "0")

        screen = try TaskListScreen.open(in: tmux)
        try tmux.press("C-c")
        try Self.expectShellUsable(tmux, status: "0")

        for (signal, status) in [(SIGTERM, "143"), (SIGHUP, "129"), (SIGSEGV, "139")] {
            screen = try TaskListScreen.open(in: tmux)
            let shell = try tmux.shellProcess()
            let view = try #require(childProcesses(of: shell).first)
            kill(view, signal)
            try Self.expectShellUsable(tmux, status: status)
        }
        #expect(Self.text(directory.appendingPathComponent("todo.txt")) == "Call mom\n")
    }

    @Test func anExternalAddAppearsWithinASecond() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("todo.txt")
        try Data("Call mom\n".utf8).write(to: file)
        let tmux = try TmuxSession(directory: directory)
        let screen = try TaskListScreen.open(in: tmux)
        let added = try TodoBinary.run(
            ["add", "Water plants"],
            environment: [
                "HOME": directory.path, "TODO_FILE": file.path, "TODOTXT_NOW": "2026-11-23",
                "PATH": "/usr/bin:/bin",
            ])
        #expect(added.status == 0)
        let start = Date()
        try tmux.waitFor("the added task", seconds: 1) {
            TaskListScreen.rows(of: $0) == ["1 Call mom", "2 Water plants"]
        }
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(try screen.status == "the file changed on disk; reloaded")
        try screen.quit()
    }

    @Test func aResizeRedrawsAndATinyWindowSaysSo() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("Call mom about the weekend plans\nPay rent\n".utf8).write(
            to: directory.appendingPathComponent("todo.txt"))
        let tmux = try TmuxSession(directory: directory)
        let screen = try TaskListScreen.open(in: tmux)
        try tmux.run(["resize-window", "-t", "main", "-x", "24", "-y", "6"])
        try tmux.waitFor("the narrow list") { $0.contains("> 1 Call mom about the …") }
        try tmux.run(["resize-window", "-t", "main", "-x", "19", "-y", "6"])
        try tmux.waitFor("the small-window line") { $0.first == "window too small" }
        try tmux.run(["resize-window", "-t", "main", "-x", "80", "-y", "24"])
        try tmux.waitFor("the wide list") { $0.contains("> 1 Call mom about the weekend plans") }
        try screen.quit()
    }

    @Test func capitalERunsTheEditorAtTheLineAndComesBack() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("todo.txt")
        try Data("Call mom\nPay rent\n".utf8).write(to: file)
        // An "editor" that notes its line argument and adds a task to the file it is given.
        let editor = directory.appendingPathComponent("editor.sh")
        try Data(
            "#!/bin/sh\necho \"$1\" > \"\(directory.path)/line\"\necho 'Water plants' >> \"$2\"\n"
                .utf8
        ).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let tmux = try TmuxSession(directory: directory, extra: ["EDITOR=\(editor.path)"])
        let screen = try TaskListScreen.open(in: tmux)
        try screen.select(row: 1)
        try tmux.type("E")
        try tmux.waitFor("the list with the edit") {
            TaskListScreen.rows(of: $0) == ["1 Call mom", "2 Pay rent", "3 Water plants"]
        }
        #expect(try tmux.value("#{alternate_on}") == "1")
        #expect(Self.text(directory.appendingPathComponent("line")) == "+2\n")
        try screen.quit()
        #expect(Self.text(file) == "Call mom\nPay rent\nWater plants\n")
    }

    @Test func withoutATerminalItSaysSoAndWritesNothing() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("todo.txt")
        let result = try TodoBinary.run(
            ["ui"], environment: ["HOME": directory.path, "TODO_FILE": file.path])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors == "todo: ui: standard input and output must be a terminal\n")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
