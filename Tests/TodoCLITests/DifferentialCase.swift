import TestSupport

/// One case of the differential run: the files of a todo directory, the settings, and one to
/// three command lines, all drawn from a seed. The same seed always gives the same case.
struct DifferentialCase: Sendable, CustomStringConvertible {
    /// Which todo.sh release the case is drawn for: Debian's 2.11 lacks some of HEAD's features
    /// (see ``TodoShReference/Release``), so its cases leave them out.
    var forRelease: TodoShReference.Release
    /// The seed the case was drawn from.
    var seed: UInt64
    /// File name to bytes, in the todo directory; a missing name is a missing file.
    var files: [String: [UInt8]] = [:]
    /// Environment variables beyond the fixed ones.
    var environment: [String: String] = [:]
    /// Lines added to the configuration file after the directory settings.
    var configuration: [String] = []
    /// Add-ons: name to script text, in `$HOME/.todo/actions`.
    var addons: [String: String] = [:]
    /// The command lines, without the program name.
    var commands: [[String]] = []

    /// The names of the files compared after each command.
    static let fileNames = ["todo.txt", "done.txt", "report.txt", "other.txt"]

    var description: String {
        var text = "seed \(seed) (\(forRelease))\n"
        for name in DifferentialCase.fileNames {
            if let bytes = files[name] {
                text += "  \(name): \(DifferentialCase.quoted(bytes))\n"
            } else {
                text += "  \(name): (missing)\n"
            }
        }
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            text += "  \(name)=\(DifferentialCase.quoted(Array(value.utf8)))\n"
        }
        for line in configuration { text += "  config: \(line)\n" }
        for name in addons.keys.sorted() { text += "  add-on \(name)\n" }
        for command in commands {
            text +=
                "  $ todo "
                + command.map { DifferentialCase.quoted(Array($0.utf8)) }
                .joined(separator: " ") + "\n"
        }
        return text
    }

    /// Bytes as a shell `$'...'` word.
    static func quoted(_ bytes: [UInt8]) -> String {
        var text = "$'"
        for byte in bytes {
            switch byte {
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0x09: text += "\\t"
            case 0x27: text += "\\'"
            case 0x5C: text += "\\\\"
            case 0x20..<0x7F: text += String(UnicodeScalar(byte))
            default:
                let hex = String(byte, radix: 8)
                text += "\\" + String(repeating: "0", count: 3 - hex.count) + hex
            }
        }
        return text + "'"
    }

    // MARK: Drawing a case

    /// Task lines: every shape todo.sh treats specially (priorities valid or not, done and
    /// almost done, dates, projects, contexts and look-alikes, numbers, blanks, tabs, UTF-8).
    static let taskLines: [String] = [
        "(A) call mom +family @phone", "(B) 2026-01-01 bee +proj @ctx due:2026-01-01",
        "zeta 2020-01-01", "(a) lower", "x 2020-01-01 done task +proj",
        "x 2026-11-01 2026-10-01 finished @home", "", "", "\t", "  two spaces", "Apple @home",
        "2 things", "10 things", "42", "banana +x +y", "[bracket", "(D) dee",
        "Éclair au café +food",
        "lost+found seti@home", "call 42 times", "a (C) b", "(Z) zed @ctx @ctx",
        "key:value url:http://x.y/z", "(C) 2026-02-30 bad date", "x done no date",
        "X upper not done", "dup line", "dup line", "tab\there", "a  b", "(AB) two", "(1) one",
        "+proj only", "@ctx only", "ends with +proj", "email me@example.com", "2026-11-22 dated",
    ]

    /// Lines that are not valid UTF-8.
    static let invalidLines: [[UInt8]] = [
        Array("caf".utf8) + [0xC3], Array("th".utf8) + [0xE9, 0x20] + Array("latin1".utf8),
        [0xFF, 0x20] + Array("start".utf8),
    ]

    /// Search terms: all valid basic regular expressions (an invalid one is a listed departure).
    static let terms: [String] = [
        "a", "call", "-done", "+proj", "@ctx", "b\\|z", "^x", "2026", "É", "é", "42", "mom",
        "\\d", "[A-C]", "x ", "  ", "-a", "PROJ", "things", "-+proj", "@", "+", "(A)", ".",
    ]

    /// Texts for add, append, prepend and replace.
    static let texts: [String] = [
        "new task", "(b) lower pri", "(A) 2026-01-01 dated", "+proj @ctx new", ",comma", ".dot",
        "a & b", "path/to/it", "pipe|x", "back\\slash", "(C) new pri", "2026-02-02 new date",
        "x looks done", "multi\nline", "tail +proj", "É accent", "star * dot .",
    ]

    /// Draws the case of `seed`.
    init(seed: UInt64, for release: TodoShReference.Release) {
        self.seed = seed
        forRelease = release
        let draw = Draw(seed: seed)
        let head = release == .head

        func file(lines count: Int, mayLackNewline: Bool) -> [UInt8] {
            let crlf = draw.chance(15)
            var bytes: [UInt8] = []
            for index in 0..<count {
                bytes +=
                    head && draw.chance(4)
                    ? draw.pick(DifferentialCase.invalidLines)
                    : Array(draw.pick(DifferentialCase.taskLines).utf8)
                if index < count - 1 || !(mayLackNewline && draw.chance(25)) {
                    bytes += crlf ? [0x0D, 0x0A] : [0x0A]
                }
            }
            return bytes
        }

        let taskCount = draw.number(0...9)
        if !draw.chance(5) { files["todo.txt"] = file(lines: taskCount, mayLackNewline: head) }
        if draw.chance(70) {
            files["done.txt"] = file(lines: draw.number(0...3), mayLackNewline: false)
        }
        if draw.chance(40) { files["report.txt"] = Array("2026-01-01T00:00:00 3 1\n".utf8) }
        if draw.chance(50) {
            files["other.txt"] = file(lines: draw.number(0...3), mayLackNewline: false)
        }

        // Settings from the environment and the configuration file.
        if draw.chance(25) { environment["TODOTXT_VERBOSE"] = draw.pick(["0", "1", "2"]) }
        if draw.chance(15) { environment["TODOTXT_PLAIN"] = draw.pick(["0", "1"]) }
        if draw.chance(15) { environment["TODOTXT_AUTO_ARCHIVE"] = draw.pick(["0", "1"]) }
        if draw.chance(15) { environment["TODOTXT_PRESERVE_LINE_NUMBERS"] = draw.pick(["0", "1"]) }
        if draw.chance(10) { environment["TODOTXT_DATE_ON_ADD"] = "1" }
        // todo.sh asks unless the value is exactly 0.
        if draw.chance(10) { environment["TODOTXT_FORCE"] = draw.pick(["1", "yes", "2"]) }
        if draw.chance(5) { environment["TODOTXT_DISABLE_FILTER"] = "1" }
        if draw.chance(8) {
            environment["TODOTXT_FINAL_FILTER"] = draw.pick(["cat", "sed 's/a/A/'"])
        }
        if draw.chance(5) { environment["TODOTXT_SORT_COMMAND"] = "env LC_COLLATE=C sort -r -k2" }
        if draw.chance(5) {
            environment["HIDE_CUSTOM_SUBSTITUTION"] = draw.pick(["[0-9]", "call"])
        }
        if draw.chance(5) { environment["TODOTXT_SOURCEVAR"] = "$DONE_FILE" }
        if head {
            if draw.chance(8) {
                environment["TODOTXT_PRIORITY_ON_ADD"] = draw.pick(["A", "Z", "a"])
            }
            if draw.chance(5) {
                environment["TODOTXT_DEFAULT_ACTION"] = draw.pick(["ls", "lsp A", "add +foo bar"])
            }
            if draw.chance(5) { environment["TODOTXT_SIGIL_VALID_PATTERN"] = "[a-z]*" }
            if draw.chance(5) {
                environment["TODOTXT_SIGIL_BEFORE_PATTERN"] = "\\(lost\\)\\{0,1\\}"
            }
            if draw.chance(5) { environment["TODOTXT_SIGIL_AFTER_PATTERN"] = "[.,]\\{0,1\\}" }
        } else {
            // 2.11 asks its questions on standard output even without a terminal: never ask.
            environment["TODOTXT_FORCE"] = "1"
            if draw.chance(5) { environment["TODOTXT_DEFAULT_ACTION"] = draw.pick(["ls", "lsc"]) }
        }
        if draw.chance(10) {
            configuration.append(
                draw.pick([
                    "export PRI_A=$YELLOW", "export COLOR_DONE=$LIGHT_GREY",
                    "export TODOTXT_DATE_ON_ADD=1", ": ${TODOTXT_VERBOSE:=2}",
                    "export SENTENCE_DELIMITERS='*'", "export COLOR_CONTEXT=$RED",
                ]))
        }
        if draw.chance(15) {
            addons["hello"] =
                "#!/bin/bash\necho \"hello $# ${2:-none}\"\n[ \"$2\" = fail ] && exit 3\nexit 0\n"
            if draw.chance(30) { addons["ls"] = "#!/bin/bash\necho \"custom ls $*\"\n" }
        }

        for _ in 0..<draw.number(1...3) {
            commands.append(DifferentialCase.command(taskCount: taskCount, head: head, draw: draw))
        }
    }

    /// One command line: options, an action (or an alias), and its arguments.
    private static func command(taskCount: Int, head: Bool, draw: Draw) -> [String] {
        func number() -> String {
            draw.chance(85)
                ? String(draw.number(1...max(1, taskCount))) : draw.pick(["0", "99", "01", "x"])
        }
        func terms() -> [String] {
            var list: [String] = []
            while draw.chance(40) { list.append(draw.pick(DifferentialCase.terms)) }
            return list
        }
        var words: [String] = []
        let options =
            head
            ? [
                "-p", "-p", "-c", "-@", "-+", "-P", "-a", "-A", "-n", "-N", "-t", "-T", "-f", "-v",
                "-vv", "-x", "-@@", "-pP",
            ]
            : ["-p", "-a", "-A", "-n", "-N", "-t", "-T", "-f", "-x"]
        while draw.chance(35) { words.append(draw.pick(options)) }
        if !head && !words.contains("-p") { words.insert("-p", at: 0) }
        let text = draw.pick(DifferentialCase.texts)
        var actions: [[String]] = [
            ["ls"] + terms(), ["list"] + terms(), ["lsa"] + terms(), ["listall"] + terms(),
            ["lsp"] + terms(), ["lsp", draw.pick(["A", "b", "A-C"])] + terms(), ["listpri", "Z"],
            ["lsc"] + terms(), ["listcon"], ["lsprj"] + terms(), ["listproj"],
            ["lf", draw.pick(["todo.txt", "done.txt", "other", "report.txt"])] + terms(),
            ["listfile"], ["add", text], ["a", text, "more"],
            ["addm", text + "\n" + draw.pick(DifferentialCase.texts)],
            ["addto", draw.pick(["other.txt", "done.txt", "missing.txt"]), text],
            ["append", number(), text], ["app", number(), text], ["prepend", number(), text],
            ["prep", number(), text], ["replace", number(), head ? text : "new task"],
            ["pri", number(), draw.pick(["A", "b", "C", "AA"])], ["p", number(), "D"],
            ["depri", number()], ["dp", number() + "," + number()],
            ["do", number()], ["do", number(), number()], ["-a", "do", number()],
            ["del", number()], ["rm", number()],
            ["del", number(), draw.pick(["call", "+proj", "x"])],
            ["archive"], ["report"], ["command", "ls"],
        ]
        if head {
            actions += [
                ["mv", number(), "other.txt"], ["move", number(), "todo.txt", "other.txt"],
                ["done", number()], ["pri", number(), "B", number(), "C"], ["lsp", "AC-D"],
                ["deduplicate"], ["mv", number(), "missing.txt"], ["replace", number(), "(B) new"],
                ["help"], ["shorthelp"], ["help", draw.pick(["ls", "add", "nosuch"])],
                ["listaddons"], ["LS"], ["frobnicate", "1"], ["hello", draw.pick(["fail", "x"])],
                ["-h"], ["-V"], ["add", ""], ["-f", "add", "", "x"], ["addto", "other.txt", ""],
                ["append", number(), ""], ["-f", "append", number(), "", "x"], [],
                ["-vv", "ls", draw.pick(DifferentialCase.terms)],
            ]
        }
        return words + draw.pick(actions)
    }
}

/// The seeded choices a case is drawn with.
final class Draw {
    private var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 17) }

    /// True `percent` times in a hundred.
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// A number of `range`.
    func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    /// One of `values`.
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
}
