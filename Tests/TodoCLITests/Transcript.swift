import Foundation
import TestSupport
import Testing

/// A transcript: shell commands with the output and exit status they must produce.
///
/// Format (one file per subject, under `Transcripts/`):
///
///     # a comment (ends the block above it)
///     $ todo -p ls mom               a command, run by bash in the test's directory
///     1 call mom                     the expected standard output and error, merged
///     --
///     ? 0                            the expected exit status (0 when omitted)
///
/// Commands run in a fresh temporary directory that is also `HOME`, with the built `todo` first
/// on `PATH`, `TODOTXT_NOW=2026-11-22T09:30:00`, `TZ=UTC`, `LANG=C.UTF-8` and no global config
/// (`TODOTXT_GLOBAL_CFG_FILE=$HOME/.no-global-config`); the directory's
/// path shows as `$HOME` in the output. Lines starting
/// with `> ` continue the previous command (for multi-line shell input). An expected output
/// line `<BLANK>` stands for an empty line at the end of a block.
struct Transcript: CustomTestStringConvertible, Sendable {
    struct Step: Sendable {
        var command: String
        var expected: String
        var status: Int32
        var line: Int
    }

    var name: String
    var steps: [Step]

    var testDescription: String { name }

    init(name: String, text: String) {
        self.name = name
        var steps: [Step] = []
        var current: Step?
        var expected: [String] = []
        func finish() {
            if var step = current {
                // Blank lines after a block only separate it from the next command.
                while expected.last?.isEmpty == true { expected.removeLast() }
                step.expected = expected.map { $0 == "<BLANK>" ? "" : $0 }.map { $0 + "\n" }
                    .joined()
                steps.append(step)
            }
            current = nil
            expected = []
        }
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            Substring(decoding: $0, as: UTF8.self)
        }
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("$ ") {
                finish()
                current = Step(
                    command: String(line.dropFirst(2)), expected: "", status: 0, line: index + 1)
            } else if line.hasPrefix("> "), current != nil, expected.isEmpty {
                current?.command += "\n" + line.dropFirst(2)
            } else if line.hasPrefix("? "), current != nil {
                current?.status =
                    Int32(line.dropFirst(2).trimmingCharacters(in: .whitespaces)) ?? -1
            } else if line.hasPrefix("# ") || line == "#" {
                finish()
            } else if current != nil {
                if line.isEmpty && expected.isEmpty { continue }
                expected.append(String(line))
            }
        }
        finish()
        self.steps = steps
    }

    /// Every transcript file.
    static func all() -> [Transcript] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Transcripts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".t") }.sorted().map { name in
            guard
                let text = try? String(
                    contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            else {
                // An unreadable transcript must fail, not vanish.
                return Transcript(name: name, text: "$ echo unreadable transcript; exit 99\n")
            }
            return Transcript(name: name, text: text)
        }
    }
}

/// The built `todo` binary for this module's tests, run through TestSupport's ``BuiltTodo``.
enum TodoBinary {
    /// The directory of the built products.
    static var productsDirectory: URL { URL(fileURLWithPath: BuiltTodo.directory) }

    /// The executable.
    static var path: String { BuiltTodo.path }

    /// Starts `todo ARGUMENTS` in `directory` with `environment` and its output thrown away,
    /// for tests that kill it or wait for it themselves.
    static func start(
        _ arguments: [String], in directory: URL, environment: [String: String]
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A new empty directory, removed when the test process exits (``TestDirectories``).
    static func temporaryDirectory() throws -> URL {
        URL(fileURLWithPath: try TestDirectories.make("todo-test"))
    }

    /// The environment commands run with: a home of their own, the built `todo` first on
    /// `PATH`, a fixed time and locale, and ``BuiltTodo``'s clean settings (no global config,
    /// no undo history unless `history`).
    static func environment(
        home: URL, extra: [String: String] = [:], history: Bool = false
    ) -> [String: String] {
        var environment = [
            "HOME": home.path,
            "PATH": productsDirectory.path + ":/usr/local/bin:/usr/bin:/bin",
            "TODOTXT_NOW": "2026-11-22T09:30:00",
            "TZ": "UTC",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            // No global config, at a path the transcripts show as $HOME/.no-global-config.
            "TODOTXT_GLOBAL_CFG_FILE": home.path + "/.no-global-config",
        ]
        for (key, value) in extra { environment[key] = value }
        return BuiltTodo.environment(environment, history: history)
    }

    /// Runs `bash -c command` in `directory`; returns merged output and status.
    static func shell(
        _ command: String, in directory: URL, environment: [String: String], input: Data? = nil
    ) throws -> (output: String, status: Int32) {
        try BuiltTodo.shell(
            command, in: directory.path, environment: environment, history: true,
            input: input.map { Array($0) })
    }
}

@Suite struct TranscriptTests {
    @Test(arguments: Transcript.all())
    func transcript(_ transcript: Transcript) throws {
        #expect(!transcript.steps.isEmpty, "the transcript has no commands")
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        // The transcripts show `undo`, so they keep a history (under their own home).
        let environment = TodoBinary.environment(home: home, history: true)
        for step in transcript.steps {
            let result = try TodoBinary.shell(step.command, in: home, environment: environment)
            let output = result.output.replacingOccurrences(of: home.path, with: "$HOME")
            #expect(
                output == step.expected,
                "\(transcript.name):\(step.line): $ \(step.command)\n--- expected\n\(step.expected)--- got\n\(output)---"
            )
            #expect(
                result.status == step.status,
                "\(transcript.name):\(step.line): $ \(step.command): exit status \(result.status), expected \(step.status)"
            )
        }
    }
}
