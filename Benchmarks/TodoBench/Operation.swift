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
    /// Standard output must equal the floor command's.
    case sameAsFloor
    /// Only the exit status is checked.
    case status
}

/// One operation, as each tool spells it.
struct Operation {
    /// The row label.
    var name: String
    /// Whether it changes the files (each run then starts from a fresh copy).
    var writes: Bool
    /// Whether it runs on the small file (start-up) instead of the big one.
    var small = false
    /// The arguments after `todo -p -a -f` (and after `todo.sh -d CFG -p -a -f`).
    var todo: [String]
    /// The floor command: a full argument vector. `$TODO` and `$DONE` are replaced by paths.
    var floor: [String]
    /// todo.sh's arguments, or nil when it is left out.
    var todoSh: [String]?
    /// topydo's subcommand and arguments, or nil when it has no such command.
    var topydo: [String]?
    /// How todo's output is verified.
    var check: Check
}

/// The operations of the issue, for a file whose line `number` is an open task.
enum Operations {
    /// The search term of `ls TERM` (one context of twenty).
    static let term = "@phone"
    /// The text `add` adds.
    static let added = "benchmark added task +bench @here due:2030-01-01"

    static func all(number: Int) -> [Operation] {
        let n = String(number)
        let sh = "/bin/sh"
        return [
            Operation(
                name: "ls", writes: false, todo: ["ls"],
                floor: ["/usr/bin/env", "LC_COLLATE=C", "sort", "-f", "-k2", "$TODO"],
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
                todoSh: nil, topydo: ["ls", "-x", "-f", "json"], check: .prefix("[")),
            Operation(
                name: "do N", writes: true, todo: ["do", n], floor: copyFloor,
                todoSh: ["do", n], topydo: ["do", n],
                check: .edit(description: "line \(n) done") { lines in
                    lines.count >= number && lines[number - 1].starts(with: [0x78, 0x20])
                }),
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
                name: "add", writes: true, todo: ["add", added],
                floor: [sh, "-c", "echo '\(added)' >> \"$1\"", "sh", "$TODO"],
                todoSh: ["add", added], topydo: ["add", added],
                check: .edit(description: "task added at the end") { lines in
                    lines.last.map { $0.elementsEqual(added.utf8) } ?? false
                }),
            Operation(
                name: "archive", writes: true, todo: ["archive"],
                floor: [
                    sh, "-c",
                    "grep '^x ' \"$1\" >> \"$2\" && sync \"$2\" && grep -v '^x ' \"$1\" > \"$1.tmp\""
                        + " && sync \"$1.tmp\" && mv \"$1.tmp\" \"$1\"",
                    "sh", "$TODO", "$DONE",
                ],
                todoSh: ["archive"], topydo: nil,
                check: .edit(description: "no done task left") { lines in
                    !lines.contains { $0.starts(with: [0x78, 0x20]) }
                }),
            Operation(
                name: "start-up (10 lines)", writes: false, small: true, todo: ["ls"],
                floor: ["/bin/true"], todoSh: ["ls"], topydo: ["ls"],
                check: .listing(reference: "ls")),
        ]
    }

    /// What a one-line edit costs at least: a copy, synced, renamed over the file.
    static let copyFloor = [
        "/bin/sh", "-c", "cp \"$1\" \"$1.tmp\" && sync \"$1.tmp\" && mv \"$1.tmp\" \"$1\"", "sh",
        "$TODO",
    ]
}
