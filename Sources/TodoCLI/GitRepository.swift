import TodoMerge
import TodoPlatform
import TodoStore

/// A git work tree that `todo` runs git in: the repository that holds the todo file, for
/// `git sync`, `TODOTXT_GIT_COMMIT` and the merge driver's look at the commits being merged.
struct GitRepository {
    /// Why there is no repository to work in.
    enum Problem: Error, Equatable {
        /// No `git` program on `PATH`.
        case notInstalled
        /// The directory is not inside a git work tree.
        case notARepository(String)
    }

    /// What one git run left behind.
    struct Outcome {
        /// Its exit status.
        var status: Int32
        /// Its standard output.
        var bytes: [UInt8]
        /// Its standard error, without the final newline.
        var errors: String

        /// Standard output as text, without final newlines.
        var output: String {
            var text = String(decoding: bytes, as: UTF8.self)
            while text.hasSuffix("\n") { text.removeLast() }
            return text
        }

        /// Whether git succeeded.
        var succeeded: Bool { status == 0 }

        /// The first line of standard error (or of standard output), for a one-line message.
        var firstErrorLine: String {
            let text = errors.isEmpty ? output : errors
            let lines = text.split(separator: "\n").map {
                $0.trimmingPrefix("fatal: ").trimmingPrefix("error: ")
            }
            return lines.first { !$0.hasPrefix("hint:") }.map(String.init)
                ?? "exit status \(status)"
        }
    }

    /// The git program's absolute path.
    let program: String
    /// The top of the work tree (a real path).
    let root: String
    /// This work tree's git directory (absolute), where git keeps the state of a merge or
    /// rebase in progress.
    let gitDirectory: String
    /// The variables git runs with.
    let variables: [String: String]

    /// The git program found on `PATH`, if any.
    static func findProgram(variables: [String: String]) -> String? {
        for directory in (variables["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/git"
            if ProcessState.isExecutable(String(candidate)) { return String(candidate) }
        }
        return nil
    }

    /// The work tree that contains `directory`.
    static func containing(
        _ directory: String, variables: [String: String]
    ) throws(Problem) -> GitRepository {
        guard let program = findProgram(variables: variables) else { throw .notInstalled }
        let paths = run(
            program, ["-C", directory, "rev-parse", "--show-toplevel", "--absolute-git-dir"],
            variables
        )
        let lines = paths.output.split(separator: "\n").map(String.init)
        guard paths.succeeded, lines.count == 2 else { throw .notARepository(directory) }
        return GitRepository(
            program: program, root: lines[0], gitDirectory: lines[1], variables: variables)
    }

    private static func run(
        _ program: String, _ arguments: [String], _ variables: [String: String],
        input: [UInt8]? = nil
    ) -> Outcome {
        let outcome = Subprocess.run(
            [program] + arguments, environment: variables, input: input, captureOutput: true,
            captureErrors: true)
        var errors = String(decoding: outcome.errors, as: UTF8.self)
        while errors.hasSuffix("\n") { errors.removeLast() }
        return Outcome(status: outcome.status, bytes: outcome.output, errors: errors)
    }

    /// Runs `git ARGUMENTS` at the top of the work tree, pathspecs taken literally.
    @discardableResult
    func git(_ arguments: [String], input: [UInt8]? = nil) -> Outcome {
        GitRepository.run(
            program, ["-C", root, "--literal-pathspecs"] + arguments, variables, input: input)
    }

    /// The path of `path` relative to the top of the work tree, or `nil` when it lies outside.
    func relativePath(of path: String) -> String? {
        let directory = Path.directory(of: path)
        let real = (try? FileSystem.live.realPath(directory)) ?? directory
        let name = Path.basename(path)
        if real == root { return name }
        guard real.hasPrefix(root + "/") else { return nil }
        return String(real.dropFirst(root.count + 1)) + "/" + name
    }

    /// The object id `spec` names (`HEAD`, `HEAD:todo.txt`), if it exists.
    func objectID(_ spec: String) -> String? {
        let outcome = git(["rev-parse", "-q", "--verify", spec])
        return outcome.succeeded && !outcome.output.isEmpty ? outcome.output : nil
    }

    /// The bytes of the file `path` in `commit`; empty when it has no such file.
    func blob(_ commit: String, _ path: String) -> [UInt8] {
        let outcome = git(["cat-file", "blob", "\(commit):\(path)"])
        return outcome.succeeded ? outcome.bytes : []
    }

    /// The absolute path of `name` inside the git directory (`MERGE_HEAD`, `rebase-merge`).
    func gitPath(_ name: String) -> String {
        gitDirectory + "/" + name
    }

    /// The operation git has stopped in the middle of, as a phrase with the command that
    /// finishes or abandons it, or `nil` when none is.
    func operationInProgress(storage: any TodoStorage) -> (what: String, command: String)? {
        if storage.directoryExists(gitPath("rebase-merge"))
            || storage.directoryExists(gitPath("rebase-apply"))
        {
            return ("a rebase", "rebase")
        }
        let states = [
            ("MERGE_HEAD", "a merge", "merge"),
            ("CHERRY_PICK_HEAD", "a cherry-pick", "cherry-pick"),
            ("REVERT_HEAD", "a revert", "revert"),
        ]
        for (file, what, command) in states where storage.fileExists(gitPath(file)) {
            return (what, command)
        }
        return nil
    }

    /// The files with unresolved conflicts, relative to the top.
    func conflictedFiles() -> [String] {
        git(["diff", "--name-only", "--diff-filter=U"]).output.split(separator: "\n").map(
            String.init)
    }

    /// The value of a git configuration key, if set.
    func config(_ key: String) -> String? {
        let outcome = git(["config", "--get", key])
        return outcome.succeeded ? outcome.output : nil
    }
}
