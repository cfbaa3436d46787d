import TodoPlatform

/// The help texts (our own words), in blocks that `help ACTION` prints one at a time.
enum Help {
    /// One action's help: its synopsis lines (one per name) and its explanation.
    struct Block {
        let synopses: [String]
        let lines: [String]
    }

    static let blocks: [Block] = [
        Block(
            synopses: [
                "add \"THING I NEED TO DO +project @context\"",
                "a \"THING I NEED TO DO +project @context\"",
            ],
            lines: [
                "Adds a task as a new line at the end of the todo file. Run without text, it asks",
                "for the text (or reads a line of standard input).",
            ]),
        Block(
            synopses: ["addm \"FIRST THING\nSECOND THING\""],
            lines: ["Adds one task per line of the text."]),
        Block(
            synopses: ["addto DEST \"TEXT TO ADD\""],
            lines: ["Adds a line to the file DEST in the todo directory, which must exist."]),
        Block(
            synopses: ["append NR \"TEXT TO APPEND\"", "app NR \"TEXT TO APPEND\""],
            lines: ["Adds text at the end of task NR, after a space (none before , . : ;)."]),
        Block(
            synopses: ["archive"],
            lines: ["Moves every done task to the done file and removes empty lines."]),
        Block(
            synopses: ["check [FILE|-] [--format text|json]"],
            lines: [
                "Reports lines that probably do not mean what was meant (X for x, (a) for (A),",
                "bad dates, mixed line endings, invalid UTF-8, trailing spaces, duplicates) as",
                "FILE:LINE:COLUMN: warning: MESSAGE. Exits 0 when clean, 1 when not, 2 on error.",
            ]),
        Block(
            synopses: ["command [ACTION] [ARGS...]"],
            lines: ["Runs the built-in ACTION even when an add-on of that name exists."]),
        Block(
            synopses: ["completion bash|zsh|fish"],
            lines: [
                "Prints a completion script for the shell: actions, options, task numbers with",
                "their text, +projects, @contexts, query fields and sort keys. For bash, add",
                "eval \"$(todo completion bash)\" to ~/.bashrc.",
            ]),
        Block(
            synopses: ["deduplicate"],
            lines: ["Removes lines that repeat an earlier line exactly."]),
        Block(
            synopses: ["del NR [TERM]", "rm NR [TERM]"],
            lines: [
                "Deletes task NR (asking first unless -f), leaving an empty line unless -n.",
                "With TERM, removes only the text matching TERM (a basic regular expression).",
            ]),
        Block(
            synopses: ["depri NR [NR ...]", "dp NR [NR ...]"],
            lines: ["Removes the priority of the tasks. Numbers may be separated by commas."]),
        Block(
            synopses: ["do NR [NR ...]", "done NR [NR ...]"],
            lines: [
                "Marks the tasks done today (the priority is dropped, or kept as pri:X with",
                "TODOTXT_KEEP_PRIORITY=1), then archives them unless auto-archive is off (-a).",
            ]),
        Block(
            synopses: ["edit [NR]"],
            lines: [
                "Opens a copy of the todo file in $VISUAL, $EDITOR or vi (at line NR), checks",
                "what you wrote, and saves it, merging changes made meanwhile by other commands.",
                "A conflict or a failed editor changes nothing.",
            ]),
        Block(
            synopses: ["export [--format jsonl|json|todotxt] [FILE|-]"],
            lines: [
                "Prints every line of the todo file (or FILE, or standard input) as JSON records,",
                "or writes the file back from the parsed model (byte for byte the same).",
            ]),
        Block(
            synopses: ["git setup|check"],
            lines: [
                "setup: in the current git repository, makes git merge todo.txt and done.txt",
                "with 'todo merge' (.gitattributes, .gitignore, .git/config). check: says",
                "whether this clone has the driver configured and reachable.",
            ]),
        Block(
            synopses: ["help [ACTION...]"],
            lines: ["Shows the full help, or the help of the named actions."]),
        Block(
            synopses: ["list [TERM...]", "ls [TERM...]"],
            lines: [
                "Lists the tasks, sorted, with their numbers. Only tasks matching every TERM are",
                "shown; -TERM hides the matches. Terms are case-insensitive basic regular",
                "expressions matched against the numbered line.",
            ]),
        Block(
            synopses: ["listall [TERM...]", "lsa [TERM...]"],
            lines: ["Lists the todo file and the done file together (done lines are numbered 0)."]),
        Block(
            synopses: ["listaddons"],
            lines: ["Lists the add-ons found in the actions directory."]),
        Block(
            synopses: ["listcon [TERM...]", "lsc [TERM...]"],
            lines: ["Lists the @contexts used in the tasks that match the terms."]),
        Block(
            synopses: ["listfile [SRC [TERM...]]", "lf [SRC [TERM...]]"],
            lines: ["Lists the tasks of the file SRC, or the .txt files of the todo directory."]),
        Block(
            synopses: ["listpri [PRIORITIES] [TERM...]", "lsp [PRIORITIES] [TERM...]"],
            lines: [
                "Lists the tasks with a priority: all of them, one (A), a range (A-C) or a",
                "mix (ABR-Y).",
            ]),
        Block(
            synopses: ["listproj [TERM...]", "lsprj [TERM...]"],
            lines: ["Lists the +projects used in the tasks that match the terms."]),
        Block(
            synopses: ["merge BASE OURS THEIRS [--marker-size N] [--path NAME]"],
            lines: [
                "Merges two edited versions of a todo file task by task, writing the result",
                "into OURS; used by git as a merge driver. Exits 1 when a conflict is left,",
                "marked in place with one block per task.",
            ]),
        Block(
            synopses: ["move NR DEST [SRC]", "mv NR DEST [SRC]"],
            lines: [
                "Moves task NR from SRC (the todo file by default) to the end of DEST, both in",
                "the todo directory. The task is written to DEST before it leaves SRC.",
            ]),
        Block(
            synopses: ["prepend NR \"TEXT TO PREPEND\"", "prep NR \"TEXT TO PREPEND\""],
            lines: ["Inserts text at the start of task NR, after its priority and date."]),
        Block(
            synopses: ["pri NR PRIORITY [NR PRIORITY ...]", "p NR PRIORITY [NR PRIORITY ...]"],
            lines: ["Gives task NR the priority PRIORITY, a letter from A to Z."]),
        Block(
            synopses: [
                "query [EXPRESSION...] [--sort KEYS] [--format FORMAT] [--all] [--limit N]",
                "q [EXPRESSION...]",
            ],
            lines: [
                "Selects tasks with an expression (+project @context pri:A-C due<today",
                "and/or/not, parentheses) and prints them sorted, as text, todotxt, json,",
                "jsonl, csv or a {field} template. See the README for the language.",
            ]),
        Block(
            synopses: ["replace NR \"UPDATED ITEM\""],
            lines: ["Replaces the text of task NR, keeping its priority and date unless given."]),
        Block(
            synopses: ["report"],
            lines: ["Archives, then records the numbers of open and done tasks in the report file."]
        ),
        Block(
            synopses: ["shorthelp"],
            lines: ["Lists the actions with their arguments."]),
    ]

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
                line += " " + String(arguments).replacingOccurrences(of: "\n", with: "\\n")
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
            lines += block.synopses.map { "    " + $0.replacingOccurrences(of: "\n", with: "\\n") }
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
                "    " + $0.replacingOccurrences(of: "\n", with: "\\n")
            }
            return synopses + block.lines.map { "      " + $0 } + [""]
        }
        return nil
    }
}

extension String {
    /// The string with every occurrence of `target` replaced (no Foundation).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        let source = Array(unicodeScalars)
        let pattern = Array(target.unicodeScalars)
        var index = 0
        while index < source.count {
            if index + pattern.count <= source.count
                && Array(source[index..<(index + pattern.count)]) == pattern
            {
                result += replacement
                index += pattern.count
            } else {
                result.unicodeScalars.append(source[index])
                index += 1
            }
        }
        return result
    }
}

extension Session {
    /// The synopsis lines of the add-ons (their `usage` output lines that start with four
    /// spaces and a letter).
    func addonUsages(synopsisOnly: Bool) -> [String] {
        var lines: [String] = []
        for addon in addons() {
            let outcome = Subprocess.run(
                [addon.path, "usage"], environment: settings.exported, captureOutput: true)
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

    func shortHelp() throws {
        page(Help.shortHelp(program: program, addons: addonUsages(synopsisOnly: true)))
    }

    /// `help [ACTION...]` (todo-sh.md §5.22).
    func help(_ words: [String]) throws -> Int32 {
        let names = words.dropFirst()
        guard !names.isEmpty else {
            page(
                Help.fullHelp(
                    program: program, verbosity: settings.verbosity,
                    addons: addonUsages(synopsisOnly: false)))
            return 0
        }
        for name in names {
            if let addon = try addon(named: name) {
                let outcome = Subprocess.run(
                    [addon, "usage"], environment: settings.exported, captureOutput: true)
                console.write(outcome.output)
            } else if let block = Help.block(for: name) {
                for line in block { console.line(line) }
            } else {
                throw die("TODO: No action \"\(name)\" exists.")
            }
        }
        return 0
    }

    /// Prints help text, through `$PAGER` (default `less`) when standard output is a terminal.
    func page(_ text: String) {
        if !console.isCapturing && Terminal.isTerminal(1) {
            console.flush()
            let pager = environment.variables["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less"
            let outcome = Subprocess.shell(
                pager, environment: environment.variables, input: Array((text + "\n").utf8))
            if outcome.status == 0 { return }
        }
        console.line(text)
    }
}
