import TodoMerge
import TodoStore

/// Commits the changes of the todo files, and only them, with a message that says what changed
/// task by task (`todo: add 2, complete 1, edit 1`): for `git sync` and `TODOTXT_GIT_COMMIT`.
///
/// The files are the todo file, the done file and, once it has content or is tracked, the
/// report file, each when it lies inside the repository. `git commit --only` commits their
/// work-tree content and leaves whatever else is staged as it was.
struct TodoFilesCommit {
    /// Why the commit failed: one line.
    struct Failure: Error {
        /// What went wrong.
        var message: String
    }

    /// The repository that holds the todo file.
    let repository: GitRepository
    /// The todo, done and report files (absolute paths).
    let settings: Settings
    /// Where the work-tree files are read.
    let storage: any TodoStorage

    /// The todo file's and the done file's paths relative to the top of the work tree (those
    /// inside it).
    var mergedPaths: [String] {
        [settings.todoFile, settings.doneFile].compactMap { repository.relativePath(of: $0) }
    }

    /// Commits what changed; returns the commit message, or `nil` when nothing did.
    func commit() throws(Failure) -> String? {
        let todo = repository.relativePath(of: settings.todoFile)
        let done = repository.relativePath(of: settings.doneFile)
        let report = repository.relativePath(of: settings.reportFile)
        var paths: [String] = []
        for path in [todo, done, report] {
            if let path, !paths.contains(path) { paths.append(path) }
        }
        guard !paths.isEmpty else { return nil }
        let status = repository.git(
            ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--"] + paths)
        guard status.succeeded else { throw Failure(message: status.firstErrorLine) }
        var changed: [String] = []
        var untracked: [String] = []
        for entry in status.bytes.split(separator: 0) where entry.count > 3 {
            let code = String(decoding: entry.prefix(2), as: UTF8.self)
            let path = String(decoding: entry.dropFirst(3), as: UTF8.self)
            guard paths.contains(path), !changed.contains(path) else { continue }
            if code == "??" {
                // An empty report file is todo.sh's placeholder, not a change.
                if path == report && path != todo && path != done
                    && ((try? storage.readBytes(settings.reportFile).isEmpty) ?? true)
                {
                    continue
                }
                untracked.append(path)
            }
            changed.append(path)
        }
        guard !changed.isEmpty else { return nil }
        let message = "todo: " + summary(changed: changed, todo: todo, done: done)
        if !untracked.isEmpty {
            let add = repository.git(["add", "--"] + untracked)
            guard add.succeeded else { throw Failure(message: add.firstErrorLine) }
        }
        let commit = repository.git(["commit", "-q", "--only", "-m", message, "--"] + changed)
        guard commit.succeeded else { throw Failure(message: commit.firstErrorLine) }
        return message
    }

    /// `add 2, complete 1` from the task-level difference between `HEAD` and the work tree;
    /// the changed files' names when no task changed (a reformatting, a report).
    private func summary(changed: [String], todo: String?, done: String?) -> String {
        func versions(_ path: String?, _ file: String) -> (old: [UInt8], new: [UInt8]) {
            guard let path else { return ([], []) }
            let new = (try? storage.readBytes(file)) ?? []
            return (repository.blob("HEAD", path), new)
        }
        let todoVersions = versions(todo, settings.todoFile)
        let doneVersions = versions(done, settings.doneFile)
        var parts: [String] = []
        let changes = TaskChanges(
            old: todoVersions.old, new: todoVersions.new, oldDone: doneVersions.old,
            newDone: doneVersions.new)
        if !changes.isEmpty { parts.append(changes.summary) }
        if let done, changed.contains(done), todo.map({ !changed.contains($0) }) ?? true {
            // Only the done file changed: its own tasks tell what happened.
            let own = TaskChanges(old: doneVersions.old, new: doneVersions.new)
            if !own.isEmpty { parts.append("done file: " + own.summary) }
        }
        let others = changed.filter { $0 != todo && $0 != done }
        if !others.isEmpty || parts.isEmpty {
            let names = (parts.isEmpty ? changed : others).map { Path.basename($0) }
            parts.append("update " + names.joined(separator: ", "))
        }
        return parts.joined(separator: ", ")
    }
}
