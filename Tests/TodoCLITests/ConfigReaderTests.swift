import Foundation
import Testing
import TodoStore
import TodoStoreTesting
import TodoTxt

@testable import TodoCLI

/// The native config reader against bash: on every config of the corpus, reading it natively
/// and sourcing it in bash (as todo.sh does) leave the same variables, exported the same way.
@Suite struct ConfigReaderTests {
    /// A config of the corpus: its text, and whether the native reader must read it itself
    /// (`nil`: either way).
    struct Sample: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var native: Bool?
        var testDescription: String { name }
    }

    static let certain: [Sample] = [
        Sample(
            name: "the shape of todo.sh's sample config",
            text: """
                # Where the lists live (an absolute path).
                #export TODO_DIR="/home/someone/lists"
                : ${TODO_DIR:="${HOME:-$USERPROFILE}"}
                export TODO_DIR

                # The three files.
                : ${TODO_FILE:="${TODO_DIR}/todo.txt"}
                : ${DONE_FILE:="${TODO_DIR}/done.txt"}
                : ${REPORT_FILE:="${TODO_DIR}/report.txt"}
                export TODO_FILE DONE_FILE REPORT_FILE

                #export TODO_ACTIONS_DIR="$HOME/.todo.actions.d"

                # export BLACK='\\\\033[0;30m'
                # export PRI_A=$YELLOW        # priority A
                # export TODOTXT_VERBOSE=1
                # export TODOTXT_SORT_COMMAND='env LC_COLLATE=C sort -f -k2'

                """, native: true),
        Sample(
            name: "Debian's global config",
            text: """
                export TODO_DIR=~/.todo-txt
                export TODO_FILE="$TODO_DIR/todo.txt"
                export DONE_FILE="$TODO_DIR/done.txt"
                export REPORT_FILE="$TODO_DIR/report.txt"

                """, native: true),
        Sample(
            name: "colours",
            text: """
                export TODO_DIR="$HOME/lists"
                export PRI_A=$YELLOW
                export PRI_B=$GREEN        # priority B
                export PRI_C=$LIGHT_BLUE
                PRI_D='\\\\033[0;35m'
                export PRI_E="\\\\033[1;31m"
                export PRI_X=$WHITE
                export COLOR_DONE="$LIGHT_GREY"
                export COLOR_PROJECT=$RED
                export COLOR_CONTEXT=$RED
                export COLOR_DATE=$BLUE
                export COLOR_NUMBER=$LIGHT_GREY
                export COLOR_META=$CYAN
                export DEFAULT=$NONE
                export ORANGE='\\\\033[38;5;208m'
                export PRI_F=$ORANGE

                """, native: true),
        Sample(
            name: "quotes, escapes and expansions joined in one word",
            text: """
                export A=one\\ two'three'"four $HOME five"six
                B=x\\"y"a\\$b\\\\c\\d"z C=${UNSET:-a b\\ c"d"}end
                export D="tab\tinside" E=plain-_.,/:@%+=value F=~/x
                G="${HOME}/a b"'$HOME'\\~

                """, native: true),
        Sample(
            name: "add-on and listing settings",
            text: """
                export TODO_DIR=$HOME/todo
                export TODO_ACTIONS_DIR="$HOME/.todo.actions.d"
                export TODOTXT_SORT_COMMAND='env LC_COLLATE=C sort -k 2,2 -k 1,1n'
                export TODOTXT_FINAL_FILTER="$TODO_ACTIONS_DIR/futureTasks"
                export TODOTXT_DEFAULT_ACTION="ls @work"
                export TODOTXT_SIGIL_BEFORE_PATTERN='\\(w:\\)\\{0,1\\}'
                export TODOTXT_SIGIL_VALID_PATTERN='[a-zA-Z]\\{3,\\}'
                export TODOTXT_SOURCEVAR=\\$DONE_FILE
                export FUTURE_TASKS_DIR=$TODO_DIR/future
                export BIRTHDAY_FILE="${TODO_DIR}/birthdays.txt"
                export TODOTXT_SED_COMMAND=sed

                """, native: true),
        Sample(
            name: "defaults that change nothing, settings that do",
            text: """
                : ${TODOTXT_DATE_ON_ADD:=1}
                : ${TODOTXT_VERBOSE:=0}
                TODOTXT_PRESERVE_LINE_NUMBERS=${TODOTXT_PRESERVE_LINE_NUMBERS:-0}
                export TODOTXT_AUTO_ARCHIVE=0
                TODOTXT_PLAIN=1
                SENTENCE_DELIMITERS=',.;!?'

                """, native: true),
        Sample(
            name: "single assignments read at once, and their edges",
            text: """
                exportA=1
                export=2
                export  B='x'"y"$exportA'z'
                export\tC="$B$B"
                D="a$"
                E=a#b$C
                F="é $B it's"
                G=$B/$B
                H='trailing blank' \t
                I=$UNSET_THING"$UNSET_THING"
                J='one'two"three"
                K=
                  export L="  "

                """, native: true),
        Sample(
            name: "odd quoting",
            text: """
                export A="it's"
                export B='say "hi"'
                C=a\\ b\\$c
                D="x\\y\\$z\\"q\\\\"
                E=mixed"dq"'sq'plain
                F=
                G="${UNSET_THING}"
                H=${UNSET_THING:-fallback word}
                I="${HOME}/x y"
                J=$HOME$HOME
                K="$"
                L=a$
                export M=1 # a comment
                N=value#not-a-comment
                O=1 P=$O
                export Q R=2
                : ${S:=default} ${T=other}
                U=${S:+alternative}
                V=${NOT_SET+alternative}
                \texport W="two  spaces"\t
                  X="café ☕"
                Y=${S:=unchanged}
                Z="${HOME:-$USERPROFILE}/${NOT_SET:-dir}"
                export LATE
                LATE=assigned
                export TODO_FILE
                EMPTY_DEFAULT=${EMPTY_VALUE:-used}
                EMPTY_PLAIN=${EMPTY_VALUE-kept}

                """, native: true),
        Sample(
            name: "assignments in quotes and braces",
            text: """
                export TODO_DIR="${TODO_DIR:-$HOME/t}"
                : "${TODO_FILE:=$TODO_DIR/todo.txt}"
                : ${DONE_FILE:="$TODO_DIR"/done.txt}
                : ${REPORT_FILE:='$TODO_DIR/report.txt'}
                export TILDE_IN_BRACES=${UNSET_TOO:-~/x}
                export TODO_FILE DONE_FILE REPORT_FILE
                export SPACED="${EXISTING_SPACES}"

                """, native: true),
    ]

    static let uncertain: [Sample] = [
        Sample(
            name: "a command", text: "export TODO_DIR=$HOME\ntouch \"$HOME/used\"\n", native: false),
        Sample(
            name: "an if",
            text:
                "if [ -d \"$HOME/x\" ]; then\n  export TODO_DIR=$HOME/x\nelse\n  export TODO_DIR=$HOME\nfi\n",
            native: false),
        Sample(
            name: "command substitution", text: "export TODO_DIR=$(echo \"$HOME\")\n", native: false
        ),
        Sample(name: "backticks", text: "export TODO_DIR=`echo $HOME`\n", native: false),
        Sample(
            name: "a function", text: "f() { export TODO_DIR=$HOME/f; }\nf\n", native: false),
        Sample(name: "source", text: "export X=1\n. /dev/null\n", native: false),
        Sample(name: "two commands on a line", text: "export A=1; export B=2\n", native: false),
        Sample(name: "PATH", text: "export PATH=$PATH:~/bin\n", native: false),
        Sample(name: "a glob", text: "X=*\n", native: false),
        Sample(name: "CRLF", text: "export TODO_DIR=$HOME\r\nexport B=1\r\n", native: false),
        Sample(name: "ANSI-C quotes", text: "export TAB=$'\\t'\n", native: false),
        Sample(name: "a continued line", text: "export A=one\\\ntwo\n", native: false),
        Sample(name: "a quote over two lines", text: "export A=\"one\ntwo\"\n", native: false),
        Sample(name: "append", text: "export A=x\nA+=y\n", native: false),
        Sample(name: "another user's home", text: "export TODO_DIR=~root/todo\n", native: false),
        Sample(name: "a positional parameter", text: "export A=$1\n", native: false),
        Sample(name: "unset", text: "unset TODOTXT_VERBOSE\n", native: false),
        Sample(name: "pattern removal", text: "export A=${HOME%/*}\n", native: false),
        Sample(name: "PWD", text: "export A=$PWD\n", native: false),
        Sample(name: "export -n", text: "export -n TODOTXT_VERBOSE\n", native: false),
        Sample(name: "invalid UTF-8", text: "export A=\"caf\u{FFFD}\"\n", native: false),
    ]

    /// The variables todo.sh holds when it sources a config, here with `-d`.
    static func variables(home: String, config: String) -> ShellVariables {
        var options = Options()
        options.configFile = config
        options.words = ["ls"]
        let environment = Environment(
            variables: [
                "HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                "EXISTING_SPACES": "a  b\tc", "EMPTY_VALUE": "", "TODO_DIR": home + "/env",
            ], programPath: "/usr/bin/todo", currentDirectory: home, storage: FileStorage(),
            clock: SystemClock(), console: .capturing())
        return Settings.beforeConfig(options: options, environment: environment).variables
    }

    /// Sources `sample` both ways and compares.
    func compare(_ sample: Sample) throws {
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let path = home.appendingPathComponent("config").path
        var bytes = Array(sample.text.utf8)
        if sample.name == "invalid UTF-8" {
            bytes = Array("export A=\"caf\u{C3}\"\n".utf8.prefix(14)) + [0xC3, 0x22, 0x0A]
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let before = Self.variables(home: home.path, config: path)
        let native = ConfigReader.read(bytes, variables: before)
        if let expected = sample.native {
            #expect((native != nil) == expected, "native reading: \(native != nil)")
        }
        func source(_ reading: ConfigFile.Reading) throws -> ShellVariables? {
            let console = Console.capturing()
            let outcome = try ConfigFile.source(
                path, variables: before, arguments: ["ls"], programPath: "/usr/bin/todo",
                storage: FileStorage(), console: console, reading: reading)
            #expect(console.capturedCombined.isEmpty)
            guard case .variables(let variables) = outcome else { return nil }
            return variables
        }
        let automatic = try #require(try source(.automatic))
        let bash = try #require(try source(.bash))
        for name in Set(automatic.values.keys).union(bash.values.keys).sorted() {
            #expect(automatic[name] == bash[name], "\(name)")
        }
        #expect(automatic.environment == bash.environment)
        for name in ["TODO_DIR", "TODO_FILE", "DONE_FILE", "REPORT_FILE"] {
            #expect(
                automatic.exportedNames.contains(name) == bash.exportedNames.contains(name),
                "export of \(name)")
        }
        if let native { #expect(native == automatic) }
    }

    @Test(arguments: certain)
    func nativeReadingMatchesBash(_ sample: Sample) throws { try compare(sample) }

    /// The global configs installed on this machine (Debian's todotxt-cli ships
    /// /etc/todo-txt/config), read both ways.
    static let installed: [Sample] = ["/etc/todo/config", "/etc/todo-txt/config"].compactMap {
        guard let text = try? String(contentsOfFile: $0, encoding: .utf8) else { return nil }
        return Sample(name: $0, text: text, native: nil)
    }

    @Test(arguments: installed)
    func installedConfigsMatchBash(_ sample: Sample) throws { try compare(sample) }

    @Test(arguments: uncertain)
    func uncertainConfigsGoToBash(_ sample: Sample) throws { try compare(sample) }

    /// The reader changes nothing it does not understand: a file it cannot read leaves the
    /// variables as they were.
    @Test func halfReadConfigChangesNothing() {
        let before = ShellVariables(environment: ["HOME": "/h"])
        #expect(
            ConfigReader.read(Array("export A=1\nexport B=$(date)\n".utf8), variables: before)
                == nil)
    }

    /// Every name bash or todo.sh owns sends a config that reads or sets it to bash, and a
    /// name just beside one in byte order (one more or one less byte, another last byte) is
    /// read natively: the owned names are found by halving, which holds only while they stay
    /// in order.
    @Test func everyShellOwnedNameGoesToBash() {
        let before = ShellVariables(environment: ["HOME": "/h", "X": "1"])
        for name in ConfigReader.shellOwned {
            #expect(
                ConfigReader.read(Array("A=$\(name)\n".utf8), variables: before) == nil, "\(name)")
            #expect(
                ConfigReader.read(Array("\(name)=1\n".utf8), variables: before) == nil, "\(name)")
        }
        let owned = Set(ConfigReader.shellOwned)
        for name in ConfigReader.shellOwned {
            var neighbours = [name + "X", String(name.dropLast())]
            if let last = name.utf8.last, last != 0x5A, last != 0x7A, last != 0x39 {
                neighbours.append(String(name.dropLast()) + String(UnicodeScalar(last + 1)))
            }
            for other in neighbours
            where !owned.contains(other) && ConfigReader.isName(other)
                && !other.hasPrefix("BASH_") && !other.hasPrefix("OVR_")
            {
                let read = ConfigReader.read(Array("export \(other)=$X\n".utf8), variables: before)
                #expect(read?[other] == "1", "\(other)")
            }
        }
    }
}
