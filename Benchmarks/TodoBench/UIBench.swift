import Foundation
import TodoPlatform

/// `todo ui`'s speed and memory (ui.md §5, README "The task list on screen"): the built binary
/// on a pseudo-terminal of 80 × 24, as a terminal emulator runs it, on a generated file. The
/// figures: the first screen against `todo ls` on the same file, one `j` (the bytes written
/// and the time to the last of them), one `s` and one filter `/TERM` against `todo ls TERM`,
/// and the peak resident memory against the file's size. Times are medians; on a loaded machine compare the ratios,
/// which come from runs alternated in one process, not the absolute times.
struct UIBench {
    /// The measured figures of one file size.
    struct Figures {
        var lines: Int
        var fileBytes: Int
        /// Milliseconds from starting `todo ui` to its first full screen.
        var firstScreen: Double
        /// Milliseconds of `todo ls` on the same file.
        var list: Double
        /// Milliseconds from typing `j` to the last byte of its redraw.
        var move: Double
        /// The most bytes one `j` wrote.
        var moveBytes: Int
        /// Milliseconds from typing `s` to the last byte of the re-sorted screen.
        var sort: Double
        /// Milliseconds of `todo ls TERM` on the same file.
        var listTerm: Double
        /// Milliseconds from submitting the filter `TERM` (its `Enter`) to the last byte of the
        /// filtered screen.
        var filter: Double
        /// The largest peak resident memory of the `todo ui` runs, in bytes.
        var peakMemory: Int
    }

    let todo: String
    let seed: UInt64
    let root: String

    /// The goals of ui.md §5.
    static let firstScreenRatio = 1.5
    static let moveMilliseconds = 5.0
    static let moveBytes = 600
    static let memoryAllowance = 30 << 20

    private static func milliseconds(since start: Double) -> Double {
        (Spawn.monotonicSeconds() - start) * 1000
    }

    /// The environment of every run: the file, no config, no history, a colour terminal.
    private func environment(directory: String) -> [String] {
        [
            "PATH=/usr/bin:/bin", "HOME=\(directory)", "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
            "TODO_FILE=\(directory)/todo.txt", "TODOTXT_GLOBAL_CFG_FILE=\(directory)/no-config",
            "TODOTXT_HISTORY=0", "TERM=xterm-256color",
        ]
    }

    /// The program's output until `done` holds for everything read so far; `nil` after
    /// `seconds` without it.
    private static func read(
        _ terminal: PseudoTerminal, seconds: Double = 30, until done: ([UInt8]) -> Bool
    ) -> [UInt8]? {
        let start = Spawn.monotonicSeconds()
        var bytes: [UInt8] = []
        while Spawn.monotonicSeconds() - start < seconds {
            bytes += terminal.read(waitingUpTo: 50)
            if done(bytes) { return bytes }
        }
        return nil
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { start in
            bytes[start] == needle[0] && bytes[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    /// The bytes of one redraw after typing `key`, and the milliseconds to the last of them:
    /// everything written until the program is quiet for 100 ms.
    private static func redraw(_ terminal: PseudoTerminal, key: String) -> (Double, [UInt8]) {
        let start = Spawn.monotonicSeconds()
        terminal.write(Array(key.utf8))
        var bytes = terminal.read(waitingUpTo: 10_000)
        var last = milliseconds(since: start)
        while true {
            let more = terminal.read(waitingUpTo: 100)
            if more.isEmpty { break }
            bytes += more
            last = milliseconds(since: start)
        }
        return (last, bytes)
    }

    /// The term of `todo ls TERM` and of the filter typed at `/`.
    static let term = "call"

    /// Measures one file of `lines` lines: `runs` sessions, each timed from start to first
    /// screen, then ten `j`, one `s`, one filter, `q`; `todo ls` and `todo ls TERM` alternate
    /// with them.
    func run(lines: Int, runs: Int) -> Figures? {
        let directory = "\(root)/ui-\(lines)"
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        let bytes = Generator.file(lines: lines, seed: seed ^ UInt64(lines))
        guard FileManager.default.createFile(atPath: directory + "/todo.txt", contents: Data(bytes))
        else { return nil }
        let environment = environment(directory: directory)
        var first: [Double] = []
        var list: [Double] = []
        var listTerm: [Double] = []
        var moves: [Double] = []
        var moveBytes = 0
        var sorts: [Double] = []
        var filters: [Double] = []
        var peak = 0
        for _ in 0..<runs {
            list.append(
                Spawn.run(
                    [todo, "ls"], environment: environment, directory: directory,
                    outputPath: nil, errorPath: "/dev/null"
                ).seconds * 1000)
            listTerm.append(
                Spawn.run(
                    [todo, "ls", Self.term], environment: environment, directory: directory,
                    outputPath: nil, errorPath: "/dev/null"
                ).seconds * 1000)
            Spawn.trimHeap()
            let start = Spawn.monotonicSeconds()
            guard
                let terminal = try? PseudoTerminal(
                    [todo, "ui"], environment: environment, width: 80, height: 24),
                Self.read(terminal, until: { Self.contains($0, "q quit") }) != nil
            else { return nil }
            first.append(Self.milliseconds(since: start))
            for _ in 0..<10 {
                let (time, written) = Self.redraw(terminal, key: "j")
                moves.append(time)
                moveBytes = max(moveBytes, written.count)
            }
            let (time, written) = Self.redraw(terminal, key: "s")
            guard Self.contains(written, "text,pri") else { return nil }
            sorts.append(time)
            // The prompt and the term typed first; the time is that of `Enter`.
            _ = Self.redraw(terminal, key: "/" + Self.term)
            let (filterTime, filtered) = Self.redraw(terminal, key: "\r")
            guard Self.contains(filtered, Self.term) else { return nil }
            filters.append(filterTime)
            terminal.write(Array("q".utf8))
            let outcome = terminal.waitForExit()
            guard outcome.status == 0 else { return nil }
            peak = max(peak, outcome.peakMemory)
        }
        return Figures(
            lines: lines, fileBytes: bytes.count, firstScreen: first.median,
            list: list.median, move: moves.median, moveBytes: moveBytes,
            sort: sorts.median, listTerm: listTerm.median,
            filter: filters.median, peakMemory: peak)
    }

    /// Prints one size's figures against the goals.
    static func report(_ figures: Figures) {
        func ms(_ value: Double) -> String { Report.format(value, 1) + " ms" }
        func mb(_ value: Int) -> String { Report.format(Double(value) / 1_048_576, 1) + " MB" }
        func verdict(_ met: Bool) -> String { met ? "ok" : "MISSED" }
        let ratio = figures.list > 0 ? figures.firstScreen / figures.list : 0
        let sortRatio = figures.listTerm > 0 ? figures.sort / figures.listTerm : 0
        let filterRatio = figures.listTerm > 0 ? figures.filter / figures.listTerm : 0
        let allowance = figures.peakMemory - figures.fileBytes
        print("")
        print(
            "todo ui, \(figures.lines) lines (\(mb(figures.fileBytes))), 80x24 pseudo-terminal,"
                + " medians:")
        print(
            "  first screen  \(ms(figures.firstScreen)), todo ls \(ms(figures.list)): "
                + "\(Report.format(ratio, 2))x (goal <= \(firstScreenRatio)x) "
                + verdict(ratio <= firstScreenRatio))
        print(
            "  j (move)      \(ms(figures.move)), at most \(figures.moveBytes) bytes "
                + "(goal <= \(Report.format(moveMilliseconds, 0)) ms, <= \(moveBytes) bytes) "
                + verdict(figures.move <= moveMilliseconds && figures.moveBytes <= moveBytes))
        print(
            "  s (sort)      \(ms(figures.sort)), todo ls TERM \(ms(figures.listTerm)): "
                + "\(Report.format(sortRatio, 2))x (goal <= 1x) " + verdict(sortRatio <= 1))
        print(
            "  /\(term) (filter) \(ms(figures.filter)), todo ls TERM \(ms(figures.listTerm)): "
                + "\(Report.format(filterRatio, 2))x (goal <= 1x) " + verdict(filterRatio <= 1))
        print(
            "  peak memory   \(mb(figures.peakMemory)) = file + \(mb(allowance)) "
                + "(goal <= file + \(mb(memoryAllowance))) "
                + verdict(allowance <= memoryAllowance))
    }

    /// Measures every size of `options` and prints the figures; returns the exit status.
    static func runAll(todo: String, options: Options) -> Int32 {
        let root = NSTemporaryDirectory() + "todo-bench-ui-\(getpid())"
        defer { if !options.keep { try? FileManager.default.removeItem(atPath: root) } }
        let bench = UIBench(todo: todo, seed: options.seed, root: root)
        var failed = false
        for size in options.sizes {
            guard let figures = bench.run(lines: size, runs: options.runs) else {
                print(
                    "todo-bench: todo ui did not show its screen or quit cleanly on \(size) lines")
                failed = true
                continue
            }
            report(figures)
            fflush(nil)
        }
        return failed ? 1 : 0
    }
}
