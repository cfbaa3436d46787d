import Foundation

/// The built `todo` command, as the end-to-end tests of every module run it: found beside the
/// test bundle (or built when it is missing) and started with a clean environment.
///
/// Clean means: no machine-wide configuration (`TODOTXT_GLOBAL_CFG_FILE` names a file that does
/// not exist; an empty value would mean todo.sh's default, `/etc/todo/config`, and Debian's
/// `/etc/todo-txt/config` after it) and no undo history (`TODOTXT_HISTORY=0`) unless a test asks
/// for it. A value the test sets itself always wins.
public enum BuiltTodo {
    /// A global configuration path that does not exist.
    public static let noGlobalConfig = "/nonexistent/todo-global-config"

    /// The executable's path: the one `TODO_BINARY` names (to run the tests against a release
    /// build, say the fully static one the README installs), else the one beside the test
    /// bundle or in a directory above it, else built with `swift build --product todo`, else
    /// `todo` from `PATH`.
    public static let path: String = chosen() ?? built ?? "todo"

    /// The folder of this build's products (the example programs, the debug `todo`), whatever
    /// `TODO_BINARY` says.
    public static var productsDirectory: String {
        URL(fileURLWithPath: built ?? path).deletingLastPathComponent().path
    }

    /// The `todo` of this build: beside the test bundle, or built.
    private static let built: String? = locate() ?? build()

    /// The directory that holds the executable, for a `PATH` that finds it.
    public static var directory: String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// `variables` with the clean settings added: no global configuration, and no history
    /// unless `history`.
    public static func environment(
        _ variables: [String: String], history: Bool = false
    ) -> [String: String] {
        var clean = variables
        if clean["TODOTXT_GLOBAL_CFG_FILE"] == nil {
            clean["TODOTXT_GLOBAL_CFG_FILE"] = noGlobalConfig
        }
        if !history && clean["TODOTXT_HISTORY"] == nil { clean["TODOTXT_HISTORY"] = "0" }
        return clean
    }

    /// What one run printed and how it ended.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output's bytes.
        public var output: [UInt8]
        /// Standard error's bytes.
        public var errors: [UInt8]

        /// Standard output as text.
        public var outputText: String { String(decoding: output, as: UTF8.self) }
        /// Standard error as text.
        public var errorText: String { String(decoding: errors, as: UTF8.self) }
    }

    /// Runs `todo ARGUMENTS` in `directory` with the clean `environment` (see
    /// ``environment(_:history:)``) and `input` on standard input (`/dev/null` when `nil`).
    public static func run(
        _ arguments: [String], environment variables: [String: String], history: Bool = false,
        in directory: String? = nil, input: [UInt8]? = nil
    ) throws -> Result {
        try spawn(
            path, arguments, environment: environment(variables, history: history),
            in: directory, input: input, mergingErrors: false)
    }

    /// Runs `bash -c COMMAND` (which may call `todo` through `PATH`) in `directory` with the
    /// clean `environment`; returns standard output and standard error merged, and the status.
    public static func shell(
        _ command: String, in directory: String, environment variables: [String: String],
        history: Bool = false, input: [UInt8]? = nil
    ) throws -> (output: String, status: Int32) {
        let result = try spawn(
            "/bin/bash", ["-c", command], environment: environment(variables, history: history),
            in: directory, input: input, mergingErrors: true)
        return (result.outputText, result.status)
    }

    /// Starts `executable` and collects what it prints; both pipes are read at once, so a
    /// program that fills one while the other is read cannot block.
    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String],
        in directory: String?, input: [UInt8]?, mergingErrors: Bool
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = mergingErrors ? output : errors
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        let collected = Collected()
        let errorHandle = errors.fileHandleForReading
        let reader = Thread {
            collected.errors = errorHandle.readDataToEndOfFile()
            collected.done.signal()
        }
        if !mergingErrors { reader.start() }
        if let input {
            try? inputPipe.fileHandleForWriting.write(contentsOf: Data(input))
            try? inputPipe.fileHandleForWriting.close()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        if !mergingErrors { collected.done.wait() }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: Array(out), errors: Array(collected.errors))
    }

    /// Standard error, read on its own thread.
    private final class Collected: @unchecked Sendable {
        var errors = Data()
        let done = DispatchSemaphore(value: 0)
    }

    /// The executable `TODO_BINARY` names, made absolute (the tests run it from other
    /// directories).
    private static func chosen() -> String? {
        guard let named = ProcessInfo.processInfo.environment["TODO_BINARY"], !named.isEmpty
        else { return nil }
        return URL(fileURLWithPath: named).standardizedFileURL.path
    }

    /// The built executable beside the test bundle or in a directory above it (SwiftPM puts
    /// both in `.build/<configuration>`).
    private static func locate() -> String? {
        var candidates = [
            URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        ]
        var directory = Bundle.main.bundleURL
        while directory.path != "/" {
            candidates.append(directory)
            directory.deleteLastPathComponent()
        }
        return candidates.map { $0.appendingPathComponent("todo").path }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Builds the executable with SwiftPM in this package (found from this file's path) and
    /// returns its path, or `nil` when that fails.
    private static func build() -> String? {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        guard
            let built = try? spawn(
                "/usr/bin/env", ["swift", "build", "--product", "todo"],
                environment: ProcessInfo.processInfo.environment, in: package, input: nil,
                mergingErrors: true),
            built.status == 0,
            let binaries = try? spawn(
                "/usr/bin/env", ["swift", "build", "--show-bin-path"],
                environment: ProcessInfo.processInfo.environment, in: package, input: nil,
                mergingErrors: false),
            binaries.status == 0
        else { return nil }
        let path = binaries.outputText.trimmingCharacters(in: .whitespacesAndNewlines) + "/todo"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
