// todo-bench: times `todo` against the shell commands that do the same work (the floor) and,
// when they are installed, against todo.sh and topydo, on generated files. See README.md,
// "Performance".
import Foundation

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else { exit(2) }

/// The package root: this file is Benchmarks/TodoBench/main.swift in it.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// Builds the release `todo` with the Swift runtime linked statically, in its own build folder.
func buildTodo() -> String? {
    guard let swift = Spawn.which("swift") else {
        print("todo-bench: swift is not on PATH; pass --todo PATH")
        return nil
    }
    let scratch = packageRoot + "/.build/static"
    print("building todo: swift build -c release --static-swift-stdlib --product todo ...")
    let log = NSTemporaryDirectory() + "/todo-bench-build.log"
    let outcome = Spawn.run(
        [
            swift, "build", "-c", "release", "--static-swift-stdlib", "--product", "todo",
            "--scratch-path", scratch,
        ],
        environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" },
        directory: packageRoot, outputPath: log, errorPath: log)
    guard outcome.status == 0 else {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        print("todo-bench: the build failed:\n\(text.suffix(2000))")
        return nil
    }
    return scratch + "/release/todo"
}

guard let todo = (options.todoPath ?? buildTodo()).flatMap(Spawn.which) else {
    print("todo-bench: no todo binary to measure")
    exit(2)
}
let todoSh = options.useTodoSh ? Spawn.which("/usr/bin/todo-txt") : nil
let topydo = options.useTopydo ? Spawn.which("topydo") : nil

let root = NSTemporaryDirectory() + "todo-bench-\(getpid())"
try? FileManager.default.createDirectory(
    atPath: root + "/home", withIntermediateDirectories: true)

var cpu = "unknown CPU"
if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
    let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
    let colon = line.firstIndex(of: ":")
{
    cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
}
print("todo-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu)")
print("todo: \(todo)")
print("todo.sh: \(todoSh ?? "not installed (apt-get install todotxt-cli)")")
print("topydo: \(topydo ?? "not installed (pip install topydo)")")
print("runs: 1 checked warm-up + \(options.runs) timed per program; files in \(root)")

let bench = Bench(options: options, todo: todo, todoSh: todoSh, topydo: topydo, root: root)
for size in options.sizes {
    let rows = bench.run(size: size)
    let bytes =
        (try? FileManager.default.attributesOfItem(atPath: "\(root)/\(size)/master.txt"))?[
            .size] as? Int ?? 0
    Report.print(size: size, fileBytes: bytes, rows: rows)
    fflush(nil)
}
print("")
print("¹ one timed run (the warm-up took over 2 s). Ratios: todo/floor, todo.sh/todo, topydo/todo.")
print("Floors: ls = env LC_COLLATE=C sort -f -k2; ls TERM = grep -i; lsp = grep '^(A) ';")
print("query = grep | grep | grep -v | sort; query /re/ = grep -E; export = cat;")
print("edits = cp + sync + mv; add = echo >>; archive = grep >> done + grep -v + sync + mv;")
print("start-up = /bin/true.")
if !options.keep { try? FileManager.default.removeItem(atPath: root) }
for remark in bench.remarks { print("note: " + remark) }
if bench.failures.isEmpty {
    print("all todo runs succeeded and matched the references")
    exit(0)
}
print("\(bench.failures.count) FAILURES:")
for failure in bench.failures { print("  " + failure) }
exit(1)
