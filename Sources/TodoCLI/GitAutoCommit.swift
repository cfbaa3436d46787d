/// `TODOTXT_GIT_COMMIT=1`: after an action that writes the todo files, commit what it changed,
/// and only the todo files, with a message that counts the changes (`todo: complete 1`).
///
/// The change is already saved when this runs; a git failure (no git, no repository, a merge in
/// progress, a failing hook) is one warning line on standard error and leaves the exit status
/// alone.
struct GitAutoCommit {
    /// The run's context.
    let context: Context

    /// Commits, or warns.
    func run() {
        let warning = "\(context.program): warning: TODOTXT_GIT_COMMIT: "
        let repository: GitRepository
        do {
            repository = try GitRepository.containing(
                context.settings.todoDirectory, variables: context.environment.variables)
        } catch .notInstalled {
            context.console.error(warning + "git is not installed; the change is not committed")
            return
        } catch {
            context.console.error(
                warning + "\(context.settings.todoDirectory) is not in a git work tree; "
                    + "the change is not committed")
            return
        }
        let commit = TodoFilesCommit(
            repository: repository, settings: context.settings, storage: context.storage)
        do {
            _ = try commit.commit()
        } catch {
            context.console.error(
                warning + "git commit failed: \(error.message); the change is kept, not committed")
        }
    }
}
