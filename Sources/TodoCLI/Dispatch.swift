import TodoPlatform
import TodoStore

extension Session {
    /// Chooses what runs, in todo.sh's order (TodoShCompatibility.md §1): `command ACTION`, an
    /// add-on in the actions directory, the default action, a built-in, else the usage text.
    func dispatch(_ words: [String]) throws -> Int32 {
        guard let first = words.first else {
            guard !settings.defaultAction.isEmpty else { throw usage() }
            // As todo.sh: an add-on named by the whole default action (in any case) runs with
            // no arguments at all; any other default action is read as a command line.
            if let addon = try addon(named: settings.defaultAction.lowercased()) {
                return runAddon(addon, arguments: [])
            }
            let defaultWords: [String]
            do {
                defaultWords = try ShellWords.split(settings.defaultAction)
            } catch {
                throw die("\(program): TODOTXT_DEFAULT_ACTION has an unterminated quote")
            }
            guard !defaultWords.isEmpty else { throw usage() }
            return try dispatch(defaultWords)
        }
        let action = first.lowercased()
        if CommandAction.names.contains(action) { return try runBuiltIn(words) }
        if let addon = try addon(named: action) {
            return runAddon(addon, arguments: words)
        }
        return try runBuiltIn(words)
    }

    /// Runs a built-in action; `words[0]` is its name in any case. The action parses its
    /// arguments before anything else happens; actions that write get their files first.
    func runBuiltIn(_ words: [String]) throws -> Int32 {
        guard let name = words.first, let type = ActionRegistry.named(name.lowercased()) else {
            guard let name = words.first, !name.isEmpty else { throw usage() }
            let known = ActionRegistry.all.flatMap { $0.names } + addons().map { $0.name }
            throw CommandFailure.usage(
                .unknownAction(
                    name, suggestion: ActionRegistry.closest(to: name.lowercased(), among: known)))
        }
        var cursor = ArgumentCursor(words)
        let action: any Action
        do {
            action = try type.init(&cursor)
        } catch {
            throw CommandFailure.usage(error)
        }
        if action.createsDataFiles { try createDataFiles() }
        // Record what the action changes in the todo file, done.txt and the other files it
        // names, for `undo`, even when it fails after writing.
        var context = Context(session: self)
        var recorder: RecordingStorage?
        if type.writesFiles, type != UndoAction.self, settings.history {
            let watching = RecordingStorage(
                storage,
                watching: [settings.todoFile, settings.doneFile] + action.otherFiles(settings))
            var world = environment
            world.storage = watching
            context = Context(
                session: Session(environment: world, settings: settings, options: options, now: now)
            )
            recorder = watching
        }
        defer {
            if let recorder {
                record(command: words, changes: recorder.changes, spans: recorder.spans)
            }
        }
        guard type.writesFiles, settings.gitCommit else { return try action.run(in: context) }
        let status: Int32
        do {
            status = try action.run(in: context)
        } catch {
            GitAutoCommit(context: context).run()
            throw error
        }
        GitAutoCommit(context: context).run()
        return status
    }

    /// Runs `archive` as todo.sh's `do` and `report` do: through dispatch, so that an `archive`
    /// add-on takes over.
    func runArchiveAction() throws -> Int32 {
        if let addon = try addon(named: "archive") {
            return runAddon(addon, arguments: ["archive"])
        }
        return try ArchiveAction(words: ["archive"]).run(in: Context(session: self))
    }

    /// What stands where the add-on `action` would be.
    enum AddonLookup {
        case none
        case executable(String)
        case brokenLink(String)
    }

    /// Looks for `ACTION/ACTION`, then `ACTION`, in the actions directory; a file that is not
    /// executable does not count, a symbolic link to nothing does.
    func lookUpAddon(_ action: String) -> AddonLookup {
        guard !action.isEmpty, !action.contains("/") else { return .none }
        let directory = settings.actionsDirectory
        for path in [directory + "/" + action + "/" + action, directory + "/" + action] {
            guard var info = try? FileSystem.live.statusOfPath(path, false) else { continue }
            if info.kind == .symbolicLink {
                guard let target = try? FileSystem.live.statusOfPath(path, true) else {
                    return .brokenLink(path)
                }
                info = target
            }
            if info.kind == .regular && ProcessState.isExecutable(path) {
                return .executable(path)
            }
        }
        return .none
    }

    /// The executable add-on for `action`, if there is one.
    ///
    /// - Throws: when a broken symbolic link stands where the add-on would be.
    func addon(named action: String) throws -> String? {
        switch lookUpAddon(action) {
        case .none: return nil
        case .executable(let path): return path
        case .brokenLink(let path):
            throw die("Fatal Error: Broken link to custom action: '\(path)'")
        }
    }

    /// The add-ons of the actions directory, in glob order: `(name, path)`.
    func addons() -> [(name: String, path: String)] {
        let directory = settings.actionsDirectory
        guard let names = try? storage.directoryEntries(directory) else { return [] }
        return names.compactMap { name in
            guard !name.hasPrefix("."), case .executable(let path) = lookUpAddon(name) else {
                return nil
            }
            return (name, path)
        }
    }

    /// Runs an add-on with the original arguments and the documented environment; its exit
    /// status becomes ours.
    func runAddon(_ path: String, arguments: [String]) -> Int32 {
        console.flush()
        let capture = environment.console.isCapturing
        let outcome = Subprocess.runCommand(
            [path] + arguments, environment: settings.exported, captureOutput: capture,
            captureErrors: capture)
        if capture {
            console.write(outcome.output)
            if !outcome.errors.isEmpty {
                console.error(
                    String(
                        decoding: outcome.errors.dropLast(outcome.errors.last == 0x0A ? 1 : 0),
                        as: UTF8.self))
            }
        }
        return outcome.status
    }
}
