/// The programs a run compares.
enum Tool: Int, CaseIterable {
    case todo
    case floor
    case todoSh
    case topydo

    /// The column heading.
    var title: String {
        switch self {
        case .todo: "todo"
        case .floor: "floor"
        case .todoSh: "todo.sh"
        case .topydo: "topydo"
        }
    }
}

/// How the output of a `todo` run is checked.
enum Check {
    /// Standard output must equal todo.sh's, or the reference that this script makes.
    case listing(reference: String)
    /// The exit status must be 0 and standard output must start with these bytes.
    case prefix(String)
    /// The todo file afterwards must satisfy the test (and equal todo.sh's result, when that is
    /// available).
    case edit(description: String, test: ([[UInt8]]) -> Bool)
    /// Only the exit status is checked.
    case status
    /// Standard output must equal todo.sh's when todo.sh ran, else the floor's (whose pipeline
    /// is todo.sh's own: `lsc`, `lsprj`).
    case sameAsFloor
    /// Standard output must equal todo.sh's when todo.sh ran; otherwise only the exit status
    /// is checked.
    case likeTodoSh
}

/// The goal of issue 18 that a row is held to.
enum Goal: CaseIterable {
    /// Within 1.2 times the floor at every size, growing no faster than the floor.
    case listing
    /// `export`: within 3 times `cat`.
    case export
    /// `check`: within 3 times `grep -c .`.
    case check
    /// `do`, `pri`, `rm`, `replace`: within 1.5 times `cp` + `sync` + `mv`.
    case edit
    /// `add`: within 2 times `echo >>` + `sync` + `wc -l`.
    case add
    /// Within 1.5 times a statically linked Swift "hello world".
    case startup
    /// Measured, held to no goal (`archive`).
    case none

    /// The largest todo/floor ratio that meets the goal.
    var factor: Double? {
        switch self {
        case .listing: 1.2
        case .export, .check: 3
        case .edit: 1.5
        case .add: 2
        case .startup: 1.5
        case .none: nil
        }
    }

    /// Whether the peak memory goal (the file's size plus 20 MB) applies.
    var limitsMemory: Bool { self == .listing || self == .edit || self == .add }

    /// The goal in words, for the report.
    var text: String {
        switch self {
        case .listing:
            "listings (ls, ls TERM, lsp, lsa, lsc, lsprj, query) within 1.2 x their floor"
        case .export: "export --format json|jsonl within 3 x cat"
        case .check: "check within 3 x grep -c ."
        case .edit: "edits (do, pri, rm, replace) within 1.5 x cp + sync + mv"
        case .add: "add within 2 x echo >> + sync + wc -l"
        case .startup: "start-up within 1.5 x a static Swift hello world"
        case .none: "no goal"
        }
    }
}

/// One operation, as each tool spells it.
struct Operation {
    /// The row label.
    var name: String
    /// Whether it changes the files (each run then starts from a fresh copy).
    var writes: Bool
    /// Whether it runs on the small file (start-up) instead of the big one.
    var small = false
    /// The arguments after `todo [-d CFG] -p -a -f` (and after `todo.sh -d CFG -p -a -f`).
    var todo: [String]
    /// The floor command: a full argument vector, run with `LC_ALL=C`. `$TODO` and `$DONE`
    /// are replaced by paths, `$HELLO` by the start-up floor, `$OUTPUT` by a copy of what
    /// todo's checked warm-up run printed.
    var floor: [String]
    /// todo.sh's arguments, or nil when it is left out.
    var todoSh: [String]?
    /// topydo's subcommand and arguments, or nil when it has no such command.
    var topydo: [String]?
    /// How todo's output is verified.
    var check: Check
    /// The goal; nil derives it: start-up for the small file, listing for a checked listing,
    /// edit for a write.
    var goal: Goal? = nil
    /// Whether todo runs with the typical config file (`-d todo.cfg`) instead of none.
    var config = false
    /// Whether the operation reads the done file too (its size then counts for memory).
    var readsDone = false
    /// The exit statuses of a successful todo run (`check` exits 1 when it found something).
    var success: [Int32] = [0]

    /// ``goal``, or the one derived from the other fields.
    var effectiveGoal: Goal {
        if let goal { return goal }
        if small { return .startup }
        if writes { return .edit }
        switch check {
        case .listing, .status, .sameAsFloor, .likeTodoSh: return .listing
        case .prefix, .edit: return .none
        }
    }
}

/// The operations of the issue, for a file whose line `number` is an open task.
enum Operations {
    /// The search term of `ls TERM` (one context of twenty).
    static let term = "@phone"
    /// The text `replace` puts in.
    static let replaced = "benchmark replaced task +bench @there"
    /// The text `add` adds.
    static let added = "benchmark added task +bench @here due:2030-01-01"

    static func all(number: Int) -> [Operation] {
        let n = String(number)
        let sh = "/bin/sh"
        return [
            Operation(
                name: "ls", writes: false, todo: ["ls"],
                floor: ["/usr/bin/sort", "-f", "-k2", "$TODO"],
                todoSh: ["ls"], topydo: ["ls"], check: .listing(reference: "ls")),
            Operation(
                name: "ls \(term)", writes: false, todo: ["ls", term],
                floor: ["/bin/grep", "-i", term, "$TODO"], todoSh: ["ls", term],
                topydo: ["ls", term], check: .listing(reference: "ls-term")),
            Operation(
                name: "lsp A", writes: false, todo: ["lsp", "A"],
                floor: ["/bin/grep", "^(A) ", "$TODO"], todoSh: ["lsp", "A"],
                topydo: ["ls", "(A)"], check: .listing(reference: "lsp")),
            Operation(
                name: "query (3 terms, 2 keys)", writes: false,
                todo: ["query", "pri:A-C", "due:any", "-\(term)", "--sort", "due,pri"],
                floor: [
                    sh, "-c",
                    "grep '^([A-C]) ' \"$1\" | grep ' due:' | grep -v '\(term)' | sort -k1,1 -k2,2",
                    "sh", "$TODO",
                ],
                todoSh: nil, topydo: ["ls", "-s", "due,priority", "(>D)", "due:", "-\(term)"],
                check: .status),
            Operation(
                name: "lsa", writes: false, todo: ["lsa"],
                floor: [sh, "-c", "cat \"$1\" \"$2\" | sort -f -k2", "sh", "$TODO", "$DONE"],
                todoSh: ["lsa"], topydo: nil, check: .likeTodoSh, readsDone: true),
            Operation(
                name: "lsc", writes: false, todo: ["lsc"],
                floor: [
                    sh, "-c", "grep -o '[^ ]*@[^ ]\\+' \"$1\" | grep '^@' | sort -u", "sh", "$TODO",
                ],
                todoSh: ["lsc"], topydo: ["lscon"], check: .sameAsFloor),
            Operation(
                name: "lsprj", writes: false, todo: ["lsprj"],
                floor: [
                    sh, "-c", "grep -o '[^ ]*+[^ ]\\+' \"$1\" | grep '^+' | sort -u", "sh", "$TODO",
                ],
                todoSh: ["lsprj"], topydo: ["lsprj"], check: .sameAsFloor),
            Operation(
                name: "query /(a+)+$/", writes: false,
                todo: ["query", "--all", "--format", "todotxt", "/(a+)+$/"],
                floor: ["/bin/grep", "-E", "(a+)+$", "$TODO"], todoSh: nil, topydo: nil,
                check: .sameAsFloor),
            Operation(
                name: "query /call.*@phone/", writes: false,
                todo: ["query", "--all", "--format", "todotxt", "/call.*@phone/"],
                floor: ["/bin/grep", "-E", "call.*@phone", "$TODO"], todoSh: nil, topydo: nil,
                check: .sameAsFloor),
            Operation(
                name: "export --format json", writes: false,
                todo: ["export", "--format", "json"], floor: ["/bin/cat", "$TODO"],
                todoSh: nil, topydo: ["ls", "-x", "-f", "json"], check: .prefix("["),
                goal: .export),
            Operation(
                name: "export --format jsonl", writes: false,
                todo: ["export", "--format", "jsonl"], floor: ["/bin/cat", "$TODO"],
                todoSh: nil, topydo: nil, check: .prefix("{"), goal: .export),
            // The output of export is about four times its input: these floors write as many
            // bytes into the pipe as todo does (cat of a copy of todo's own output).
            Operation(
                name: "export json, output cat", writes: false,
                todo: ["export", "--format", "json"], floor: ["/bin/cat", "$OUTPUT"],
                todoSh: nil, topydo: nil, check: .prefix("["), goal: .export),
            Operation(
                name: "export jsonl, output cat", writes: false,
                todo: ["export", "--format", "jsonl"], floor: ["/bin/cat", "$OUTPUT"],
                todoSh: nil, topydo: nil, check: .prefix("{"), goal: .export),
            // What the least per-line formatting costs: awk wrapping each line, unescaped, in
            // a one-field record (less work than export, about half its output). No goal.
            Operation(
                name: "export jsonl, awk floor", writes: false,
                todo: ["export", "--format", "jsonl"],
                floor: ["/usr/bin/awk", #"{print "{\"raw\":\"" $0 "\"}"}"#, "$TODO"],
                todoSh: nil, topydo: nil, check: .prefix("{")),
            Operation(
                name: "check", writes: false, todo: ["check"],
                floor: ["/bin/grep", "-c", ".", "$TODO"], todoSh: nil, topydo: nil,
                check: .status, goal: .check, success: [0, 1]),
            Operation(
                name: "do N", writes: true, todo: ["do", n], floor: copyFloor,
                todoSh: ["do", n], topydo: ["do", n],
                check: .edit(description: "line \(n) done") { lines in
                    lines.count >= number && lines[number - 1].starts(with: [0x78, 0x20])
                }),
            // `do` as todo.sh runs it by default, archiving afterwards: held to no goal, against
            // archive's floor (the done tasks appended, the rest rewritten).
            Operation(
                name: "do N, auto-archive", writes: true, todo: ["-A", "do", n],
                floor: archiveFloor,
                todoSh: nil, topydo: nil,
                check: .edit(description: "no done task left") { lines in
                    !lines.contains { $0.starts(with: [0x78, 0x20]) }
                }, goal: Goal.none, readsDone: true),
            Operation(
                name: "pri N A", writes: true, todo: ["pri", n, "A"], floor: copyFloor,
                todoSh: ["pri", n, "A"], topydo: ["pri", n, "A"],
                check: .edit(description: "line \(n) has priority A") { lines in
                    lines.count >= number && lines[number - 1].starts(with: Array("(A) ".utf8))
                }),
            Operation(
                name: "rm N", writes: true, todo: ["rm", n], floor: copyFloor,
                todoSh: ["rm", n], topydo: ["del", n],
                check: .edit(description: "line \(n) emptied") { lines in
                    lines.count >= number && lines[number - 1].isEmpty
                }),
            Operation(
                name: "replace N", writes: true, todo: ["replace", n, replaced], floor: copyFloor,
                todoSh: ["replace", n, replaced], topydo: nil,
                check: .edit(description: "line \(n) replaced") { lines in
                    lines.count >= number
                        && lines[number - 1].reversed().starts(with: replaced.utf8.reversed())
                }),
            Operation(
                name: "add", writes: true, todo: ["add", added],
                floor: [
                    sh, "-c", "echo '\(added)' >> \"$1\" && sync \"$1\" && wc -l < \"$1\"", "sh",
                    "$TODO",
                ],
                todoSh: ["add", added], topydo: ["add", added],
                check: .edit(description: "task added at the end") { lines in
                    lines.last.map { $0.elementsEqual(added.utf8) } ?? false
                }, goal: .add),
            Operation(
                name: "archive", writes: true, todo: ["archive"],
                floor: archiveFloor,
                todoSh: ["archive"], topydo: nil,
                check: .edit(description: "no done task left") { lines in
                    !lines.contains { $0.starts(with: [0x78, 0x20]) }
                }, goal: Goal.none, readsDone: true),
            Operation(
                name: "start-up (10 lines)", writes: false, small: true, todo: ["ls"],
                floor: ["$HELLO"], todoSh: ["ls"], topydo: ["ls"],
                check: .listing(reference: "ls")),
            Operation(
                name: "start-up, typical config", writes: false, small: true, todo: ["ls"],
                floor: ["$HELLO"], todoSh: ["ls"], topydo: nil,
                check: .listing(reference: "ls"), config: true),
        ]
    }

    /// What a one-line edit costs at least: a copy, synced, renamed over the file.
    /// What an archive must do at least: append the done tasks to done.txt and sync it, then
    /// write the rest to a new file, sync it and rename it over todo.txt.
    static let archiveFloor = [
        "/bin/sh", "-c",
        "grep '^x ' \"$1\" >> \"$2\" && sync \"$2\" && grep -v '^x ' \"$1\" > \"$1.tmp\""
            + " && sync \"$1.tmp\" && mv \"$1.tmp\" \"$1\"",
        "sh", "$TODO", "$DONE",
    ]

    static let copyFloor = [
        "/bin/sh", "-c", "cp \"$1\" \"$1.tmp\" && sync \"$1.tmp\" && mv \"$1.tmp\" \"$1\"", "sh",
        "$TODO",
    ]
}
