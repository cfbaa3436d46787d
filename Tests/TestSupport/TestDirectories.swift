import Foundation

/// New empty directories for tests that write files, all inside one directory of the test
/// process (`todo-tests-PID` in the system's temporary directory) that is removed, with
/// everything in it, when the process exits: a test run leaves nothing behind in the temporary
/// directory, even where a test hands its files to a store that outlives the test's own scope.
public enum TestDirectories {
    /// This process's directory, made on first use, when its removal at exit is arranged.
    public static let root: String = {
        let path = NSTemporaryDirectory() + "todo-tests-\(getpid())"
        // What an earlier process with the same number may have left.
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestDirectories.root) }
        return path
    }()

    /// A new empty directory whose name starts with `prefix` and a dash.
    public static func make(_ prefix: String) throws -> String {
        let path = root + "/" + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
