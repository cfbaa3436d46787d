import TodoStore

/// The configuration of one run, resolved from options, environment, config file and defaults
/// with todo.sh's precedence: option > environment > config > default (TodoShCompatibility.md §3).
struct Settings {
    var todoDirectory = ""
    var todoFile = ""
    var doneFile = ""
    var reportFile = ""
    var actionsDirectory = ""
    /// Whether a config file was read (otherwise built-in defaults apply).
    var configPath: String?
    var verbosity = 1
    var plain = false
    var force = false
    var preserveLineNumbers = true
    var autoArchive = true
    var dateOnAdd = false
    var priorityOnAdd = ""
    var keepPriority = false
    /// Whether relative `due:`/`t:` values in typed text become dates (`TODOTXT_RELATIVE_DATES`).
    var relativeDates = true
    /// Whether writing commands are recorded for `undo` (`TODOTXT_HISTORY`).
    var history = true
    /// `TODOTXT_GIT_COMMIT=1`: each writing action commits its change to git.
    var gitCommit = false
    var defaultAction = ""
    var sortCommand = Settings.defaultSortCommand
    var finalFilter = "cat"
    var disableFilter = false
    var sourceVariable = ""
    var sigilBefore = ""
    var sigilValid = ".*"
    var sigilAfter = ""
    var sentenceDelimiters = ",.:;"
    var hideContexts = false
    var hideProjects = false
    var hidePriority = false
    var hideCustom = ""
    /// Colour variables (PRI_A ... PRI_Z, PRI_X, COLOR_*, DEFAULT) as written in the config.
    var colours: [String: String] = [:]
    /// The shell variables after the config, with the file locations: what ``exported``
    /// is made from.
    var shell = ShellVariables()

    /// The environment handed to add-ons and shell commands, made when one is run (most runs
    /// start none).
    var exported: [String: String] { shell.environment }

    static let defaultSortCommand = "env LC_COLLATE=C sort -f -k2"

    /// The variables todo.sh captures from the environment before sourcing the config and
    /// re-applies afterwards, so that the environment beats the config for them.
    static let environmentWins = [
        "TODOTXT_AUTO_ARCHIVE", "TODOTXT_FORCE", "TODOTXT_PRESERVE_LINE_NUMBERS", "TODOTXT_PLAIN",
        "TODOTXT_DATE_ON_ADD", "TODOTXT_PRIORITY_ON_ADD", "TODOTXT_DISABLE_FILTER",
        "TODOTXT_VERBOSE", "TODOTXT_DEFAULT_ACTION", "TODOTXT_SORT_COMMAND",
        "TODOTXT_FINAL_FILTER", "TODOTXT_KEEP_PRIORITY", "TODOTXT_GIT_COMMIT",
    ]

    /// Why the run stops before any action: `message` (if any) on standard error, then
    /// `status`.
    struct Fatal: Error {
        /// The line to print; `nil` for a config that ran `exit`, which ends silently.
        var message: String?
        /// The exit status.
        var status: Int32 = 1
    }

    /// The defaults todo.sh gives its variables before it reads the config, so that a
    /// config's `: ${TODOTXT_DATE_ON_ADD:=1}` finds them set and changes nothing.
    static let variableDefaults: [(String, String)] = [
        ("TODOTXT_VERBOSE", "1"), ("TODOTXT_PLAIN", "0"), ("TODOTXT_FORCE", "0"),
        ("TODOTXT_PRESERVE_LINE_NUMBERS", "1"), ("TODOTXT_AUTO_ARCHIVE", "1"),
        ("TODOTXT_DATE_ON_ADD", "0"), ("TODOTXT_PRIORITY_ON_ADD", ""),
        ("TODOTXT_DEFAULT_ACTION", ""), ("TODOTXT_SORT_COMMAND", defaultSortCommand),
        ("TODOTXT_DISABLE_FILTER", ""), ("TODOTXT_FINAL_FILTER", "cat"),
        ("TODOTXT_GLOBAL_CFG_FILE", "/etc/todo/config"), ("TODOTXT_SIGIL_BEFORE_PATTERN", ""),
        ("TODOTXT_SIGIL_VALID_PATTERN", ".*"), ("TODOTXT_SIGIL_AFTER_PATTERN", ""),
    ]

    /// The colour names and default colours todo.sh exports before it reads the config
    /// (escape sequences written as `\\033`, which the painter turns into ESC).
    /// Written out rather than built from the codes: this list is read on every run, and
    /// building it (a dictionary to look the priority colours up in) cost more than the rest
    /// of the settings.
    static let colourDefaults: [(String, String)] = [
        ("NONE", ""), ("BLACK", #"\\033[0;30m"#), ("RED", #"\\033[0;31m"#),
        ("GREEN", #"\\033[0;32m"#), ("BROWN", #"\\033[0;33m"#), ("BLUE", #"\\033[0;34m"#),
        ("PURPLE", #"\\033[0;35m"#), ("CYAN", #"\\033[0;36m"#),
        ("LIGHT_GREY", #"\\033[0;37m"#), ("DARK_GREY", #"\\033[1;30m"#),
        ("LIGHT_RED", #"\\033[1;31m"#), ("LIGHT_GREEN", #"\\033[1;32m"#),
        ("YELLOW", #"\\033[1;33m"#), ("LIGHT_BLUE", #"\\033[1;34m"#),
        ("LIGHT_PURPLE", #"\\033[1;35m"#), ("LIGHT_CYAN", #"\\033[1;36m"#),
        ("WHITE", #"\\033[1;37m"#), ("DEFAULT", #"\\033[0m"#),
        ("PRI_A", #"\\033[1;33m"#), ("PRI_B", #"\\033[0;32m"#), ("PRI_C", #"\\033[1;34m"#),
        ("PRI_X", #"\\033[1;37m"#), ("COLOR_PROJECT", ""), ("COLOR_CONTEXT", ""),
        ("COLOR_DATE", ""), ("COLOR_NUMBER", ""), ("COLOR_META", ""),
        ("COLOR_DONE", #"\\033[0;37m"#),
    ]

    /// The colour variables `-p` empties besides every `PRI_*`.
    static let plainEmptied = [
        "PRI_X", "DEFAULT", "COLOR_DONE", "COLOR_PROJECT", "COLOR_CONTEXT", "COLOR_DATE",
        "COLOR_NUMBER", "COLOR_META",
    ]

    /// The shell variables todo.sh holds when it sources the config: the environment, then
    /// its options and defaults, in its order (TodoShCompatibility.md §3).
    ///
    /// - Returns: the variables, and the values from the environment and the options that
    ///   todo.sh applies again after the config.
    static func beforeConfig(
        options: Options, environment: Environment
    ) -> (variables: ShellVariables, overrides: [String: String]) {
        let env = environment.variables
        var shell = ShellVariables(environment: env)
        shell.export("TODO_SH", Path.basename(environment.programPath))
        shell.export("TODO_FULL_SH", environment.programPath)
        var overrides: [String: String] = [:]
        // The environment is short: its few TODOTXT_ names are looked for in the list, rather
        // than every name of the list hashed and looked for in the environment.
        for (name, value) in env
        where !value.isEmpty && name.hasBytePrefix("TODOTXT_") && environmentWins.contains(name) {
            overrides[name] = value
        }
        shell.export("GREP_OPTIONS", "")

        func toggle(_ count: Int, _ name: String, _ pattern: String) {
            guard count > 0 else { return }
            if count % 2 == 1 { shell.export(name, pattern) } else { shell.unset(name) }
        }
        toggle(
            options.contextToggles, "HIDE_CONTEXTS_SUBSTITUTION", #"[[:space:]]@[[:graph:]]\{1,\}"#)
        toggle(
            options.projectToggles, "HIDE_PROJECTS_SUBSTITUTION",
            #"[[:space:]][+][[:graph:]]\{1,\}"#)
        toggle(options.priorityToggles, "HIDE_PRIORITY_SUBSTITUTION", "([A-Z])[[:space:]]")
        func override(_ name: String, _ option: Bool?, on: String = "1", off: String = "0") {
            if let option { overrides[name] = option ? on : off }
        }
        override("TODOTXT_AUTO_ARCHIVE", options.autoArchive)
        override("TODOTXT_FORCE", options.force)
        override("TODOTXT_PLAIN", options.plain)
        override("TODOTXT_PRESERVE_LINE_NUMBERS", options.preserveLineNumbers)
        override("TODOTXT_DATE_ON_ADD", options.dateOnAdd)
        override("TODOTXT_DISABLE_FILTER", options.disableFilter)
        if let file = options.configFile { shell["TODOTXT_CFG_FILE"] = file }
        if options.verbosity > 0 {
            // `-v` counts up from the environment's value, as bash's $(( VAR++ )) does.
            let start = shell["TODOTXT_VERBOSE"].flatMap { Int($0) } ?? 0
            shell["TODOTXT_VERBOSE"] = String(start + options.verbosity)
        }
        for (name, value) in variableDefaults { shell.setDefault(name, value) }
        shell.exportSet(prefix: "TODOTXT_")
        for (name, value) in colourDefaults { shell.export(name, value) }
        shell.export("SENTENCE_DELIMITERS", ",.:;")
        return (shell, overrides)
    }

    /// Resolves the settings of a run: todo.sh's start-up up to the choice of the action.
    static func resolve(options: Options, environment: Environment) throws(Fatal) -> Settings {
        let env = environment.variables
        let home = env["HOME"] ?? ""
        var settings = Settings()
        let storage = environment.storage
        var (shell, overrides) = beforeConfig(options: options, environment: environment)

        // The config file: the first that exists (TodoShCompatibility.md §3.1).
        let xdg = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        func exists(_ path: String) -> Bool {
            !path.isEmpty && (storage.fileExists(path) || storage.directoryExists(path))
        }
        let named = shell.nonEmpty("TODOTXT_CFG_FILE")
        if let named, exists(named) {
            settings.configPath = named
        } else {
            let global = shell["TODOTXT_GLOBAL_CFG_FILE"] ?? ""
            var candidates = [
                home + "/.todo/config", home + "/todo.cfg", home + "/.todo.cfg",
                xdg + "/todo/config", Path.directory(of: environment.programPath) + "/todo.cfg",
                global,
            ]
            // Debian's and Ubuntu's todo.sh reads its own global config.
            if global == "/etc/todo/config" { candidates.append("/etc/todo-txt/config") }
            if let found = candidates.first(where: exists) {
                settings.configPath = found
                shell["TODOTXT_CFG_FILE"] = found
            }
        }

        // Where add-ons live, decided before the config runs (TodoShCompatibility.md §3.1).
        if !(shell.nonEmpty("TODO_ACTIONS_DIR").map(storage.directoryExists) ?? false) {
            shell.export("TODO_ACTIONS_DIR", home + "/.todo/actions")
        }
        if !storage.directoryExists(shell["TODO_ACTIONS_DIR"] ?? "") {
            for alternative in [home + "/.todo.actions.d", xdg + "/todo/actions"]
            where storage.directoryExists(alternative) {
                shell["TODO_ACTIONS_DIR"] = alternative
                break
            }
        }

        if let configPath = settings.configPath {
            do {
                let outcome = try ConfigFile.source(
                    configPath, variables: shell, arguments: options.words,
                    programPath: environment.programPath, storage: storage,
                    console: environment.console)
                switch outcome {
                case .variables(let variables): shell = variables
                case .exited(let status): throw Fatal(message: nil, status: status)
                }
            } catch let fatal as Fatal {
                throw fatal
            } catch {
                throw Fatal(message: "Fatal Error: Cannot read configuration file \(configPath)")
            }
        } else if let named {
            throw Fatal(message: "Fatal Error: Cannot read configuration file \(named)")
        }
        for (name, value) in overrides { shell[name] = value }

        func flag(_ name: String, default fallback: Bool) -> Bool {
            guard let text = shell.nonEmpty(name) else { return fallback }
            return text == "1"
        }
        // todo.sh tests these two against 0 (`[ "$TODOTXT_FORCE" = 0 ] || return 0`): any other
        // value, `yes` or a config's empty one included, means force, or keep the line numbers;
        // auto-archive runs only on exactly 1.
        settings.force = (shell["TODOTXT_FORCE"] ?? "") != "0"
        settings.preserveLineNumbers = (shell["TODOTXT_PRESERVE_LINE_NUMBERS"] ?? "") != "0"
        settings.autoArchive = shell["TODOTXT_AUTO_ARCHIVE"] == "1"
        settings.dateOnAdd = flag("TODOTXT_DATE_ON_ADD", default: false)
        settings.disableFilter = flag("TODOTXT_DISABLE_FILTER", default: false)
        settings.keepPriority = flag("TODOTXT_KEEP_PRIORITY", default: false)
        settings.relativeDates = shell.nonEmpty("TODOTXT_RELATIVE_DATES") != "0"
        settings.history = shell.nonEmpty("TODOTXT_HISTORY") != "0"
        settings.gitCommit = flag("TODOTXT_GIT_COMMIT", default: false)
        let noColour = env["NO_COLOR"].map { !$0.isEmpty } ?? false
        settings.plain =
            flag("TODOTXT_PLAIN", default: false) || (options.plain == nil && noColour)
        settings.verbosity = shell.nonEmpty("TODOTXT_VERBOSE").flatMap { Int($0) } ?? 1
        settings.priorityOnAdd = shell["TODOTXT_PRIORITY_ON_ADD"] ?? ""
        settings.defaultAction = shell.nonEmpty("TODOTXT_DEFAULT_ACTION") ?? ""
        settings.sortCommand = shell.nonEmpty("TODOTXT_SORT_COMMAND") ?? defaultSortCommand
        settings.finalFilter = shell.nonEmpty("TODOTXT_FINAL_FILTER") ?? "cat"
        settings.sourceVariable = shell.nonEmpty("TODOTXT_SOURCEVAR") ?? ""
        settings.sigilBefore = shell["TODOTXT_SIGIL_BEFORE_PATTERN"] ?? ""
        settings.sigilValid = shell.nonEmpty("TODOTXT_SIGIL_VALID_PATTERN") ?? ".*"
        settings.sigilAfter = shell["TODOTXT_SIGIL_AFTER_PATTERN"] ?? ""
        settings.sentenceDelimiters = shell["SENTENCE_DELIMITERS"] ?? ""
        settings.hideContexts = shell.nonEmpty("HIDE_CONTEXTS_SUBSTITUTION") != nil
        settings.hideProjects = shell.nonEmpty("HIDE_PROJECTS_SUBSTITUTION") != nil
        settings.hidePriority = shell.nonEmpty("HIDE_PRIORITY_SUBSTITUTION") != nil
        settings.hideCustom = shell["HIDE_CUSTOM_SUBSTITUTION"] ?? ""
        settings.actionsDirectory = shell["TODO_ACTIONS_DIR"] ?? home + "/.todo/actions"

        // Where the files are.
        if let file = options.todoFile {
            settings.todoFile = Path.absolute(file, from: environment.currentDirectory)
            settings.todoDirectory = Path.directory(of: settings.todoFile)
        } else if settings.configPath != nil {
            settings.todoDirectory = shell.nonEmpty("TODO_DIR") ?? home
            settings.todoFile = shell.nonEmpty("TODO_FILE") ?? settings.todoDirectory + "/todo.txt"
        } else if let file = shell.nonEmpty("TODO_FILE") {
            settings.todoFile = file
            settings.todoDirectory = shell.nonEmpty("TODO_DIR") ?? Path.directory(of: file)
        } else if let dir = shell.nonEmpty("TODO_DIR") {
            settings.todoDirectory = dir
            settings.todoFile = dir + "/todo.txt"
        } else {
            var directory = environment.currentDirectory
            var found: String?
            while true {
                if storage.fileExists(directory + (directory == "/" ? "" : "/") + "todo.txt") {
                    found = directory + (directory == "/" ? "" : "/") + "todo.txt"
                    break
                }
                let parent = Path.directory(of: directory)
                if parent == directory { break }
                directory = parent
            }
            settings.todoFile = found ?? home + "/todo.txt"
            settings.todoDirectory = Path.directory(of: settings.todoFile)
        }
        let besideTodo = options.todoFile != nil
        settings.doneFile =
            (besideTodo ? nil : shell.nonEmpty("DONE_FILE")) ?? settings.todoDirectory + "/done.txt"
        settings.reportFile =
            (besideTodo ? nil : shell.nonEmpty("REPORT_FILE"))
            ?? settings.todoDirectory + "/report.txt"

        // The colours, emptied by -p and by hiding.
        if settings.plain {
            shell.exportSet(prefix: "PRI_", value: "")
            for name in plainEmptied { shell[name] = "" }
        }
        if settings.hideProjects { shell["COLOR_PROJECT"] = "" }
        if settings.hideContexts { shell["COLOR_CONTEXT"] = "" }
        if !settings.plain {
            for (name, entry) in shell.entries
            where name.hasBytePrefix("PRI_") || name.hasBytePrefix("COLOR_")
                || name == "DEFAULT"
            {
                if let text = entry.value { settings.colours[name] = text }
            }
        }

        // What add-ons and shell commands see: what todo.sh exports, and the file locations.
        shell.export("TODO_DIR", settings.todoDirectory)
        shell.export("TODO_FILE", settings.todoFile)
        shell.export("DONE_FILE", settings.doneFile)
        shell.export("REPORT_FILE", settings.reportFile)
        settings.shell = shell
        return settings
    }
}

/// Path helpers on strings (no Foundation). They look at the bytes: a `/` is one byte in
/// UTF-8 and never part of another character, and Character-wise searches cost several times
/// more on every run's start-up.
enum Path {
    /// The part after the last slash.
    static func basename(_ path: String) -> String {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: slashByte) else { return path }
        let rest = bytes[bytes.index(after: slash)...]
        return rest.isEmpty
            ? basename(String(Substring(bytes[..<slash]))) : String(Substring(rest))
    }

    /// The part before the last slash: `.` without a slash, `/` for a top-level entry.
    static func directory(of path: String) -> String {
        var trimmed = Substring(path).utf8
        while trimmed.count > 1 && trimmed.last == slashByte { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: slashByte) else { return "." }
        let head = trimmed[..<slash]
        return head.isEmpty ? "/" : String(Substring(head))
    }

    /// `path` made absolute against `directory` when it is relative.
    static func absolute(_ path: String, from directory: String) -> String {
        path.utf8.first == slashByte ? path : (directory == "/" ? "/" : directory + "/") + path
    }

    /// `/` in UTF-8.
    private static let slashByte = UInt8(ascii: "/")
}
