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
    /// The goal the row is held to.
    var goal: Goal = .none
    /// The bytes todo reads (the todo file, and the done file when it reads that too): the
    /// base of the memory goal.
    var fileBytes = 0
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
    /// The start-up floor: a statically linked Swift "hello world".
    let hello: String
    var failures: [String] = []
    /// Things worth knowing that are not failures.
    var remarks: [String] = []

    init(
        options: Options, todo: String, hello: String, todoSh: String?, topydo: String?,
        root: String
    ) {
        self.options = options
        self.hello = hello
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

    /// The environment of a tool's runs: no config file for todo unless the operation gives
    /// one (TODO_DIR says where the files are); the C locale for the floor, so that no locale
    /// slows it down, C.UTF-8 for the others.
    func environment(directory: String, tool: Tool = .todo) -> [String] {
        let locale = tool == .floor ? "C" : "C.UTF-8"
        return [
            "PATH=/usr/local/bin:/usr/bin:/bin:"
                + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
            "HOME=\(root)/home", "LANG=\(locale)", "LC_ALL=\(locale)", "TODO_DIR=\(directory)",
            "TODOTXT_GLOBAL_CFG_FILE=\(root)/no-config", "TERM=dumb",
        ]
    }

    /// The full argument vector of `tool` for `operation` in `directory`.
    func command(_ tool: Tool, _ operation: Operation, directory: String) -> [String]? {
        let file = directory + "/todo.txt"
        let done = directory + "/done.txt"
        switch tool {
        case .todo:
            let config = operation.config ? ["-d", directory + "/todo.cfg"] : []
            return [todo] + config + ["-p", "-a", "-f"] + operation.todo
        case .floor:
            let paths = [
                "$TODO": file, "$DONE": done, "$HELLO": hello,
                "$OUTPUT": directory + "/todo-output.copy",
            ]
            return operation.floor.map { paths[$0] ?? $0 }
        case .todoSh:
            guard let todoSh, let words = operation.todoSh else { return nil }
            return [todoSh, "-d", directory + "/todo.cfg", "-p", "-a", "-f"] + words
        case .topydo:
            guard let topydo, let words = operation.topydo else { return nil }
            return [topydo, "-c", directory + "/topydo.cfg", "-t", file, "-d", done] + words
        }
    }

    /// The time limit of a tool's runs: none for todo and the floor.
    func limit(_ tool: Tool) -> Double? {
        tool == .todoSh || tool == .topydo ? options.limit : nil
    }

    /// Sets up a directory with the files and the tools' configs. The config is a typical one:
    /// the file locations and the colour variables, as todo.sh's own sample config sets them.
    func prepare(_ directory: String, master: String) {
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        let colours = [
            ("BLACK", "0;30"), ("RED", "0;31"), ("GREEN", "0;32"), ("BROWN", "0;33"),
            ("BLUE", "0;34"), ("PURPLE", "0;35"), ("CYAN", "0;36"), ("LIGHT_GREY", "0;37"),
            ("DARK_GREY", "1;30"), ("LIGHT_RED", "1;31"), ("LIGHT_GREEN", "1;32"),
            ("YELLOW", "1;33"), ("LIGHT_BLUE", "1;34"), ("LIGHT_PURPLE", "1;35"),
            ("LIGHT_CYAN", "1;36"), ("WHITE", "1;37"), ("DEFAULT", "0"),
        ]
        var config = """
            # A typical todo.cfg: where the files are, then colours.
            export TODO_DIR="\(directory)"
            export TODO_FILE="$TODO_DIR/todo.txt"
            export DONE_FILE="$TODO_DIR/done.txt"
            export REPORT_FILE="$TODO_DIR/report.txt"

            """
        for (name, code) in colours { config += "export \(name)='\\\\033[\(code)m'\n" }
        config += """
            export PRI_A=$YELLOW
            export PRI_B=$GREEN
            export PRI_C=$LIGHT_BLUE
            export PRI_X=$WHITE
            export COLOR_DONE=$LIGHT_GREY
            export COLOR_PROJECT=$RED
            export COLOR_CONTEXT=$RED
            export COLOR_DATE=$BLUE
            export COLOR_NUMBER=$LIGHT_GREY
            export COLOR_META=$CYAN
            export TODOTXT_DEFAULT_ACTION=ls

            """
        write(Array(config.utf8), to: directory + "/todo.cfg")
        write(
            Array("[topydo]\nidentifiers = linenumber\ncolors = 0\n".utf8),
            to: directory + "/topydo.cfg")
        restore(directory, master: master)
        write([], to: directory + "/report.txt")
    }

    /// Puts fresh copies of the file and of its done file (`done-` before the master's name)
    /// in place.
    func restore(_ directory: String, master: String) {
        write(read(master), to: directory + "/todo.txt")
        write(read(Bench.doneMaster(master)), to: directory + "/done.txt")
    }

    /// The done file that goes with `master`.
    static func doneMaster(_ master: String) -> String {
        let url = URL(fileURLWithPath: master)
        return url.deletingLastPathComponent().appendingPathComponent(
            "done-" + url.lastPathComponent
        ).path
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
        let errors = directory + "/err"
        row.goal = operation.effectiveGoal
        row.fileBytes = size(master) + (operation.readsDone ? size(Bench.doneMaster(master)) : 0)
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
                row.failed[tool] =
                    outcome.status == 124 ? "over \(Report.seconds(options.limit)) s" : "fail"
                if outcome.status != 124 {
                    row.notes.append("\(tool.title) exit \(outcome.status)")
                }
            }
        }

        // Timed runs: todo and its floor alternating, and which of them goes first alternating
        // too; then todo.sh and topydo, of which a slow one gets one timed run. Run straight
        // after todo.sh (bash and its dozens of processes) or topydo (Python), a program starts
        // with the processor's caches full of theirs: that cost todo's start-up a tenth of its
        // time when todo always followed them.
        // A row whose runs take milliseconds gets more of them for todo and its floor: as many
        // as a quarter of a second of todo's warm-up time holds, up to 15. A run now and then
        // is slowed by the machine (pages of the program dropped from memory since it last ran,
        // which some machines' memory managers do after a minute unused; a new thread waiting
        // for a processor), and one such run among three would decide the median.
        let quick = warmups[.todo].map { Int(0.25 / max($0.seconds, 1e-4)) } ?? 0
        let runs = max(options.runs, min(quick, 15))
        let rounds =
            (0..<runs).map { $0 % 2 == 0 ? [Tool.todo, .floor] : [.floor, .todo] }
            + (0..<options.runs).map { _ in [Tool.todoSh, .topydo] }
        var times: [Tool: [Double]] = [:]
        for (index, round) in rounds.enumerated() {
            let run = index < runs ? index : index - runs
            for tool in round where tools.contains(tool) {
                if failed.contains(tool) { continue }
                if tool == .todoSh || tool == .topydo,
                    run > 0, let warm = warmups[tool], warm.seconds > 2
                {
                    continue
                }
                guard let argv = command(tool, operation, directory: directory) else { continue }
                if operation.writes { restore(directory, master: master) }
                let outcome = Spawn.run(
                    argv, environment: environment(directory: directory, tool: tool),
                    directory: directory, outputPath: nil, errorPath: errors,
                    timeout: limit(tool))
                times[tool, default: []].append(outcome.seconds)
                if tool == .todo {
                    row.todoMaxRSS = max(row.todoMaxRSS, outcome.maxRSS)
                    if !operation.success.contains(outcome.status) {
                        failures.append("\(operation.name): todo exited \(outcome.status)")
                    }
                }
            }
        }
        for (tool, samples) in times {
            row.medians[tool] = samples.median
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
        var warmups: [Tool: Outcome] = [:]
        var reference: Captured?
        var floorOutput: [UInt8]?
        var todoRun: Captured?
        // todo.sh first (the reference), todo before its floor (which may print todo's output),
        // and todo and the floor last, so that the first timed run does not follow topydo.
        for tool in [Tool.todoSh, .topydo, .todo, .floor] {
            guard tools.contains(tool), let argv = command(tool, operation, directory: directory)
            else { continue }
            restore(directory, master: master)
            let outcome = Spawn.run(
                argv, environment: environment(directory: directory, tool: tool),
                directory: directory, outputPath: output, errorPath: errors, timeout: limit(tool))
            warmups[tool] = outcome
            if tool == .floor, case .sameAsFloor = operation.check { floorOutput = read(output) }
            if tool == .todo && operation.floor.contains("$OUTPUT") {
                write(read(output), to: directory + "/todo-output.copy")
            }
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
        _ operation: Operation, _ run: Captured, reference: Captured?, floorOutput: [UInt8]?,
        master: String, directory: String
    ) {
        let name = operation.name
        guard operation.success.contains(run.outcome.status) else {
            let message = String(decoding: read(directory + "/err").prefix(300), as: UTF8.self)
            failures.append("\(name): todo exited \(run.outcome.status): \(message)")
            return
        }
        switch operation.check {
        case .status: break
        case .sameAsFloor, .likeTodoSh:
            let expected: [UInt8]?
            let source: String
            if let reference, reference.outcome.status == 0 {
                expected = reference.stdout
                source = "todo.sh's"
            } else {
                expected = floorOutput
                source = "the floor's"
            }
            if let expected, run.stdout != expected {
                failures.append(
                    "\(name): todo's output differs from \(source)\(firstDifference(run.stdout, expected))"
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

    /// The size of a file in bytes (0 when it is missing).
    func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
    }

    /// Writes the file of `size` lines and its done file (a quarter as many done tasks);
    /// returns the file's size and the number of an open task without a priority in the middle
    /// of it (the one the edits act on). Nothing it made stays in memory.
    func generate(size: Int, master: String) -> (bytes: Int, number: Int) {
        write(
            Generator.file(lines: max(size / 4, 1), seed: options.seed ^ ~UInt64(size), done: true),
            to: Bench.doneMaster(master))
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
        write(
            Generator.file(lines: 3, seed: options.seed, done: true),
            to: Bench.doneMaster(small))
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
        for operation in Operations.all(number: number) where options.selects(operation.name) {
            let row =
                operation.small
                ? measure(operation, master: small, directory: tiny)
                : measure(operation, master: master, directory: big)
            rows.append(row)
        }
        return rows
    }
}
