import TodoPlatform
import TodoStore

/// The built-in actions: each name, its aliases, and the method that runs it.
struct BuiltIn: Sendable {
    let names: [String]
    /// Whether the action writes the todo files: they are created first when missing, as
    /// todo.sh creates them. Listing actions create nothing and read a missing file as empty.
    let usesFiles: Bool
    let run: @Sendable (Session, [String]) throws -> Int32

    static let all: [BuiltIn] = [
        BuiltIn(names: ["add", "a"], usesFiles: true) { try $0.add($1) },
        BuiltIn(names: ["addm"], usesFiles: true) { try $0.addMultiple($1) },
        BuiltIn(names: ["addto"], usesFiles: true) { try $0.addTo($1) },
        BuiltIn(names: ["append", "app"], usesFiles: true) { try $0.append($1) },
        BuiltIn(names: ["archive"], usesFiles: true) { try $0.archive($1) },
        BuiltIn(names: ["deduplicate"], usesFiles: true) { try $0.deduplicate($1) },
        BuiltIn(names: ["del", "rm"], usesFiles: true) { try $0.delete($1) },
        BuiltIn(names: ["depri", "dp"], usesFiles: true) { try $0.deprioritize($1) },
        BuiltIn(names: ["do", "done"], usesFiles: true) { try $0.markDone($1) },
        BuiltIn(names: ["help"], usesFiles: false) { try $0.help($1) },
        BuiltIn(names: ["list", "ls"], usesFiles: false) { try $0.list($1) },
        BuiltIn(names: ["listall", "lsa"], usesFiles: false) { try $0.listAll($1) },
        BuiltIn(names: ["listaddons"], usesFiles: false) { try $0.listAddons($1) },
        BuiltIn(names: ["listcon", "lsc"], usesFiles: false) { try $0.listWords($1, sigil: 0x40) },
        BuiltIn(names: ["listfile", "lf"], usesFiles: false) { try $0.listFile($1) },
        BuiltIn(names: ["listpri", "lsp"], usesFiles: false) { try $0.listPriority($1) },
        BuiltIn(names: ["listproj", "lsprj"], usesFiles: false) {
            try $0.listWords($1, sigil: 0x2B)
        },
        BuiltIn(names: ["move", "mv"], usesFiles: true) { try $0.move($1) },
        BuiltIn(names: ["prepend", "prep"], usesFiles: true) { try $0.prepend($1) },
        BuiltIn(names: ["pri", "p"], usesFiles: true) { try $0.prioritize($1) },
        BuiltIn(names: ["replace"], usesFiles: true) { try $0.replace($1) },
        BuiltIn(names: ["report"], usesFiles: true) { try $0.report($1) },
        BuiltIn(names: ["shorthelp"], usesFiles: false) { session, _ in
            try session.shortHelp()
            return 0
        },
        BuiltIn(names: ["export"], usesFiles: false) { try $0.export($1) },
        BuiltIn(names: ["query", "q"], usesFiles: false) { try $0.query($1) },
        BuiltIn(names: ["merge"], usesFiles: false) { try $0.mergeFiles($1) },
        BuiltIn(names: ["git"], usesFiles: false) { try $0.gitCommand($1) },
        BuiltIn(names: ["edit"], usesFiles: true) { try $0.edit($1) },
        BuiltIn(names: ["check"], usesFiles: false) { try $0.check($1) },
        BuiltIn(names: ["completion"], usesFiles: false) { try $0.completion($1) },
    ]

    static func named(_ name: String) -> BuiltIn? {
        all.first { $0.names.contains(name) }
    }
}

extension Session {
    /// Chooses what runs, in todo.sh's order (todo-sh.md §1): `command ACTION`, an add-on in
    /// the actions directory, the default action, a built-in, else the usage text.
    func dispatch(_ words: [String]) throws -> Int32 {
        guard let first = words.first else {
            guard !settings.defaultAction.isEmpty else { throw usage() }
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
        if action == "command" {
            guard words.count > 1 else { throw usage() }
            return try runBuiltIn(Array(words.dropFirst()))
        }
        if let addon = try addon(named: action) {
            return runAddon(addon, arguments: words)
        }
        return try runBuiltIn(words)
    }

    /// Runs a built-in action; `words[0]` is its name in any case.
    func runBuiltIn(_ words: [String]) throws -> Int32 {
        guard let name = words.first, let builtIn = BuiltIn.named(name.lowercased()) else {
            throw usage()
        }
        if builtIn.usesFiles { try createDataFiles() }
        return try builtIn.run(self, words)
    }

    /// Runs `archive` as todo.sh's `do` and `report` do: through dispatch, so that an `archive`
    /// add-on takes over.
    func runArchiveAction() throws -> Int32 {
        if let addon = try addon(named: "archive") {
            return runAddon(addon, arguments: ["archive"])
        }
        return try archive(["archive"])
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
        let outcome = Subprocess.run(
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
