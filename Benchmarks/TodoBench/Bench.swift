import Foundation

/// The measurements of one operation on one file.
struct Row {
    var name: String
    /// Median seconds per tool; nil when the tool was not run.
    var medians: [Tool: Double] = [:]
    /// How many timed runs each tool had.
    var runs: [Tool: Int] = [:]
    /// The largest `ru_maxrss` of the todo runs, in bytes.
    var todoMaxRSS = 0
    /// "fail" or "timeout" for a comparison tool whose warm-up run failed (it is not timed).
    var failed: [Tool: String] = [:]
    /// Set when todo does not have this command.
    var skipped = false
    /// Notes such as a failed comparison tool.
    var notes: [String] = []
    var isListing = false
    var isEdit = false
    var isStartup = false
}

/// A warm-up run and what it left: its output and the files afterwards.
struct Captured {
    var outcome: Outcome
    var stdout: [UInt8]
    var file: [UInt8]
    var done: [UInt8]
}

/// Runs the benchmark: generates the files, runs every tool on every operation, checks todo's
/// output and prints one table per size.
final class Bench {
    let options: Options
    let todo: String
    let todoSh: String?
    let topydo: String?
    let root: String
    var failures: [String] = []
    /// Things worth knowing that are not failures.
    var remarks: [String] = []

    init(options: Options, todo: String, todoSh: String?, topydo: String?, root: String) {
        self.options = options
        self.todo = todo
        self.todoSh = todoSh
        self.topydo = topydo
        self.root = root
    }

    // MARK: Files

    func write(_ bytes: [UInt8], to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    func read(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }

    func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var result = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// The environment of every run: no config file for todo (TODO_DIR says where the files
    /// are), the C.UTF-8 locale for everyone.
    func environment(directory: String) -> [String] {
        [
            "PATH=/usr/local/bin:/usr/bin:/bin:"
                + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
            "HOME=\(root)/home", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TODO_DIR=\(directory)",
            "TODOTXT_GLOBAL_CFG_FILE=\(root)/no-config", "TERM=dumb",
        ]
    }

    /// The full argument vector of `tool` for `operation` in `directory`.
    func command(_ tool: Tool, _ operation: Operation, directory: String) -> [String]? {
        let file = directory + "/todo.txt"
        let done = directory + "/done.txt"
        switch tool {
        case .todo: return [todo, "-p", "-a", "-f"] + operation.todo
        case .floor:
            return operation.floor.map { $0 == "$TODO" ? file : ($0 == "$DONE" ? done : $0) }
        case .todoSh:
            guard let todoSh, let words = operation.todoSh else { return nil }
            return [todoSh, "-d", directory + "/todo.cfg", "-p", "-a", "-f"] + words
        case .topydo:
            guard let topydo, let words = operation.topydo else { return nil }
            return [topydo, "-c", directory + "/topydo.cfg", "-t", file, "-d", done] + words
        }
    }

    /// How long todo.sh or topydo may take for one run before it is stopped.
    static let comparisonTimeout = 30.0

    /// The time limit of a tool's runs: none for todo and the floor.
    func limit(_ tool: Tool) -> Double? {
        tool == .todoSh || tool == .topydo ? Bench.comparisonTimeout : nil
    }

    /// Sets up a directory with the file, an empty done file and the tools' configs.
    func prepare(_ directory: String, master: String) {
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        write(
            Array(
                """
                export TODO_DIR="\(directory)"
                export TODO_FILE="$TODO_DIR/todo.txt"
                export DONE_FILE="$TODO_DIR/done.txt"
                export REPORT_FILE="$TODO_DIR/report.txt"

                """.utf8), to: directory + "/todo.cfg")
        write(
            Array("[topydo]\nidentifiers = linenumber\ncolors = 0\n".utf8),
            to: directory + "/topydo.cfg")
        restore(directory, master: master)
        write([], to: directory + "/report.txt")
    }

    /// Puts a fresh copy of the file in place and empties the done file.
    func restore(_ directory: String, master: String) {
        write(read(master), to: directory + "/todo.txt")
        write([], to: directory + "/done.txt")
    }

    // MARK: References

    /// todo.sh's listing of a numbered file, made with the shell tools todo.sh uses: number,
    /// drop empty lines, filter, `sort -f -k2` with LC_COLLATE=C, then the footer.
    func referenceListing(_ kind: String, master: String, directory: String) -> [UInt8] {
        let content = lines(read(master))
        let width = String(content.count).count
        var numbered: [UInt8] = []
        var total = 0
        for (index, line) in content.enumerated() {
            if line.allSatisfy({ $0 == 0x20 || ($0 >= 0x30 && $0 <= 0x39) }) { continue }
            total += 1
            let digits = String(index + 1)
            numbered += Array(String(repeating: "0", count: width - digits.count).utf8)
            numbered += Array(digits.utf8) + [0x20] + line + [0x0A]
        }
        let path = directory + "/numbered.txt"
        write(numbered, to: path)
        let filter: String
        switch kind {
        case "ls-term": filter = "grep -i '\(Operations.term)' \"$1\" | "
        case "lsp": filter = "grep '^ *[0-9]\\{1,\\} (A) ' \"$1\" | "
        default: filter = "cat \"$1\" | "
        }
        let output = directory + "/reference.out"
        _ = Spawn.run(
            ["/bin/sh", "-c", filter + "env LC_COLLATE=C sort -f -k2", "sh", path],
            environment: environment(directory: directory), directory: directory,
            outputPath: output, errorPath: "/dev/null")
        let body = read(output)
        let shown = body.filter { $0 == 0x0A }.count
        return body + Array("--\nTODO: \(shown) of \(total) tasks shown\n".utf8)
    }

    // MARK: Running

    /// Runs one operation on one file with every tool and checks todo.
    func measure(_ operation: Operation, master: String, directory: String) -> Row {
        var row = Row(name: operation.name)
        let output = directory + "/out"
        let errors = directory + "/err"
        let env = environment(directory: directory)
        if case .listing = operation.check { row.isListing = !operation.small }
        if case .status = operation.check { row.isListing = true }
        row.isEdit = operation.writes && operation.name != "archive"
        row.isStartup = operation.small
        let tools = Tool.allCases.filter { command($0, operation, directory: directory) != nil }

        guard let warmups = warmUp(operation, tools: tools, master: master, directory: directory)
        else {
            row.skipped = true
            return row
        }
        var failed: Set<Tool> = []
        for tool in [Tool.todoSh, .topydo] {
            if let outcome = warmups[tool], outcome.status != 0 {
                failed.insert(tool)
                row.failed[tool] = outcome.status == 124 ? "timeout" : "fail"
                row.notes.append(
                    outcome.status == 124
                        ? "\(tool.title) over \(Int(Bench.comparisonTimeout)) s"
                        : "\(tool.title) exit \(outcome.status)")
            }
        }

        // Timed runs, the tools alternating. A slow comparison tool gets one timed run.
        var times: [Tool: [Double]] = [:]
        for run in 0..<options.runs {
            for tool in tools {
                if failed.contains(tool) { continue }
                if tool == .todoSh || tool == .topydo,
                    run > 0, let warm = warmups[tool], warm.seconds > 2
                {
                    continue
                }
                guard let argv = command(tool, operation, directory: directory) else { continue }
                if operation.writes { restore(directory, master: master) }
                let outcome = Spawn.run(
                    argv, environment: env, directory: directory, outputPath: output,
                    errorPath: errors, timeout: limit(tool))
                times[tool, default: []].append(outcome.seconds)
                if tool == .todo {
                    row.todoMaxRSS = max(row.todoMaxRSS, outcome.maxRSS)
                    if outcome.status != 0 {
                        failures.append("\(operation.name): todo exited \(outcome.status)")
                    }
                }
            }
        }
        for (tool, samples) in times {
            let sorted = samples.sorted()
            row.medians[tool] =
                sorted.count % 2 == 1
                ? sorted[sorted.count / 2]
                : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            row.runs[tool] = samples.count
        }
        return row
    }

    /// One warm-up run of each tool; todo's is checked against todo.sh's (or the reference).
    /// Only the outcomes are returned: kept bytes would be copied into every forked child and
    /// counted in its peak memory. Returns nil when todo does not have the command.
    func warmUp(
        _ operation: Operation, tools: [Tool], master: String, directory: String
    ) -> [Tool: Outcome]? {
        let output = directory + "/out"
        let errors = directory + "/err"
        let env = environment(directory: directory)
        var warmups: [Tool: Outcome] = [:]
        var reference: Captured?
        var todoRun: Captured?
        var floorOutput: [UInt8] = []
        for tool in [Tool.todoSh, .todo] + tools.filter({ $0 != .todoSh && $0 != .todo }) {
            guard tools.contains(tool), let argv = command(tool, operation, directory: directory)
            else { continue }
            restore(directory, master: master)
            let outcome = Spawn.run(
                argv, environment: env, directory: directory, outputPath: output,
                errorPath: errors, timeout: limit(tool))
            warmups[tool] = outcome
            if tool == .floor { floorOutput = read(output) }
            if tool == .todoSh || tool == .todo {
                let captured = Captured(
                    outcome: outcome, stdout: read(output), file: read(directory + "/todo.txt"),
                    done: read(directory + "/done.txt"))
                if tool == .todo { todoRun = captured } else { reference = captured }
            }
        }
        guard let todoRun else { return warmups }
        if todoRun.outcome.status == 1
            && String(decoding: todoRun.stdout, as: UTF8.self).contains("Usage:")
        {
            return nil
        }
        verify(
            operation, todoRun, reference: reference, floorOutput: floorOutput, master: master,
            directory: directory)
        return warmups
    }

    /// Checks todo's warm-up run (`floorOutput` is the floor's standard output); a problem is
    /// recorded as a failure.
    func verify(
        _ operation: Operation, _ run: Captured, reference: Captured?, floorOutput: [UInt8],
        master: String, directory: String
    ) {
        let name = operation.name
        guard run.outcome.status == 0 else {
            let message = String(decoding: read(directory + "/err").prefix(300), as: UTF8.self)
            failures.append("\(name): todo exited \(run.outcome.status): \(message)")
            return
        }
        switch operation.check {
        case .status: break
        case .sameAsFloor:
            if run.stdout != floorOutput {
                failures.append(
                    "\(name): todo's output differs from the floor's\(firstDifference(run.stdout, floorOutput))"
                )
            }
        case .prefix(let prefix):
            if !run.stdout.starts(with: prefix.utf8) {
                failures.append("\(name): todo's output does not start with '\(prefix)'")
            }
        case .listing(let kind):
            let expected: [UInt8]
            let source: String
            if let reference, reference.outcome.status == 0 {
                expected = reference.stdout
                source = "todo.sh's"
            } else {
                expected = referenceListing(kind, master: master, directory: directory)
                source = "the reference"
            }
            if run.stdout != expected && source == "todo.sh's" {
                // todo.sh 2.11 pads numbers with five spaces before cutting them to width, so
                // with 1,000,000 lines or more it numbers lines 1-9 wrongly: then the shell
                // pipeline it runs decides.
                let rebuilt = referenceListing(kind, master: master, directory: directory)
                if run.stdout == rebuilt {
                    remarks.append(
                        "\(name): todo.sh's output differs\(firstDifference(expected, rebuilt)),"
                            + " todo's matches the sort pipeline's")
                    return
                }
            }
            if run.stdout != expected {
                failures.append(
                    "\(name): todo's output differs from \(source)\(firstDifference(run.stdout, expected))"
                )
            }
        case .edit(let description, let test):
            if !test(lines(run.file)) {
                failures.append("\(name): todo's result fails the check '\(description)'")
            }
            if let reference, reference.outcome.status == 0,
                reference.file != run.file || reference.done != run.done
            {
                failures.append(
                    "\(name): todo's files differ from todo.sh's\(firstDifference(run.file, reference.file))"
                )
            }
        }
    }

    /// ` at line N: 'ours' vs 'theirs'` for the first differing line.
    func firstDifference(_ ours: [UInt8], _ theirs: [UInt8]) -> String {
        let a = lines(ours)
        let b = lines(theirs)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? a[index] : []
            let right = index < b.count ? b[index] : []
            if left != right {
                return " at line \(index + 1): '\(String(decoding: left, as: UTF8.self))'"
                    + " vs '\(String(decoding: right, as: UTF8.self))'"
            }
        }
        return ""
    }

    // MARK: One size

    /// This process's RssAnon from /proc/self/status: a forked child starts with a copy of it.
    static func privateMemory() -> String {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") }
        return line.map { $0.dropFirst(8).trimmingCharacters(in: .whitespaces) } ?? "unknown"
    }

    /// Writes the file of `size` lines; returns its size and the number of an open task without
    /// a priority in the middle of it (the one the edits act on). Nothing it made stays in
    /// memory.
    func generate(size: Int, master: String) -> (bytes: Int, number: Int) {
        let bytes = Generator.file(lines: size, seed: options.seed ^ UInt64(size))
        write(bytes, to: master)
        let content = lines(bytes)
        var number = content.count / 2
        while number < content.count
            && (content[number - 1].isEmpty || content[number - 1].starts(with: [0x78, 0x20])
                || content[number - 1].starts(with: [0x28]))
        {
            number += 1
        }
        return (bytes.count, number)
    }

    /// Generates the file of `size` lines and measures every operation on it.
    func run(size: Int) -> [Row] {
        let sizeDirectory = "\(root)/\(size)"
        let master = sizeDirectory + "/master.txt"
        try? FileManager.default.createDirectory(
            atPath: sizeDirectory, withIntermediateDirectories: true)
        let (byteCount, number) = generate(size: size, master: master)
        let small = sizeDirectory + "/small.txt"
        write(Generator.file(lines: 10, seed: options.seed), to: small)
        print(
            "\(size) lines, \(byteCount) bytes (\(byteCount / max(size, 1)) bytes a line); "
                + "edits act on task \(number)")
        Spawn.trimHeap()
        print("the benchmark's own private memory: \(Bench.privateMemory()) (in every RSS figure)")
        fflush(nil)
        let big = sizeDirectory + "/work"
        let tiny = sizeDirectory + "/small"
        prepare(big, master: master)
        prepare(tiny, master: small)
        var rows: [Row] = []
        for operation in Operations.all(number: number) {
            let row =
                operation.small
                ? measure(operation, master: small, directory: tiny)
                : measure(operation, master: master, directory: big)
            rows.append(row)
        }
        return rows
    }
}
