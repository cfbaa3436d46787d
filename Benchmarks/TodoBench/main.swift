// todo-bench: times `todo` against the shell commands that do the same work (the floor) and,
// when they are installed, against todo.sh and topydo, on generated files. See README.md,
// "Performance".
import Foundation

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else { exit(2) }

/// The package root: this file is Benchmarks/TodoBench/main.swift in it.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// Builds `product` of the package at `package` in release mode, linked fully statically (the
/// Swift runtime and the C library, as the README installs `todo`), in the build folder
/// `scratch`; returns the executable's path.
func buildStatic(_ product: String, package: String, scratch: String) -> String? {
    guard let swift = Spawn.which("swift") else {
        print("todo-bench: swift is not on PATH; pass --todo PATH")
        return nil
    }
    let arguments = [
        "build", "-c", "release", "--static-swift-stdlib", "-Xswiftc", "-static-executable",
        "--product", product, "--scratch-path", scratch,
    ]
    print("building \(product): swift \(arguments.joined(separator: " ")) ...")
    let log = NSTemporaryDirectory() + "/todo-bench-build.log"
    let outcome = Spawn.run(
        [swift] + arguments + ["--package-path", package],
        environment: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" },
        directory: package, outputPath: log + ".out", errorPath: log)
    guard outcome.status == 0 else {
        let text = [log + ".out", log].map {
            (try? String(contentsOfFile: $0, encoding: .utf8)) ?? ""
        }
        .joined()
        print("todo-bench: the build failed:\n\(text.suffix(2000))")
        return nil
    }
    return scratch + "/release/" + product
}

guard
    let todo =
        (options.todoPath
        ?? buildStatic("todo", package: packageRoot, scratch: packageRoot + "/.build/static"))
        .flatMap(Spawn.which)
else {
    print("todo-bench: no todo binary to measure")
    exit(2)
}
if options.languageServer {
    print("todo: \(todo)")
    let bench = LanguageServerBench(todo: todo, seed: options.seed)
    var failed = false
    for size in options.sizes {
        guard let figures = bench.run(lines: size, runs: options.runs) else {
            print("todo-bench: the language server did not answer on \(size) lines")
            failed = true
            continue
        }
        LanguageServerBench.report(figures)
        fflush(nil)
    }
    exit(failed ? 1 : 0)
}
if options.ui {
    print("todo: \(todo)")
    exit(UIBench.runAll(todo: todo, options: options))
}

// The start-up floor, built the same way (Benchmarks/StartupFloor is a package of its own).
guard
    let hello = buildStatic(
        "hello", package: packageRoot + "/Benchmarks/StartupFloor",
        scratch: packageRoot + "/.build/static-hello"
    ).flatMap(Spawn.which)
else {
    print("todo-bench: the start-up floor could not be built")
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
print(ParallelProbe.report(when: "before the runs"))
print("todo: \(todo)")
print("start-up floor: \(hello)")
print(
    "todo.sh: "
        + (todoSh
            ?? (options.useTodoSh ? "not installed (apt-get install todotxt-cli)" : "left out")))
print(
    "topydo: " + (topydo ?? (options.useTopydo ? "not installed (pip install topydo)" : "left out"))
)
print("todo.sh and topydo runs are stopped after \(Report.seconds(options.limit)) s")
print("runs: 1 checked warm-up + \(options.runs) timed per program; files in \(root)")

let bench = Bench(
    options: options, todo: todo, hello: hello, todoSh: todoSh, topydo: topydo, root: root)
var results: [(size: Int, rows: [Row])] = []
for size in options.sizes {
    let rows = bench.run(size: size)
    Report.print(size: size, fileBytes: bench.size("\(root)/\(size)/master.txt"), rows: rows)
    results.append((size, rows))
    fflush(nil)
}
var growthMisses: [String] = []
for (small, large) in zip(results, results.dropFirst()) {
    growthMisses += Report.printGrowth(from: small, to: large)
}
print(ParallelProbe.report(when: "after the runs"))
Report.printGoals(results: results, growthMisses: growthMisses)
print("")
print("¹ one timed run (the warm-up took over 2 s). Ratios: todo/floor, todo.sh/todo, topydo/todo.")
print("Every program writes into a pipe that the benchmark reads; the floors run with LC_ALL=C.")
print("Floors: ls = sort -f -k2; ls TERM = grep -i; lsp = grep '^(A) '; lsa = cat | sort -f -k2;")
print(
    "lsc, lsprj = grep -o | grep | sort -u; query = grep | grep | grep -v | sort; query /re/ = grep -E;"
)
print(
    "export = cat of the file; export ..., output cat = cat of a file as big as todo's output;")
print("export jsonl, awk floor = awk printing each line in a one-field record (no goal);")
print("check = grep -c .; edits = cp + sync + mv; add = echo >> + sync + wc -l;")
print("archive = grep >> done + grep -v + sync + mv; start-up = a static Swift hello world,")
print("compiled and linked with todo's flags (Benchmarks/StartupFloor: --no-export-dynamic,")
print("-disable-concrete-type-metadata-mangled-name-accessors, -function-sections and the same")
print("--section-ordering-file, Scripts/startup-order.txt, as Package.swift gives todo).")
if !options.keep { try? FileManager.default.removeItem(atPath: root) }
for remark in bench.remarks { print("note: " + remark) }
if bench.failures.isEmpty {
    print("all todo runs succeeded and matched the references")
    exit(0)
}
print("\(bench.failures.count) FAILURES:")
for failure in bench.failures { print("  " + failure) }
exit(1)
