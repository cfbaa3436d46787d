import TodoPlatform

/// The help texts (our own words): the options and variables, and the blocks of the actions
/// (declared by each action type) that `help ACTION` prints one at a time.
enum Help {
    /// One action's help: its synopsis lines (one per name) and its explanation.
    struct Block {
        let synopses: [String]
        let lines: [String]
    }

    /// The blocks of the built-in actions, in the registry's order.
    static let blocks: [Block] = ActionRegistry.all.map {
        Block(synopses: $0.synopses, lines: $0.help)
    }

    static let options: [String] = [
        "    -@        Hide @contexts in listings (twice: show them again).",
        "    -+        Hide +projects in listings (twice: show them again).",
        "    -c        Colour the listings (the default).",
        "    -d FILE   Read the configuration from FILE.",
        "    -f        Do not ask before deleting or moving.",
        "    -h        Show the short help.",
        "    -p        Plain listings, without colours.",
        "    -P        Hide priorities in listings (twice: show them again).",
        "    -a / -A   Do not / do archive done tasks automatically after 'do'.",
        "    -n / -N   Remove / keep the empty line a deleted or moved task leaves.",
        "    -t / -T   Do / do not put today's date on added tasks.",
        "    -v        Say more (twice: debugging output).",
        "    -V        Show the version.",
        "    -x        Do not run TODOTXT_FINAL_FILTER.",
        "    --file PATH  Use PATH as the todo file (its directory as TODO_DIR).",
    ]

    static let environment: [String] = [
        "    TODOTXT_AUTO_ARCHIVE=0|1, TODOTXT_DATE_ON_ADD=0|1, TODOTXT_FORCE=0|1,",
        "    TODOTXT_PLAIN=0|1, TODOTXT_PRESERVE_LINE_NUMBERS=0|1, TODOTXT_VERBOSE=0|1|2,",
        "    TODOTXT_DISABLE_FILTER=0|1: as the options above.",
        "    TODOTXT_PRIORITY_ON_ADD=X: priority of new tasks without one.",
        "    TODOTXT_KEEP_PRIORITY=1: 'do' keeps the priority as a pri:X tag.",
        "    TODOTXT_DEFAULT_ACTION: what runs with no action (shell words).",
        "    TODOTXT_SORT_COMMAND, TODOTXT_FINAL_FILTER: shell commands for listings.",
        "    TODOTXT_CFG_FILE: the configuration file.",
        "    TODOTXT_NOW=YYYY-MM-DD[THH:MM:SS] or @SECONDS: the time to use instead of the clock.",
        "    TODO_FILE, TODO_DIR, DONE_FILE, REPORT_FILE: where the files are.",
        "    NO_COLOR: plain listings.",
    ]

    static func usageLine(program: String) -> String {
        "  Usage: \(program) [-fhpantvV] [-d todo_config] action [task_number] [task_description]"
    }

    /// The short help: one synopsis line per action, then the add-ons' synopses.
    static func shortHelp(program: String, addons: [String]) -> String {
        var lines = [usageLine(program: program), "", "  Actions:"]
        for block in blocks {
            let names = block.synopses.map { $0.split(separator: " ").first.map(String.init) ?? "" }
            let arguments = block.synopses[0].split(separator: " ", maxSplits: 1).dropFirst().first
            var line = "    " + names.joined(separator: "|")
            if let arguments {
                line += " " + String(arguments).replacing("\n", with: "\\n")
            }
            lines.append(line)
        }
        if !addons.isEmpty {
            lines += ["", "  Add-on Actions:"] + addons
        }
        lines += ["", "  See \"help\" for more details."]
        return lines.joined(separator: "\n")
    }

    /// The full help.
    static func fullHelp(program: String, verbosity: Int, addons: [String]) -> String {
        var lines = [usageLine(program: program), "", "  Options:"] + options
        if verbosity > 1 {
            lines += ["", "  Environment variables:"] + environment
        }
        lines += ["", "  Built-in Actions:"]
        for block in blocks {
            lines += block.synopses.map { "    " + $0.replacing("\n", with: "\\n") }
            lines += block.lines.map { "      " + $0 }
            lines.append("")
        }
        if !addons.isEmpty {
            lines += ["  Add-on Actions:"] + addons
        }
        return lines.joined(separator: "\n")
    }

    /// The block of `name` from its own synopsis line on: `help append` shows the `append`
    /// and `app` lines, `help app` only from `app` on.
    static func block(for name: String) -> [String]? {
        for block in blocks {
            let names = block.synopses.map { $0.split(separator: " ").first.map(String.init) ?? $0 }
            guard let position = names.firstIndex(of: name) else { continue }
            let synopses = block.synopses[position...].map {
                "    " + $0.replacing("\n", with: "\\n")
            }
            return synopses + block.lines.map { "      " + $0 } + [""]
        }
        return nil
    }
}

extension Help {
    /// The synopsis lines of the add-ons (their `usage` output lines that start with four
    /// spaces and a letter), or with `synopsisOnly` false their whole `usage` output, for
    /// `help` and `shorthelp`.
    static func addonUsages(synopsisOnly: Bool, in context: Context) -> [String] {
        var lines: [String] = []
        for addon in context.operations.addons() {
            let outcome = Subprocess.runCommand(
                [addon.path, "usage"], environment: context.settings.exported, captureOutput: true)
            let text = String(decoding: outcome.output, as: UTF8.self)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let isSynopsis =
                    line.hasPrefix("    ") && (line.dropFirst(4).first?.isLetter ?? false)
                if !synopsisOnly || isSynopsis { lines.append(String(line)) }
            }
            if !synopsisOnly, lines.last?.isEmpty == false { lines.append("") }
        }
        return lines
    }

    /// Prints help text, through `$PAGER` (default `less`) when standard output is a terminal.
    static func page(_ text: String, in context: Context) {
        let console = context.console
        if !console.isCapturing && Terminal.isTerminal(1) {
            console.flush()
            let variables = context.environment.variables
            let pager = variables["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less"
            let outcome = Subprocess.shell(
                pager, environment: variables, input: Array((text + "\n").utf8))
            if outcome.status == 0 { return }
        }
        console.line(text)
    }
}
