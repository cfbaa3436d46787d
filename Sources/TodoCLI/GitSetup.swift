import TodoPlatform
import TodoStore

/// `git setup`: wires `todo merge` into a git repository as the merge driver of the todo and
/// done files. `git check` and `git sync` share its view of the repository.
struct GitSetup {
    /// The run's context.
    let context: Context

    private var program: String { context.program }
    private var environment: Environment { context.environment }
    private var settings: Settings { context.settings }
    private var storage: any TodoStorage { context.storage }
    private var console: Console { context.console }

    /// Runs `git ARGS` in `directory`, by default the working directory.
    func git(
        _ arguments: [String], in directory: String? = nil
    ) -> (status: Int32, output: String) {
        let outcome = Subprocess.run(
            ["/usr/bin/env", "git", "-C", directory ?? environment.currentDirectory] + arguments,
            environment: environment.variables, captureOutput: true, captureErrors: true)
        var text = String(decoding: outcome.output, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return (outcome.status, text)
    }

    /// The absolute path of this program, for the driver line.
    private var programAbsolutePath: String {
        var path = environment.programPath
        if !path.contains("/") {
            let directories = (environment.variables["PATH"] ?? "").split(separator: ":")
            for directory in directories {
                let candidate = directory + "/" + path
                if ProcessState.isExecutable(candidate) {
                    path = String(candidate)
                    break
                }
            }
        }
        path = Path.absolute(path, from: environment.currentDirectory)
        return (try? FileSystem.live.realPath(path)) ?? path
    }

    /// The file names the attributes name: the todo and done files' basenames.
    var trackedNames: [String] {
        var names = [Path.basename(settings.todoFile), Path.basename(settings.doneFile)]
        if names[0] == names[1] { names.removeLast() }
        return names
    }

    /// The merge driver's name in `.git/config`.
    static let driverName = "todo.txt three-way merge (todo merge)"

    /// The merge driver's command line, this program's absolute path first.
    private func driverCommand() -> String {
        "'\(programAbsolutePath)' merge %O %A %B --marker-size %L --path %P"
    }

    /// Sets up the repository: `.gitattributes` lines, the merge driver in `.git/config`, `.gitignore`
    /// lines for the temporary files (and none left for the lock files of earlier versions).
    /// Running it again changes nothing. `directory` (by default the working directory) is any
    /// directory of the work tree.
    func run(in directory: String? = nil) throws -> Int32 {
        let top = git(["rev-parse", "--show-toplevel"], in: directory)
        guard top.status == 0, !top.output.isEmpty else {
            throw CommandFailure.die(
                "\(program): git setup: \(environment.currentDirectory) is not in a git repository")
        }
        let root = top.output
        var changed = false
        let attributes = trackedNames.map { "\($0) merge=todotxt" }
        if try addLines(attributes, to: root + "/.gitattributes") { changed = true }
        let ignored = trackedNames.map { ".\($0).tmp-*" }
        // Earlier versions kept lock files beside the todo files and ignored them here.
        let obsolete = (trackedNames + [Path.basename(settings.reportFile)]).map { ".\($0).lock" }
        if try removeLines(obsolete, from: root + "/.gitignore") { changed = true }
        if try addLines(ignored, to: root + "/.gitignore") { changed = true }
        for (key, value) in [
            ("merge.todotxt.name", Self.driverName), ("merge.todotxt.driver", driverCommand()),
        ] {
            if git(["config", "--get", key], in: root).output != value {
                let set = git(["config", key, value], in: root)
                guard set.status == 0 else {
                    throw CommandFailure.die(
                        "\(program): git setup: git config \(key) failed: \(set.output)")
                }
                console.line("set \(key) = \(value)")
                changed = true
            }
        }
        if !changed {
            console.line(
                "git is already set up to merge \(trackedNames.joined(separator: " and ")) with todo"
            )
        }
        return 0
    }

    /// Adds the lines that are missing to a file; returns whether it added any.
    private func addLines(_ lines: [String], to path: String) throws -> Bool {
        let existing = storage.fileExists(path) ? try storage.readBytes(path) : []
        let present = Set(
            existing.split(separator: 0x0A).map {
                String(decoding: $0, as: UTF8.self).trimmingTrailingWhitespace
            })
        let missing = lines.filter { !present.contains($0) }
        guard !missing.isEmpty else { return false }
        var bytes = existing
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        for line in missing {
            bytes += Array(line.utf8) + [0x0A]
            console.line("added '\(line)' to \(Path.basename(path))")
        }
        try storage.write(path, bytes: bytes)
        return true
    }

    /// Removes the lines that are present from a file; returns whether it removed any.
    private func removeLines(_ lines: [String], from path: String) throws -> Bool {
        guard storage.fileExists(path) else { return false }
        let existing = try storage.readBytes(path)
        let doomed = Set(lines)
        var kept: [UInt8] = []
        var removed: [String] = []
        for line in existing.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast(
            existing.last == 0x0A ? 1 : 0)
        {
            let text = String(decoding: line, as: UTF8.self).trimmingTrailingWhitespace
            if doomed.contains(text) {
                removed.append(text)
            } else {
                kept += line + [0x0A]
            }
        }
        guard !removed.isEmpty else { return false }
        if existing.last != 0x0A, !kept.isEmpty { kept.removeLast() }
        try storage.write(path, bytes: kept)
        for line in removed { console.line("removed '\(line)' from \(Path.basename(path))") }
        return true
    }
}

extension String {
    /// The string without trailing spaces, tabs and CR.
    var trimmingTrailingWhitespace: String {
        var scalars = Array(unicodeScalars)
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" {
            scalars.removeLast()
        }
        return String(String.UnicodeScalarView(scalars))
    }
}
