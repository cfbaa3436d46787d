import TodoPlatform

/// `git sync`: commits the pending changes of the todo files, brings in the upstream branch
/// with the todo merge driver, and pushes.
///
/// It refuses, in one line and before doing anything, when git is missing, when the todo file
/// is not in a git work tree, on a detached `HEAD`, and while a merge, rebase, cherry-pick or
/// revert is in progress. It checks that the merge driver is set up (offering `git setup` at a
/// terminal). The commit comes first, so a conflict never leaves anything half-applied: git's
/// usual conflicted state remains, with one message saying how to finish or undo it.
struct GitSync {
    /// The run's context.
    let context: Context

    private func failure(_ message: String) -> CommandFailure {
        .die("\(context.program): git sync: \(message)")
    }

    /// Runs the sync; returns 0, or throws a one-line failure (status 1).
    func run() throws -> Int32 {
        let settings = context.settings
        let repository: GitRepository
        do {
            repository = try GitRepository.containing(
                settings.todoDirectory, variables: context.environment.variables)
        } catch .notInstalled {
            throw failure("git is not installed (no 'git' on PATH)")
        } catch {
            throw failure("\(settings.todoDirectory) is not in a git work tree")
        }
        let root = repository.root
        if let operation = repository.operationInProgress(storage: context.storage) {
            throw failure(
                "\(operation.what) is in progress in \(root); finish it (git \(operation.command) "
                    + "--continue) or abort it (git \(operation.command) --abort) first")
        }
        let head = repository.git(["symbolic-ref", "-q", "--short", "HEAD"])
        guard head.succeeded, !head.output.isEmpty else {
            throw failure("HEAD is detached in \(root); check out a branch first")
        }
        let branch = head.output
        let commit = TodoFilesCommit(
            repository: repository, settings: settings, storage: context.storage)
        let remote = repository.config("branch.\(branch).remote")
        let reference = repository.config("branch.\(branch).merge")
        // Only a pull needs the merge driver.
        if remote != nil && reference != nil {
            try checkDriver(repository, paths: commit.mergedPaths)
        }

        let message: String?
        do {
            message = try commit.commit()
        } catch {
            throw failure("git commit failed: \(error.message)")
        }
        if let message { context.console.line("committed \"\(message)\"") }

        guard let remote, let reference else {
            if message == nil { context.console.line("nothing to commit") }
            context.console.line(
                "no upstream branch for \(branch): nothing pulled or pushed "
                    + "(git push -u REMOTE \(branch) sets one)")
            return 0
        }
        let short = reference.hasPrefix("refs/heads/") ? String(reference.dropFirst(11)) : reference
        let target = Target(
            name: remote == "." ? short : "\(remote)/\(short)", remote: remote,
            reference: reference, rebase: rebases(repository, branch: branch))
        try fetch(target, repository)
        // A branch the remote does not have yet (a first sync after cloning an empty
        // repository) is pushed as it is.
        let exists = repository.objectID("@{upstream}") != nil
        if exists {
            try bringIn(target, repository, paths: commit.mergedPaths)
            if count(repository, "@{upstream}..HEAD") == 0 {
                if message == nil { context.console.line("nothing to commit or push") }
                return 0
            }
        }
        var push = pushOnce(target, repository)
        if !push.succeeded {
            // Someone pushed meanwhile: bring that in too, once, and push again.
            try fetch(target, repository)
            try bringIn(target, repository, paths: commit.mergedPaths)
            push = pushOnce(target, repository)
            guard push.succeeded else {
                throw failure("git push to \(target.name) failed: \(push.firstErrorLine)")
            }
        }
        context.console.line("pushed to \(target.name)")
        return 0
    }

    /// The upstream branch and how to reach it.
    private struct Target {
        /// `origin/main`.
        var name: String
        /// The remote (`.` for a local branch).
        var remote: String
        /// The branch on the remote (`refs/heads/main`).
        var reference: String
        /// Whether to rebase onto it (`pull.rebase`, `branch.NAME.rebase`) instead of merging.
        var rebase: Bool
    }

    /// Whether `git pull` would rebase this branch.
    private func rebases(_ repository: GitRepository, branch: String) -> Bool {
        let value =
            repository.config("branch.\(branch).rebase") ?? repository.config("pull.rebase")
            ?? "false"
        return !["false", "no", "off", "0", ""].contains(value.lowercased())
    }

    /// The number of commits in a `git rev-list` range.
    private func count(_ repository: GitRepository, _ range: String) -> Int {
        Int(repository.git(["rev-list", "--count", range]).output) ?? 0
    }

    /// Fetches from the upstream branch's remote.
    private func fetch(_ target: Target, _ repository: GitRepository) throws {
        guard target.remote != "." else { return }
        let fetch = repository.git(["fetch", "-q", target.remote])
        guard fetch.succeeded else {
            throw failure("git fetch \(target.remote) failed: \(fetch.firstErrorLine)")
        }
    }

    /// Merges or rebases onto the upstream branch, when it has anything new.
    private func bringIn(_ target: Target, _ repository: GitRepository, paths: [String]) throws {
        guard count(repository, "HEAD..@{upstream}") > 0 else {
            context.console.line("up to date with \(target.name)")
            return
        }
        let command = target.rebase ? "rebase" : "merge"
        let outcome =
            target.rebase
            ? repository.git(["rebase", "@{upstream}"])
            : repository.git(["merge", "--no-edit", "@{upstream}"])
        // The merge driver's lines: one per conflicting task and per note.
        let text = outcome.output + "\n" + outcome.errors
        // Progress lines end with a carriage return, so a driver line may follow one.
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
        where paths.contains(where: { line.hasPrefix($0 + ": ") }) {
            context.console.error(String(line))
        }
        guard outcome.succeeded else {
            guard repository.operationInProgress(storage: context.storage) != nil else {
                throw failure("git \(command) \(target.name) failed: \(outcome.firstErrorLine)")
            }
            let files = repository.conflictedFiles()
            let names = files.isEmpty ? "the files" : files.joined(separator: ", ")
            let finish = target.rebase ? "git rebase --continue" : "git commit"
            throw failure(
                "\(target.rebase ? "rebasing onto" : "merging") \(target.name) left a conflict in "
                    + "\(names); resolve it (\(context.program) edit, or an editor), then "
                    + "'git add \(files.isEmpty ? "FILE" : files.joined(separator: " "))' and "
                    + "'\(finish)', or undo it with 'git \(command) --abort'")
        }
        context.console.line(
            target.rebase ? "rebased onto \(target.name)" : "merged \(target.name)")
    }

    /// Pushes `HEAD` to the upstream branch.
    private func pushOnce(_ target: Target, _ repository: GitRepository) -> GitRepository.Outcome {
        repository.git(["push", "-q", target.remote, "HEAD:\(target.reference)"])
    }

    /// Checks that git merges the todo files with `todo merge` here; offers `git setup` at a
    /// terminal, refuses otherwise.
    private func checkDriver(_ repository: GitRepository, paths: [String]) throws {
        let driver = repository.config("merge.todotxt.driver") ?? ""
        let program = (try? ShellWords.split(driver))?.first ?? ""
        let attributes = repository.git(["check-attr", "merge", "--"] + paths).output
            .split(separator: "\n")
        let ready =
            !driver.isEmpty && ProcessState.isExecutable(program)
            && attributes.count == paths.count
            && attributes.allSatisfy { $0.hasSuffix(": merge: todotxt") }
        guard !ready else { return }
        let setup = "\(context.program) git setup"
        guard context.environment.inputIsTerminal else {
            throw failure(
                "git is not set up to merge the todo files with \(context.program) in "
                    + "\(repository.root); run '\(setup)' there first")
        }
        guard
            context.operations.confirm(
                "Git is not set up to merge the todo files task by task here. Run '\(setup)' now? (y/n) "
            )
        else {
            throw failure("not set up; run '\(setup)' first")
        }
        _ = try GitSetup(context: context).run(in: repository.root)
    }
}
