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
    var colours: [String: String] = ConfigFile.defaultColours
    /// The environment handed to add-ons and shell commands.
    var exported: [String: String] = [:]

    static let defaultSortCommand = "env LC_COLLATE=C sort -f -k2"

    /// The variables todo.sh captures from the environment before sourcing the config and
    /// re-applies afterwards, so that the environment beats the config for them.
    static let environmentWins = [
        "TODOTXT_AUTO_ARCHIVE", "TODOTXT_FORCE", "TODOTXT_PRESERVE_LINE_NUMBERS", "TODOTXT_PLAIN",
        "TODOTXT_DATE_ON_ADD", "TODOTXT_PRIORITY_ON_ADD", "TODOTXT_DISABLE_FILTER",
        "TODOTXT_VERBOSE", "TODOTXT_DEFAULT_ACTION", "TODOTXT_SORT_COMMAND",
        "TODOTXT_FINAL_FILTER", "TODOTXT_KEEP_PRIORITY",
    ]

    /// Why the configuration is unusable; the message is printed as it is, exit 1.
    struct Fatal: Error {
        var message: String
    }

    /// Resolves the settings of a run.
    static func resolve(options: Options, environment: Environment) throws(Fatal) -> Settings {
        let env = environment.variables
        let home = env["HOME"] ?? ""
        var settings = Settings()
        let storage = environment.storage

        // Where add-ons live, decided before the config runs (TodoShCompatibility.md §3.1).
        let xdg = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        if let dir = env["TODO_ACTIONS_DIR"], storage.directoryExists(dir) {
            settings.actionsDirectory = dir
        } else if storage.directoryExists(home + "/.todo/actions") {
            settings.actionsDirectory = home + "/.todo/actions"
        } else if storage.directoryExists(home + "/.todo.actions.d") {
            settings.actionsDirectory = home + "/.todo.actions.d"
        } else if storage.directoryExists(xdg + "/todo/actions") {
            settings.actionsDirectory = xdg + "/todo/actions"
        } else {
            settings.actionsDirectory = home + "/.todo/actions"
        }

        // The config file: the first that exists (TodoShCompatibility.md §3.1).
        var candidates: [String] = []
        if let file = options.configFile ?? env["TODOTXT_CFG_FILE"], !file.isEmpty {
            candidates.append(file)
        }
        let programDirectory = Path.directory(of: environment.programPath)
        candidates += [
            home + "/.todo/config", home + "/todo.cfg", home + "/.todo.cfg", xdg + "/todo/config",
            programDirectory + "/todo.cfg",
            env["TODOTXT_GLOBAL_CFG_FILE"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/todo/config",
        ]
        settings.configPath = candidates.first { storage.fileExists($0) }

        var shellEnvironment = env
        shellEnvironment["TODO_SH"] = Path.basename(environment.programPath)
        shellEnvironment["TODO_FULL_SH"] = environment.programPath
        shellEnvironment["TODO_ACTIONS_DIR"] = settings.actionsDirectory
        var variables = shellEnvironment
        var exportedNames = Set(shellEnvironment.keys)
        if let configPath = settings.configPath {
            do {
                let config = try ConfigFile.evaluate(configPath, environment: shellEnvironment)
                variables = config.variables
                exportedNames = config.exported
            } catch {
                throw Fatal(message: "Fatal Error: Cannot read configuration file \(configPath)")
            }
        } else {
            for (name, value) in ConfigFile.defaultColours where variables[name] == nil {
                variables[name] = value
            }
        }
        for name in environmentWins {
            if let value = env[name], !value.isEmpty { variables[name] = value }
        }
        func value(_ name: String) -> String? {
            guard let value = variables[name], !value.isEmpty else { return nil }
            return value
        }
        func flag(_ name: String, _ option: Bool?, default fallback: Bool) -> Bool {
            if let option { return option }
            guard let text = value(name) else { return fallback }
            return text == "1"
        }

        settings.force = flag("TODOTXT_FORCE", options.force, default: false)
        settings.autoArchive = flag("TODOTXT_AUTO_ARCHIVE", options.autoArchive, default: true)
        settings.preserveLineNumbers = flag(
            "TODOTXT_PRESERVE_LINE_NUMBERS", options.preserveLineNumbers, default: true)
        settings.dateOnAdd = flag("TODOTXT_DATE_ON_ADD", options.dateOnAdd, default: false)
        settings.disableFilter = flag(
            "TODOTXT_DISABLE_FILTER", options.disableFilter, default: false)
        settings.keepPriority = flag("TODOTXT_KEEP_PRIORITY", nil, default: false)
        let noColour = env["NO_COLOR"].map { !$0.isEmpty } ?? false
        settings.plain =
            flag("TODOTXT_PLAIN", options.plain, default: false)
            || (options.plain == nil && noColour)
        if let verbose = value("TODOTXT_VERBOSE"), let level = Int(verbose) {
            settings.verbosity = level
        } else {
            // todo.sh counts -v up from an unset variable, then defaults to 1.
            settings.verbosity = options.verbosity > 0 ? options.verbosity : 1
        }
        settings.priorityOnAdd = variables["TODOTXT_PRIORITY_ON_ADD"] ?? ""
        settings.defaultAction = value("TODOTXT_DEFAULT_ACTION") ?? ""
        settings.sortCommand = value("TODOTXT_SORT_COMMAND") ?? defaultSortCommand
        settings.finalFilter = value("TODOTXT_FINAL_FILTER") ?? "cat"
        settings.sourceVariable = value("TODOTXT_SOURCEVAR") ?? ""
        settings.sigilBefore = variables["TODOTXT_SIGIL_BEFORE_PATTERN"] ?? ""
        settings.sigilValid = value("TODOTXT_SIGIL_VALID_PATTERN") ?? ".*"
        settings.sigilAfter = variables["TODOTXT_SIGIL_AFTER_PATTERN"] ?? ""
        settings.sentenceDelimiters = variables["SENTENCE_DELIMITERS"] ?? ",.:;"
        settings.hideContexts = options.hideContexts
        settings.hideProjects = options.hideProjects
        settings.hidePriority = options.hidePriority
        settings.hideCustom = env["HIDE_CUSTOM_SUBSTITUTION"] ?? ""
        if let dir = value("TODO_ACTIONS_DIR") { settings.actionsDirectory = dir }

        var colours: [String: String] = [:]
        for (name, text) in variables
        where name.hasPrefix("PRI_") || name.hasPrefix("COLOR_") || name == "DEFAULT" {
            colours[name] = text
        }
        settings.colours = settings.plain ? [:] : colours

        // Where the files are.
        if let file = options.todoFile {
            settings.todoFile = Path.absolute(file, from: environment.currentDirectory)
            settings.todoDirectory = Path.directory(of: settings.todoFile)
        } else if settings.configPath != nil {
            settings.todoDirectory = value("TODO_DIR") ?? home
            settings.todoFile = value("TODO_FILE") ?? settings.todoDirectory + "/todo.txt"
        } else if let file = value("TODO_FILE") {
            settings.todoFile = file
            settings.todoDirectory = value("TODO_DIR") ?? Path.directory(of: file)
        } else if let dir = value("TODO_DIR") {
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
            (besideTodo ? nil : value("DONE_FILE")) ?? settings.todoDirectory + "/done.txt"
        settings.reportFile =
            (besideTodo ? nil : value("REPORT_FILE")) ?? settings.todoDirectory + "/report.txt"

        // What add-ons and shell commands see.
        var exported: [String: String] = [:]
        for name in exportedNames { if let text = variables[name] { exported[name] = text } }
        for (name, text) in variables where name.hasPrefix("TODOTXT_") { exported[name] = text }
        for (name, text) in colours { exported[name] = text }
        exported["TODO_DIR"] = settings.todoDirectory
        exported["TODO_FILE"] = settings.todoFile
        exported["DONE_FILE"] = settings.doneFile
        exported["REPORT_FILE"] = settings.reportFile
        exported["TODO_ACTIONS_DIR"] = settings.actionsDirectory
        exported["TODO_SH"] = Path.basename(environment.programPath)
        exported["TODO_FULL_SH"] = environment.programPath
        exported["TODOTXT_VERBOSE"] = String(settings.verbosity)
        exported["TODOTXT_PLAIN"] = settings.plain ? "1" : "0"
        exported["TODOTXT_FORCE"] = settings.force ? "1" : "0"
        exported["TODOTXT_AUTO_ARCHIVE"] = settings.autoArchive ? "1" : "0"
        exported["TODOTXT_PRESERVE_LINE_NUMBERS"] = settings.preserveLineNumbers ? "1" : "0"
        exported["TODOTXT_DATE_ON_ADD"] = settings.dateOnAdd ? "1" : "0"
        exported["TODOTXT_DISABLE_FILTER"] = settings.disableFilter ? "1" : ""
        exported["TODOTXT_SORT_COMMAND"] = settings.sortCommand
        exported["TODOTXT_FINAL_FILTER"] = settings.finalFilter
        exported["GREP_OPTIONS"] = ""
        settings.exported = exported
        return settings
    }
}

/// Path helpers on strings (no Foundation).
enum Path {
    /// The part after the last slash.
    static func basename(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        let rest = path[path.index(after: slash)...]
        return rest.isEmpty ? basename(String(path[..<slash])) : String(rest)
    }

    /// The part before the last slash: `.` without a slash, `/` for a top-level entry.
    static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let head = trimmed[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    /// `path` made absolute against `directory` when it is relative.
    static func absolute(_ path: String, from directory: String) -> String {
        path.hasPrefix("/") ? path : (directory == "/" ? "/" : directory + "/") + path
    }
}
