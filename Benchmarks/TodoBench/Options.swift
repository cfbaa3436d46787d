/// The command line of `todo-bench`.
struct Options {
    var sizes = [100_000, 1_000_000]
    var runs = 5
    /// A `todo` binary to use instead of building one.
    var todoPath: String?
    var useTodoSh = true
    var useTopydo = true
    var keep = false
    /// Seconds a todo.sh or topydo run may take before it is stopped ("over N s").
    var limit = 30.0
    /// Measure `todo language-server` instead of the command-line actions.
    var languageServer = false
    /// Measure `todo ui` instead (UIBench.swift).
    var ui = false
    var seed: UInt64 = 20_240_517
    /// Only the operations with these names (or whose names start with one and a space); nil
    /// runs them all.
    var only: [String]?

    static let usage = """
        usage: todo-bench [--sizes N,N,...] [--runs N] [--todo PATH] [--no-todo-sh] [--no-topydo]
                          [--limit SECONDS] [--seed N] [--only NAME,...] [--keep]
                          [--language-server] [--ui]

          --sizes      line counts of the generated files (default 100000,1000000); the report
                       gives each row's growth from one size to the next
          --runs       timed runs per program and operation, after one checked warm-up (default 5;
                       todo and its floor run more often in a quick row: as often as a quarter
                       of a second of todo's warm-up holds, up to 15)
          --todo       the todo binary to measure; by default the benchmark builds it with
                       `swift build -c release --static-swift-stdlib -Xswiftc
                       -static-executable --product todo --scratch-path .build/static` in the
                       package (fully static, as the README installs it) and uses that
          --no-todo-sh, --no-topydo
                       leave those tools out even when they are installed
          --limit      seconds a todo.sh or topydo run may take (default 30); a slower one is
                       shown as "over N s"
          --seed       the seed of the generated files (default 20240517)
          --only       only these operations; a name also selects those that begin with it and a
                       space or a comma (`--only ls,export` runs ls, ls @phone and every export
                       row; `--only start-up` both start-up rows)
          --keep       keep the temporary directory and print where it is
          --language-server
                       time `todo language-server` instead (first diagnostics, a one-character
                       change, a completion, peak memory) on documents of --sizes lines
          --ui         time `todo ui` on a pseudo-terminal instead (first screen, a move, a
                       sort change, peak memory) on files of --sizes lines
        """

    /// Whether the operation named `name` is to run.
    func selects(_ name: String) -> Bool {
        guard let only else { return true }
        return only.contains { name == $0 || name.hasPrefix($0 + " ") || name.hasPrefix($0 + ",") }
    }

    /// Parses the arguments; returns nil (after printing why) when they are wrong.
    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var index = 0
        func value() -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--sizes":
                let parsed = value()?.split(separator: ",").compactMap { Int($0) } ?? []
                guard !parsed.isEmpty, parsed.allSatisfy({ $0 >= 10 }) else {
                    print("todo-bench: --sizes needs line counts of at least 10, like 10000,100000")
                    return nil
                }
                options.sizes = parsed
            case "--runs":
                guard let runs = value().flatMap({ Int($0) }), runs >= 1 else {
                    print("todo-bench: --runs needs a number of at least 1")
                    return nil
                }
                options.runs = runs
            case "--todo":
                guard let path = value() else {
                    print("todo-bench: --todo needs a path")
                    return nil
                }
                options.todoPath = path
            case "--seed":
                guard let seed = value().flatMap({ UInt64($0) }) else {
                    print("todo-bench: --seed needs a number")
                    return nil
                }
                options.seed = seed
            case "--limit":
                guard let limit = value().flatMap({ Double($0) }), limit > 0 else {
                    print("todo-bench: --limit needs a number of seconds above 0")
                    return nil
                }
                options.limit = limit
            case "--only":
                let names = value()?.split(separator: ",").map(String.init) ?? []
                guard !names.isEmpty else {
                    print("todo-bench: --only needs operation names, like ls,lsp,export")
                    return nil
                }
                options.only = names
            case "--no-todo-sh": options.useTodoSh = false
            case "--no-topydo": options.useTopydo = false
            case "--keep": options.keep = true
            case "--language-server": options.languageServer = true
            case "--ui": options.ui = true
            case "--help", "-h":
                print(usage)
                return nil
            default:
                print("todo-bench: unknown argument '\(arguments[index])'\n\(usage)")
                return nil
            }
            index += 1
        }
        return options
    }
}
