import Foundation

/// The real todo.sh that the differential tests compare `todo` with, prepared as an executable
/// named `todo` in a directory of its own (so that its messages name the program as ours do).
///
/// - Upstream HEAD, the reference: the script named by `TODOSH_UPSTREAM` (a todo.sh file, or a
///   git repository of todotxt/todo.txt-cli, checked out or bare, whose `HEAD:todo.sh` is taken).
///   Nothing of it is kept in this repository; it is read at run time.
/// - Debian's packaged 2.11 (`/usr/bin/todo-txt`, which `.ci/run` installs), for CI, which
///   cannot fetch upstream. Its known differences from HEAD are normalised in
///   ``TodoShDifferences``.
struct TodoShReference: Sendable {
    enum Release: Sendable, CustomStringConvertible {
        case head
        case debian211

        var description: String { self == .head ? "todo.sh HEAD" : "Debian todo.sh 2.11" }
    }

    var release: Release
    /// The executable, named `todo`.
    var program: String

    /// Upstream HEAD, when a copy of it can be found.
    static let upstream: TodoShReference? = {
        let environment = ProcessInfo.processInfo.environment
        guard let source = environment["TODOSH_UPSTREAM"].flatMap({ $0.isEmpty ? nil : $0 })
        else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
            return nil
        }
        let script: Data
        if isDirectory.boolValue {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", source, "show", "HEAD:todo.sh"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0, !data.isEmpty else { return nil }
            script = data
        } else {
            guard let data = FileManager.default.contents(atPath: source) else { return nil }
            script = data
        }
        guard let directory = try? TodoBinary.temporaryDirectory() else { return nil }
        let program = directory.appendingPathComponent("todo").path
        guard FileManager.default.createFile(atPath: program, contents: script),
            (try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: program)) != nil
        else { return nil }
        return TodoShReference(release: .head, program: program)
    }()

    /// Debian's todo.sh 2.11, when it is installed.
    static let debian: TodoShReference? = {
        let installed = "/usr/bin/todo-txt"
        guard FileManager.default.isExecutableFile(atPath: installed),
            let directory = try? TodoBinary.temporaryDirectory()
        else { return nil }
        let program = directory.appendingPathComponent("todo").path
        guard
            (try? FileManager.default.createSymbolicLink(
                atPath: program, withDestinationPath: installed)) != nil
        else { return nil }
        return TodoShReference(release: .debian211, program: program)
    }()
}
