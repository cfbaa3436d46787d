import Foundation
import Testing

/// Runs random cases (files, settings, add-ons and one to three commands, drawn from a seed by
/// ``DifferentialCase``) with the real todo.sh and with `todo`, each in a fresh directory, and
/// compares every command's output, exit status and the files after it, byte for byte, once the
/// departures the README lists are normalised (``TodoShDifferences``).
///
/// - Against upstream HEAD (the reference) wherever a copy is found (``TodoShReference``):
///   `TODO_DIFFERENTIAL_SEEDS` cases (100 by default) from seed `TODO_DIFFERENTIAL_FIRST_SEED`
///   (1 by default). A longer local run:
///   `TODOSH_UPSTREAM=~/src/todo.txt-cli TODO_DIFFERENTIAL_SEEDS=2000 swift test --filter TodoShDifferentialTests`.
/// - Against Debian's 2.11 (CI): the fixed seeds 1-60, drawn without HEAD's newer features.
///
/// A failure prints the case (reproducible from its seed) and both sides' results.
@Suite struct TodoShDifferentialTests {
    static let upstreamSeeds: [UInt64] = {
        guard TodoShReference.upstream != nil else { return [] }
        let environment = ProcessInfo.processInfo.environment
        let count = environment["TODO_DIFFERENTIAL_SEEDS"].flatMap { UInt64($0) } ?? 100
        let first = environment["TODO_DIFFERENTIAL_FIRST_SEED"].flatMap { UInt64($0) } ?? 1
        return count == 0 ? [] : Array(first..<(first + count))
    }()

    static let debianSeeds: [UInt64] = TodoShReference.debian == nil ? [] : Array(1...60)

    @Test(arguments: upstreamSeeds)
    func sameAsUpstreamHead(seed: UInt64) throws {
        let reference = try #require(TodoShReference.upstream)
        try Self.compare(DifferentialCase(seed: seed, for: .head), with: reference)
    }

    @Test(arguments: debianSeeds)
    func sameAsDebian211(seed: UInt64) throws {
        let reference = try #require(TodoShReference.debian)
        try Self.compare(DifferentialCase(seed: seed, for: .debian211), with: reference)
    }

    /// What one command did: its merged output, its status, and the files after it.
    struct Observation: Equatable {
        var output: [UInt8]
        var status: Int32
        var files: [String: [UInt8]]

        var text: String {
            var text = "status \(status)\n" + String(decoding: output, as: UTF8.self)
            for name in DifferentialCase.fileNames {
                text += "--- \(name)\n" + String(decoding: files[name] ?? [], as: UTF8.self)
            }
            return text
        }
    }

    /// Runs the case with `reference` and with `todo` and expects the same observations.
    static func compare(_ testCase: DifferentialCase, with reference: TodoShReference) throws {
        let theirs = try run(testCase, program: reference.program)
        let ours = try run(testCase, program: TodoBinary.path)
        var before = testCase.files
        for (index, command) in testCase.commands.enumerated() {
            let context = TodoShDifferences.Command(
                words: command, environment: testCase.environment, before: before,
                configuration: testCase.configuration, release: reference.release)
            guard
                let expected = TodoShDifferences.normalised(theirs[index], of: context, ours: false)
            else {
                return  // todo.sh hit one of its own defects; what follows is not comparable
            }
            let actual = TodoShDifferences.normalised(ours[index], of: context, ours: true)
            let same =
                TodoShDifferences.statusOnly(context)
                ? actual?.status == expected.status : actual == expected
            #expect(
                same,
                "\(testCase)command \(index + 1) differs\n=== todo.sh\n\(expected.text)\n=== todo\n\(actual?.text ?? "")"
            )
            if !same { return }
            before = theirs[index].files
        }
    }

    /// Runs every command of the case with `program` in a fresh directory.
    static func run(_ testCase: DifferentialCase, program: String) throws -> [Observation] {
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.appendingPathComponent("tasks")
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, bytes) in testCase.files {
            try Data(bytes).write(to: directory.appendingPathComponent(name))
        }
        let configuration =
            [
                "export TODO_DIR='\(directory.path)'",
                "export TODO_FILE=\"$TODO_DIR/todo.txt\"",
                "export DONE_FILE=\"$TODO_DIR/done.txt\"",
                "export REPORT_FILE=\"$TODO_DIR/report.txt\"",
            ] + testCase.configuration
        try (configuration.joined(separator: "\n") + "\n").write(
            to: home.appendingPathComponent("config"), atomically: false, encoding: .utf8)
        if !testCase.addons.isEmpty {
            let actions = home.appendingPathComponent(".todo/actions")
            try manager.createDirectory(at: actions, withIntermediateDirectories: true)
            for (name, script) in testCase.addons {
                let path = actions.appendingPathComponent(name).path
                try Data(script.utf8).write(to: URL(fileURLWithPath: path))
                try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            }
        }
        // todo.sh reads the clock through `date`; a `date` first on PATH fixes it, and `todo`
        // reads the same moment from TODOTXT_NOW.
        let bin = home.appendingPathComponent("bin")
        try manager.createDirectory(at: bin, withIntermediateDirectories: true)
        let date = bin.appendingPathComponent("date").path
        try Data("#!/bin/sh\nexec /bin/date -d @1795000000 \"$@\"\n".utf8).write(
            to: URL(fileURLWithPath: date))
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: date)

        var environment = [
            "HOME": home.path,
            "PATH": bin.path + ":/usr/local/bin:/usr/bin:/bin",
            "TZ": "UTC",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TODOTXT_NOW": "@1795000000",
            "TODOTXT_CFG_FILE": home.appendingPathComponent("config").path,
        ]
        for (name, value) in testCase.environment { environment[name] = value }

        var observations: [Observation] = []
        for command in testCase.commands {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = command
            process.currentDirectoryURL = home
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            var files: [String: [UInt8]] = [:]
            for name in DifferentialCase.fileNames {
                if let contents = manager.contents(
                    atPath: directory.appendingPathComponent(name).path)
                {
                    files[name] = Array(contents)
                }
            }
            let text = Array(data).replacing(Array(directory.path.utf8), with: Array("$DIR".utf8))
                .replacing(Array(home.path.utf8), with: Array("$HOME".utf8))
            observations.append(
                Observation(output: text, status: process.terminationStatus, files: files))
        }
        return observations
    }
}

/// Every difference between todo.sh and `todo` that the differential tests accept, in one
/// place: the departures the README lists, todo.sh's own defects (a case that meets one is not
/// compared further), and what Debian's 2.11 does differently from HEAD.
enum TodoShDifferences {
    /// One command of a case, with what it runs on.
    struct Command {
        var words: [String]
        var environment: [String: String]
        /// The files before the command (as todo.sh left them).
        var before: [String: [UInt8]]
        /// The configuration file's own lines.
        var configuration: [String]
        var release: TodoShReference.Release

        /// Whether listings are coloured: `-p` and `-c` (the last one wins) over TODOTXT_PLAIN.
        var colour: Bool {
            let options = words.prefix { $0.hasPrefix("-") }
            if let last = options.last(where: { $0.contains("p") || $0.contains("c") }) {
                return last.contains("c")
            }
            return environment["TODOTXT_PLAIN"] != "1"
        }

        /// The action's name: the first word that is not an option.
        var action: String? {
            words.first { !$0.hasPrefix("-") }?.lowercased()
        }
    }

    /// Commands whose output is ours by design, so only their status is compared: help texts
    /// (README: "The help texts are our own") and `-V`.
    static func statusOnly(_ command: Command) -> Bool {
        if command.words.contains(where: { $0 == "-h" || $0 == "-V" }) { return true }
        return ["help", "shorthelp"].contains(command.action ?? "")
    }

    /// `observation` with the accepted differences taken out; `nil` when todo.sh (`ours` false)
    /// met one of its defects that the README lists as not copied.
    static func normalised(
        _ observation: TodoShDifferences.Observation, of command: Command, ours: Bool
    )
        -> TodoShDifferences.Observation?
    {
        var result = observation
        let text = String(decoding: observation.output, as: UTF8.self)
        if !ours && !comparable(command, theirOutput: text) { return nil }
        // Listing creates nothing: a missing file reads as an empty one.
        for name in DifferentialCase.fileNames where result.files[name] == nil {
            result.files[name] = []
        }
        // Listing creates nothing: `listfile` without a file names only the files that exist.
        if ["lf", "listfile"].contains(command.action ?? ""), command.words.last == command.action {
            result.output = dropLines(result.output) {
                ["todo.txt", "done.txt", "report.txt"].contains($0)
            }
        }
        // Open elsewhere (remove once fixed): the quoting of the `-vv` debug line.
        result.output = dropLines(result.output) { $0.hasPrefix("TODO DEBUG: Filter Command was:") }
        // Lines keep their bytes: a CRLF line keeps its CR at its end, outside the task.
        result.output.removeAll { $0 == 0x0D }
        for name in DifferentialCase.fileNames { result.files[name]?.removeAll { $0 == 0x0D } }
        if ours {
            // An unknown action is named on standard error; `add` warns about a task that reads
            // as done.
            result.output = dropLines(result.output) {
                $0.hasPrefix("todo: unknown action '")
                    || ($0.hasPrefix("todo: warning: task ")
                        && $0.hasSuffix("reads as a completed task"))
            }
        }
        // `report` with TODOTXT_VERBOSE=0 exits 0 (todo.sh exits 1 after succeeding).
        if command.action == "report" && command.environment["TODOTXT_VERBOSE"] == "0" {
            result.status = 0
        }
        if command.release == .debian211 {
            // 2.11 exits 0 after a warning; says "archived." when nothing was; its usage
            // messages say ITEM# for NR.
            let warnings = [
                "is not prioritized.", "already prioritized (", "is already marked done.",
                "No duplicate tasks found",
            ]
            if result.status == 1 && warnings.contains(where: text.contains) { result.status = 0 }
            result.output = dropLines(result.output) {
                $0.hasPrefix("usage: ") || $0.hasPrefix("note: PRIORITY")
            }
            if ours {
                result.output = mapLines(result.output) { line in
                    guard line.hasPrefix("TODO: "),
                        line.hasSuffix(" does not contain any done tasks.")
                    else { return line }
                    return String(line.dropLast(" does not contain any done tasks.".count))
                        + " archived."
                }
            }
        }
        return result
    }

    typealias Observation = TodoShDifferentialTests.Observation

    /// Whether todo.sh's result for `command` can be compared at all: not when it met one of its
    /// defects that the README lists as not copied, nor where a listed departure changes what
    /// follows.
    static func comparable(_ command: Command, theirOutput text: String) -> Bool {
        let action = resolvedAction(command)
        let todo = command.before["todo.txt"] ?? []
        let todoLines = todo.split(separator: 0x0A, omittingEmptySubsequences: false)
        let doneLines = (command.before["done.txt"] ?? []).split(
            separator: 0x0A, omittingEmptySubsequences: false)
        // Defects: sed, grep and awk messages leaking; lines listed or archived wrongly on
        // invalid UTF-8 (grep's "binary file matches", sed rewriting a line it cannot read).
        if ["binary file matches", "sed: ", "grep: ", "awk: "].contains(where: text.contains) {
            return false
        }
        let editors = [
            "append", "app", "prepend", "prep", "replace", "del", "rm", "mv", "move", "deduplicate",
        ]
        let files = listedFiles(command, action: action)
        if editors.contains(action)
            && files.contains(where: {
                String(validating: command.before[$0] ?? [], as: UTF8.self) == nil
            })
        {
            return false
        }
        // Defect: files glued together when one lacks its final newline (`lsa` reads todo.txt
        // and done.txt as one stream).
        if ["lsa", "listall"].contains(action), let last = todo.last, last != 0x0A { return false }
        // Departure: a CRLF file's empty line is empty (todo.sh sees a task made of a CR).
        if todoLines.contains(where: { $0.elementsEqual([0x0D]) }) { return false }
        // Departure: the CR is not part of the text, so it does not take part in sorting either.
        let listings = [
            "ls", "list", "lsa", "listall", "lsp", "listpri", "lf", "listfile", "command",
        ]
        // In every file the command lists (``listedFiles(_:action:)``: `lf FILE`, and `lsprj`
        // with a source variable, read others than todo.txt), nor in what is hidden: a line of
        // digits and blanks with a CR is a task to todo.sh.
        // Nor in the words of `lsc` and `lsprj` (todo.sh lists `@ctx` and `@ctx<CR>` apart).
        // Nor in where a line ends: `del N TERM` with TERM last on a CRLF line takes the blank
        // before TERM too (todo.sh's pattern for a term at the end does not match before a CR).
        let listsDone = ["lsa", "listall"].contains(action)
        // `lsa` sorts the lines of both files together: one file's CRLF lines among the other's
        // LF lines sort apart in todo.sh (a line and the same text with a CR).
        let listed = (todoLines + (listsDone ? doneLines : [])).filter { !$0.isEmpty }
        if listsDone && listed.contains(where: { $0.last == 0x0D })
            && listed.contains(where: { $0.last != 0x0D })
        {
            return false
        }
        // Nor in `lsa`'s spacing: its awk rebuilds each line from its words, so blanks that end
        // a line go; before a CR (a word to awk) todo.sh keeps one of them.
        if listsDone && listed.contains(where: endsWithBlankBeforeCR) { return false }
        // Defect: a line of blanks with a tab is its number alone after that rebuild, and
        // HIDE_CUSTOM_SUBSTITUTION `[0-9]` empties it; todo.sh's shell then drops it from the
        // end of what it lists and from the DONE count.
        let tabOnly = { (line: ArraySlice<UInt8>) in
            line.contains(0x09) && line.allSatisfy { [0x20, 0x09, 0x0D].contains($0) }
        }
        if listsDone && command.environment["HIDE_CUSTOM_SUBSTITUTION"] != nil
            && listed.contains(where: tabOnly)
        {
            return false
        }
        for name in files {
            let lines = (command.before[name] ?? []).split(
                separator: 0x0A, omittingEmptySubsequences: false)
            guard lines.contains(where: { $0.last == 0x0D }) else { continue }
            if lines.contains(where: { $0.elementsEqual([0x0D]) }) { return false }
            if ["lsc", "listcon", "lsprj", "listproj"].contains(action) { return false }
            // Nor in colouring: a `+project` or `@context` that ends a CRLF line is coloured
            // (todo.sh's pattern wants a blank or the line's end after it, and meets the CR).
            if listings.contains(action) && command.colour
                && lines.contains(where: endsWithTagBeforeCR)
            {
                return false
            }
            let mixed = lines.contains { !$0.isEmpty && $0.last != 0x0D }
            let numbers = lines.contains { line in
                line.last == 0x0D
                    && line.dropLast().allSatisfy {
                        $0 == 0x20 || $0 == 0x09 || (0x30...0x39).contains($0)
                    }
            }
            if listings.contains(action) && (mixed || numbers) { return false }
            if name == "todo.txt" && endsWithTermBeforeCR(command, lines) { return false }
        }

        return true
    }

    /// The files of the case that `command` reads lines of: the todo file; done.txt too for
    /// `lsa`; FILE (or FILE.txt) for `lf FILE`; DEST and SRC for `mv N DEST SRC`; for `lsc` and
    /// `lsprj`, those TODOTXT_SOURCEVAR names (the todo file unless it names done.txt alone).
    private static func listedFiles(_ command: Command, action: String) -> [String] {
        switch action {
        case "lsa", "listall":
            return ["todo.txt", "done.txt"]
        case "mv", "move":
            guard let index = command.words.firstIndex(where: { !$0.hasPrefix("-") }) else {
                return ["todo.txt"]
            }
            return ["todo.txt"] + command.words.dropFirst(index + 2).prefix(2)
        case "lf", "listfile":
            guard let index = command.words.firstIndex(where: { !$0.hasPrefix("-") }),
                index + 1 < command.words.count
            else { return [] }
            // `lf other` lists other.txt when there is no file named `other`.
            let name = command.words[index + 1]
            return [command.before[name] == nil ? name + ".txt" : name]
        case "lsc", "listcon", "lsprj", "listproj":
            let source = command.environment["TODOTXT_SOURCEVAR"] ?? "$TODO_FILE"
            let named = [("TODO_FILE", "todo.txt"), ("DONE_FILE", "done.txt")].filter {
                source.contains($0.0)
            }
            return named.isEmpty ? ["todo.txt"] : named.map(\.1)
        default:
            return ["todo.txt"]
        }
    }

    /// The action `command` runs: its first word that is not an option, else the first word of
    /// its default action, `TODOTXT_DEFAULT_ACTION` (lower-cased, as both programs take it).
    private static func resolvedAction(_ command: Command) -> String {
        if let action = command.action { return action }
        let fallback = command.environment["TODOTXT_DEFAULT_ACTION"] ?? ""
        return fallback.split(separator: " ").first.map { $0.lowercased() } ?? ""
    }

    /// Whether `line` ends with a `+project` or `@context` word and a CR.
    private static func endsWithTagBeforeCR(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.last == 0x0D else { return false }
        let word = line.dropLast().reversed().prefix { $0 != 0x20 && $0 != 0x09 }
        guard let first = word.last, word.count > 1 else { return false }
        return first == 0x2B || first == 0x40
    }

    /// Whether `line` ends with a blank (space or tab) and a CR.
    private static func endsWithBlankBeforeCR(_ line: ArraySlice<UInt8>) -> Bool {
        line.last == 0x0D && [0x20, 0x09].contains(line.dropLast().last)
    }

    /// Whether `command` is `del N TERM` (or `rm`) and line N of `lines` ends with TERM and a CR.
    private static func endsWithTermBeforeCR(
        _ command: Command, _ lines: [ArraySlice<UInt8>]
    ) -> Bool {
        guard let index = command.words.firstIndex(where: { !$0.hasPrefix("-") }),
            ["del", "rm"].contains(command.words[index].lowercased()),
            index + 2 < command.words.count, let number = Int(command.words[index + 1]),
            number >= 1, number <= lines.count
        else { return false }
        let line = lines[number - 1]
        return line.last == 0x0D
            && line.dropLast().reversed().starts(with: command.words[index + 2].utf8.reversed())
    }

    private static func dropLines(_ bytes: [UInt8], where test: (String) -> Bool) -> [UInt8] {
        lines(bytes).filter { !test(String(decoding: $0, as: UTF8.self)) }.flatMap { $0 + [0x0A] }
            .dropLast(bytes.last == 0x0A || bytes.isEmpty ? 0 : 1)
    }

    private static func mapLines(_ bytes: [UInt8], _ change: (String) -> String) -> [UInt8] {
        lines(bytes).map { line -> [UInt8] in
            let text = String(decoding: line, as: UTF8.self)
            let changed = change(text)
            return changed == text ? line : Array(changed.utf8)
        }.flatMap { $0 + [0x0A] }.dropLast(bytes.last == 0x0A || bytes.isEmpty ? 0 : 1)
    }

    private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        guard !bytes.isEmpty else { return [] }
        var parts = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if bytes.last == 0x0A { parts.removeLast() }
        return parts
    }
}
