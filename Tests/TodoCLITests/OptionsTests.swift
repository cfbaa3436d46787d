import Testing

@testable import TodoCLI

/// The option parser (TodoShCompatibility.md §2): getopts `:fhpcnNaAtTvVx+@Pd:` plus our long
/// options.
@Suite struct OptionsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let check: @Sendable (Options) -> Bool
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["-pt", "ls"]) {
            $0.plain == true && $0.dateOnAdd == true && $0.words == ["ls"]
        },
        Case(arguments: ["-npf", "add", "x"]) {
            $0.preserveLineNumbers == false && $0.plain == true && $0.force == true
                && $0.words == ["add", "x"]
        },
        Case(arguments: ["-c", "-T", "-N", "-A", "ls"]) {
            $0.plain == false && $0.dateOnAdd == false && $0.preserveLineNumbers == true
                && $0.autoArchive == true
        },
        Case(arguments: ["-a", "-x", "ls"]) { $0.autoArchive == false && $0.disableFilter == true },
        Case(arguments: ["-vv", "ls"]) { $0.verbosity == 2 },
        Case(arguments: ["-v", "-v", "-v", "ls"]) { $0.verbosity == 3 },
        Case(arguments: ["-@", "ls"]) { $0.hideContexts },
        Case(arguments: ["-@@", "ls"]) { !$0.hideContexts },
        Case(arguments: ["-+", "-P", "ls"]) { $0.hideProjects && $0.hidePriority },
        Case(arguments: ["-d", "my.cfg", "ls"]) { $0.configFile == "my.cfg" && $0.words == ["ls"] },
        Case(arguments: ["-dmy.cfg", "ls"]) { $0.configFile == "my.cfg" && $0.words == ["ls"] },
        Case(arguments: ["-pd", "my.cfg", "ls"]) { $0.plain == true && $0.configFile == "my.cfg" },
        Case(arguments: ["-h", "-d", "x.cfg"]) { $0.shortHelp && $0.configFile == nil },
        Case(arguments: ["-d", "x.cfg", "-h"]) { $0.shortHelp && $0.configFile == "x.cfg" },
        Case(arguments: ["-V", "-Z"]) { $0.version },
        Case(arguments: ["--version"]) { $0.version },
        Case(arguments: ["--file", "/x/todo.txt", "ls"]) {
            $0.todoFile == "/x/todo.txt" && $0.words == ["ls"]
        },
        Case(arguments: ["--file=t.txt", "-p", "ls"]) {
            $0.todoFile == "t.txt" && $0.plain == true
        },
        Case(arguments: ["ls", "-foo", "-p"]) {
            $0.plain == nil && $0.words == ["ls", "-foo", "-p"]
        },
        Case(arguments: ["--", "-p"]) { $0.words == ["-p"] && $0.plain == nil },
        Case(arguments: ["-", "x"]) { $0.words == ["-", "x"] },
        Case(arguments: []) { $0.words.isEmpty },
    ]

    @Test(arguments: cases)
    func parses(_ c: Case) throws {
        let options = try Options.parse(c.arguments)
        #expect(c.check(options), "\(options)")
    }

    @Test(arguments: [["-Z", "ls"], ["-d"], ["-pq"], ["--file"], ["--unknown", "ls"]])
    func rejects(_ arguments: [String]) {
        #expect(throws: Options.Invalid.self) { try Options.parse(arguments) }
    }
}

/// Shell words, as `TODOTXT_DEFAULT_ACTION` is split.
@Suite struct ShellWordsTests {
    @Test(arguments: [
        ("add +foo @bar baz", ["add", "+foo", "@bar", "baz"]),
        ("add 'two  spaces' \"and $HOME\"", ["add", "two  spaces", "and $HOME"]),
        ("a\\ b c\\\"d", ["a b", "c\"d"]),
        ("x \"esc \\\" \\\\ \\n\"", ["x", "esc \" \\ \\n"]),
        ("  lead   trail  ", ["lead", "trail"]),
        ("''", [""]),
        ("", []),
    ])
    func splits(_ text: String, _ words: [String]) throws {
        #expect(try ShellWords.split(text) == words)
    }

    @Test(arguments: ["'open", "\"open", "\"esc \\"])
    func unterminatedQuotesAreErrors(_ text: String) {
        #expect(throws: ShellWords.UnterminatedQuote.self) { try ShellWords.split(text) }
    }

    @Test(arguments: [
        ("milk", "milk"), ("get   money", "get\\ \\ \\ money"), ("$$", "\\$\\$"), ("", "''"),
    ])
    func quotesLikePrintfQ(_ word: String, _ quoted: String) {
        #expect(ShellWords.quote(word) == quoted)
    }
}
