import Foundation
import Testing

@testable import TodoCLI

/// One completion request: the words of the command line (the last is the word being completed)
/// and the candidates expected.
struct CompletionCase: CustomTestStringConvertible, Sendable {
    var words: [String]
    var expected: [String]

    init(_ words: [String], _ expected: [String]) {
        self.words = words
        self.expected = expected
    }

    var testDescription: String { words.joined(separator: " ") + "|" }
}

/// The shells installed on this machine, among those `todo completion` supports. bash is always
/// there; zsh and fish are tested when installed (CI installs them).
let installedShells: [String] = ["zsh", "fish"].filter {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/" + $0)
}

@Suite struct CompletionTests {
    static let todoFile =
        "(A) call mom @phone +family\n\npay rent +home\nx 2026-11-20 water plants\n"

    /// Runs `script` with bash in a directory that holds the todo file.
    static func run(_ shell: String, _ script: String) throws -> (output: String, status: Int32) {
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data(todoFile.utf8).write(to: home.appendingPathComponent("todo.txt"))
        try Data("one task +other\n".utf8).write(to: home.appendingPathComponent("other.txt"))
        let quoted = "'" + script.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return try TodoBinary.shell(
            "\(shell) -c \(quoted)", in: home, environment: TodoBinary.environment(home: home))
    }

    static let bashCases: [CompletionCase] = [
        CompletionCase(["ed"], ["edit"]),
        CompletionCase(["comp"], ["completion"]),
        CompletionCase(["--f"], ["--file"]),
        CompletionCase(
            ["pri", ""],
            ["1  (A) call mom @phone +family", "3  pay rent +home", "4  x 2026-11-20 water plants"]),
        CompletionCase(["pri", "3"], ["3"]),
        CompletionCase(["pri", "1", ""], []),
        CompletionCase(["do", "1", "4"], ["4"]),
        CompletionCase(["--file", "other.txt", "edit", ""], ["1"]),
        CompletionCase(["add", "+"], ["+family", "+home"]),
        CompletionCase(["ls", "@"], ["@phone"]),
        CompletionCase(["help", "ch"], ["check"]),
        CompletionCase(["completion", ""], ["bash", "zsh", "fish", "--list"]),
        CompletionCase(["check", "--format", ""], ["text", "json"]),
        CompletionCase(["export", "--format", "js"], ["jsonl", "json"]),
        CompletionCase(["query", "du"], ["due:"]),
        CompletionCase(["query", "--sort", "-d"], ["-due", "-done"]),
        CompletionCase(["query", "--sort", "pri,co"], ["pri,completed", "pri,context"]),
        CompletionCase(["query", "--format", "c"], ["csv"]),
        CompletionCase(["query", "--l"], ["--limit"]),
    ]

    @Test(arguments: bashCases)
    func bash(_ example: CompletionCase) throws {
        let words = (["todo"] + example.words).map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source <(todo completion bash)
            COMP_WORDS=(\(words))
            COMP_CWORD=\(example.words.count)
            _todo
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Self.run("bash", script)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines == example.expected, "\(example.words)")
    }

    /// What each script must offer for the words every registered action declares, so that the
    /// scripts cannot drift from the registry: the first argument's words, each option's values
    /// and the flags, for every name of the action (files and task numbers aside).
    static let registryCases: [CompletionCase] = ActionRegistry.all.flatMap {
        action -> [CompletionCase] in
        let words = action.completionWords
        return action.names.flatMap { name -> [CompletionCase] in
            var cases: [CompletionCase] = []
            if !words.first.isEmpty {
                cases.append(CompletionCase([name, ""], words.first + words.anywhere))
            } else if !words.anywhere.isEmpty && !words.files {
                cases.append(CompletionCase([name, ""], words.anywhere))
            }
            if !words.flags.isEmpty { cases.append(CompletionCase([name, "-"], words.flags)) }
            for option in words.options {
                cases.append(CompletionCase([name, option.name, ""], option.values))
            }
            if action.completion == .actions {
                let names = ActionRegistry.all.flatMap { $0.names }.filter { $0.hasPrefix("ch") }
                cases.append(CompletionCase([name, "ch"], names))
            }
            return cases
        }
    }

    @Test func everyActionWithWordsHasCases() {
        let covered = Set(Self.registryCases.map { $0.words[0] })
        for action in ActionRegistry.all
        where !action.completionWords.isEmpty || action.completion == .actions {
            #expect(action.names.allSatisfy(covered.contains), "\(action.names)")
        }
        #expect(covered.contains("git") && covered.contains("query") && covered.contains("q"))
    }

    @Test(arguments: registryCases)
    func bashOffersTheRegistryWords(_ example: CompletionCase) throws {
        try bash(example)
    }

    @Test(arguments: installedShells.contains("fish") ? registryCases : [])
    func fishOffersTheRegistryWords(_ example: CompletionCase) throws {
        let line = (["todo"] + example.words).joined(separator: " ")
        let result = try Self.run(
            "fish", "todo completion fish | source; complete -C '\(line)'")
        let lines = result.output.split(separator: "\n").map {
            String($0.prefix { $0 != "\t" })
        }
        #expect(Set(lines) == Set(example.expected), "\(example.words)")
    }

    @Test(arguments: installedShells.contains("zsh") ? registryCases : [])
    func zshOffersTheRegistryWords(_ example: CompletionCase) throws {
        try zsh(example)
    }

    @Test func bashRegistersTheFunction() throws {
        let result = try Self.run("bash", "source <(todo completion bash); complete -p todo")
        #expect(result.output == "complete -F _todo todo\n")
    }

    static let fishCases: [CompletionCase] = [
        CompletionCase(["ed"], ["edit\taction"]),
        CompletionCase(
            ["pri", ""],
            ["1\t(A) call mom @phone +family", "3\tpay rent +home", "4\tx 2026-11-20 water plants"]),
        CompletionCase(["--file", "other.txt", "edit", ""], ["1\tone task +other"]),
        CompletionCase(["add", "+"], ["+family", "+home"]),
        CompletionCase(["ls", "@"], ["@phone"]),
        CompletionCase(["check", "--format", ""], ["json", "text"]),
        CompletionCase(["query", "--sort", "cr"], ["created"]),
        CompletionCase(["completion", "--list", "t"], ["tasks"]),
    ]

    @Test(arguments: installedShells.contains("fish") ? fishCases : [])
    func fish(_ example: CompletionCase) throws {
        let line = (["todo"] + example.words).joined(separator: " ")
        let result = try Self.run(
            "fish", "todo completion fish | source; complete -C '\(line)'")
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init).sorted()
        #expect(lines == example.expected.sorted(), "\(example.words)")
    }

    static let zshCases: [CompletionCase] = [
        CompletionCase(["ed"], ["edit"]),
        CompletionCase(["--f"], ["--file"]),
        CompletionCase(
            ["pri", ""],
            ["1:(A) call mom @phone +family", "3:pay rent +home", "4:x 2026-11-20 water plants"]),
        CompletionCase(["--file", "other.txt", "edit", ""], ["1:one task +other"]),
        CompletionCase(["add", "+"], ["+family", "+home"]),
        CompletionCase(["check", "--format", ""], ["text", "json"]),
        CompletionCase(["query", "--sort", ""], CompletionScriptsFacts.sortKeys),
    ]

    /// zsh's completion widgets cannot run without a terminal, so `compadd`, `_describe` and
    /// `_files` are replaced by functions that print their candidates; the script's own logic
    /// runs as written.
    @Test(arguments: installedShells.contains("zsh") ? zshCases : [])
    func zsh(_ example: CompletionCase) throws {
        let words = (["todo"] + example.words).map { "'\($0)'" }.joined(separator: " ")
        let script = """
            compdef() { : }
            compadd() {
                local -a out; local literal=0
                while (( $# )); do
                    if (( literal )); then out+=("$1")
                    else case $1 in
                        --) literal=1 ;;
                        -a) shift; out+=("${(@P)1}") ;;
                        -S|-t|-J|-V) shift ;;
                        -*) ;;
                        *) out+=("$1") ;;
                    esac; fi
                    shift
                done
                (( ${#out} )) && print -rl -- $out
            }
            compset() { return 1 }
            _describe() { print -rl -- "${(@P)${@[-1]}}" }
            _files() { print files }
            source <(todo completion zsh)
            words=(\(words))
            CURRENT=\(example.words.count + 1)
            PREFIX=${words[CURRENT]}
            _todo
            """
        let result = try Self.run("zsh", script)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        let matching = lines.filter { $0.hasPrefix(example.words.last ?? "") }
        #expect(matching == example.expected, "\(example.words)\n\(result.output)")
    }

    @Test func unknownShell() throws {
        let result = try Self.run("bash", "todo completion tcsh")
        #expect(result.status == 2)
        #expect(
            result.output == "todo: completion: unknown shell 'tcsh'; expected bash, zsh or fish\n")
    }

    @Test func listsForTheScripts() throws {
        let result = try Self.run(
            "bash",
            "todo completion --list projects; todo completion --list contexts; todo completion --list tasks"
        )
        #expect(
            result.output
                == "+family\n+home\n@phone\n1\t(A) call mom @phone +family\n3\tpay rent +home\n4\tx 2026-11-20 water plants\n"
        )
    }
}

/// Facts the zsh test needs from the script's word lists.
enum CompletionScriptsFacts {
    static let sortKeys = [
        "pri", "due", "t", "created", "completed", "line", "text", "done", "project", "context",
        "tag:",
    ]
}
