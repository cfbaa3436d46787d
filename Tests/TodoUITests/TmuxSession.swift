import Foundation
import Glibc
import TestSupport
import Testing

/// A tmux server of its own with one window of a fixed size running a shell, driven with
/// send-keys and read with capture-pane. tmux comes from Debian (`apt-get install tmux`, as the
/// CI script does).
final class TmuxSession {
    let socket: String
    let directory: URL
    let width: Int
    let height: Int

    /// Starts `sh` in a detached session of `width` × `height` in `directory`, with a bare
    /// environment: `HOME` there, `TODO_FILE` its `todo.txt`, the day fixed by `TODOTXT_NOW`,
    /// the built `todo` first on the `PATH`, and `extra` variables.
    init(
        directory: URL, width: Int = 80, height: Int = 24, extra: [String] = []
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: TmuxSession.tmuxPath) else {
            throw TmuxError(message: "tmux is not installed; install it with apt-get install tmux")
        }
        socket = directory.appendingPathComponent("tmux.socket").path
        self.directory = directory
        self.width = width
        self.height = height
        let environment =
            [
                "HOME=\(directory.path)", "TODO_FILE=\(directory.path)/todo.txt",
                "DONE_FILE=\(directory.path)/done.txt", "TODOTXT_NOW=2026-11-23",
                // No global config (Debian's would move the todo file to ~/.todo-txt).
                "TODOTXT_GLOBAL_CFG_FILE=\(BuiltTodo.noGlobalConfig)",
                "TERM=xterm-256color",
                "PATH=\(TodoBinary.directory):/usr/bin:/bin", "PS1=$ ", "ENV=",
            ] + extra
        try run(
            [
                "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", "-c",
                directory.path, "env", "-i",
            ] + environment + ["sh"])
        try run(["set-option", "-g", "status", "off"])
    }

    /// The process id of the shell in the pane.
    func shellProcess() throws -> Int32 {
        guard let pid = Int32(try value("#{pane_pid}")) else {
            throw TmuxError(message: "no pane pid")
        }
        return pid
    }

    deinit {
        _ = try? run(["kill-server"])
    }

    /// Runs `tmux -S SOCKET ARGS` and returns its output.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "todo-ui-tmux-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let status = try spawnAndWait(
            [TmuxSession.tmuxPath, "-S", socket, "-f", "/dev/null"] + arguments,
            output: outputFile.path)
        let text = (try? Data(contentsOf: outputFile)).map { String(decoding: $0, as: UTF8.self) }
        guard status == 0 else {
            throw TmuxError(
                message: "tmux \(arguments.joined(separator: " ")): status \(status): \(text ?? "")"
            )
        }
        return text ?? ""
    }

    /// Runs a program with its output and errors in a file and every other descriptor closed,
    /// and waits for it. Not Foundation's `Process`: the tmux server the first command starts
    /// would keep the descriptor through which `Process` sees a child end, and every wait on
    /// it would last as long as the server.
    private func spawnAndWait(_ arguments: [String], output: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let inherited =
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in inherited.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        // The test's thread may block signals; tmux must start with none blocked, or its
        // kill-server (a SIGTERM to itself) would do nothing.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else {
            throw TmuxError(message: "cannot run \(arguments[0]): error \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    static let tmuxPath = "/usr/bin/tmux"

    /// Types text literally.
    func type(_ text: String) throws { try run(["send-keys", "-t", "main", "-l", text]) }

    /// Presses keys by tmux name (`Enter`, `Escape`, `C-c`, `Down`).
    func press(_ keys: String...) throws { try run(["send-keys", "-t", "main"] + keys) }

    /// The screen's lines, trailing blanks removed.
    func screen() throws -> [String] {
        try run(["capture-pane", "-p", "-t", "main"]).split(
            separator: "\n", omittingEmptySubsequences: false
        ).prefix(height).map { line in
            var text = String(line)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// A tmux format value of the pane, such as `#{alternate_on}`.
    func value(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "main", format]).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// Waits up to `seconds` for `condition` to hold on the screen; returns the last screen.
    @discardableResult
    func waitFor(
        _ what: String, seconds: Double = 5, _ condition: ([String]) -> Bool
    ) throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var lines = try screen()
        while !condition(lines) {
            guard Date() < deadline else {
                throw TmuxError(
                    message: "timed out waiting for \(what); the screen:\n"
                        + lines.joined(separator: "\n"))
            }
            usleep(20_000)
            lines = try screen()
        }
        return lines
    }
}

struct TmuxError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The built `todo`, through TestSupport's ``BuiltTodo``.
enum TodoBinary {
    static var path: String { BuiltTodo.path }

    static var directory: String { BuiltTodo.directory }

    /// Runs `todo ARGUMENTS` with `environment` (made clean: no global config) and no
    /// terminal. The undo history stays on, as it is for the `todo ui` in the pane: both keep it
    /// under the test's own `HOME`, and `u` must see what these commands did.
    static func run(
        _ arguments: [String], environment: [String: String], input: [UInt8]? = nil
    ) throws -> (status: Int32, output: String, errors: String) {
        let result = try BuiltTodo.run(
            arguments, environment: environment, history: true, input: input)
        return (result.status, result.outputText, result.errorText)
    }
}

/// The processes whose parent is `parent` (from `/proc`).
func childProcesses(of parent: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { name -> Int32? in
        guard let pid = Int32(name),
            let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 2 && Int32(fields[1]) == parent ? pid : nil
    }
}
