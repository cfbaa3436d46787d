import TodoTxt

/// Reads a todo.sh config file without running bash, when every line is of a kind whose
/// meaning is certain: blank lines and comments; `NAME=value` and `export NAME=value` (also
/// several on one line, and `export NAME`); `: ${NAME:=value}` defaults. Values may be quoted
/// with single or double quotes or not at all, start with `~`, and use `$NAME`, `${NAME}`,
/// `${NAME:-value}`, `${NAME:=value}` and `${NAME:+value}` (each also without the colon).
///
/// Anything else (a command, a command substitution, an `if`, a function, `source`, a glob, a
/// variable that bash sets itself such as `$PWD` or `$RANDOM`, invalid UTF-8, a CR) makes the
/// whole file uncertain, and ``ConfigFile`` runs bash instead: the two give the same variables.
struct ConfigReader {
    /// A construct the reader does not interpret with certainty.
    struct Uncertain: Error {}

    /// The variables the config sees and changes.
    private(set) var variables: ShellVariables

    /// Reads `text` with `variables` as the shell's variables before it; `nil` when some line
    /// is not certain (then nothing is changed).
    static func read(_ text: [UInt8], variables: ShellVariables) -> ShellVariables? {
        // Valid UTF-8 only: an ASCII file is, and only another one is decoded to tell.
        guard
            text.allSatisfy({ $0 < 0x80 })
                || String(decoding: text, as: UTF8.self).utf8.elementsEqual(text)
        else { return nil }
        var reader = ConfigReader(variables: variables)
        do {
            var start = 0
            while start < text.count {
                let end = text[start...].firstIndex(of: 0x0A) ?? text.count
                if end > start { try reader.run(text[start..<end]) }
                start = end + 1
            }
        } catch {
            return nil
        }
        return reader.variables
    }

    /// Names bash sets or reads itself (or todo.sh sets before sourcing the config), whose
    /// value in a bash run the reader cannot know; in byte order, looked up by halving (a set
    /// of them would be hashed on every run that reads a config).
    static let shellOwned: [String] = [
        "BASH", "BASHOPTS", "BASHPID", "BASH_ALIASES", "BASH_ARGC", "BASH_ARGV", "BASH_ARGV0",
        "BASH_CMDS", "BASH_COMMAND", "BASH_COMPAT", "BASH_ENV", "BASH_EXECUTION_STRING",
        "BASH_LINENO", "BASH_LOADABLES_PATH", "BASH_REMATCH", "BASH_SOURCE", "BASH_SUBSHELL",
        "BASH_VERSINFO", "BASH_VERSION", "BASH_XTRACEFD", "CDPATH", "CFG_FILE_ALT", "CHILD_MAX",
        "COLUMNS", "COMP_CWORD", "COMP_KEY", "COMP_LINE", "COMP_POINT", "COMP_TYPE",
        "COMP_WORDBREAKS", "COMP_WORDS", "COPROC", "DIRSTACK", "EMACS", "ENV", "EPOCHREALTIME",
        "EPOCHSECONDS", "EUID", "EXECIGNORE", "FCEDIT", "FIGNORE", "FUNCNAME", "FUNCNEST",
        "GLOBIGNORE", "GROUPS", "HIDE_CONTEXT_NAMES", "HIDE_PRIORITY_LABELS", "HIDE_PROJECT_NAMES",
        "HISTCMD", "HISTCONTROL", "HISTFILE", "HISTFILESIZE", "HISTIGNORE", "HISTSIZE",
        "HISTTIMEFORMAT", "HOSTFILE", "HOSTNAME", "HOSTTYPE", "IFS", "IGNOREEOF", "INPUTRC",
        "INSIDE_EMACS", "LINENO", "LINES", "MACHTYPE", "MAIL", "MAILCHECK", "MAILPATH", "MAPFILE",
        "OLDPWD", "OPTARG", "OPTERR", "OPTIND", "OSTYPE", "Option", "PATH", "PIPESTATUS",
        "POSIXLY_CORRECT", "PPID", "PROMPT_COMMAND", "PROMPT_DIRTRIM", "PS0", "PS1", "PS2", "PS3",
        "PS4", "PWD", "RANDOM", "READLINE_ARGUMENT", "READLINE_LINE", "READLINE_MARK",
        "READLINE_POINT", "REPLY", "SECONDS", "SHELL", "SHELLOPTS", "SHLVL", "SRANDOM",
        "TIMEFORMAT", "TMOUT", "TODO_ACTIONS_DIR_ALT", "UID", "VERSION", "_",
        "configFileLocations", "oneline_usage",
    ]

    /// Whether the reader can read or write `name` exactly as bash would.
    static func isCertain(_ name: String) -> Bool {
        !isShellOwned(name) && !name.hasBytePrefix("OVR_") && !name.hasBytePrefix("BASH_")
            && !name.hasBytePrefix("__todo_")
    }

    /// Whether `name` is one of ``shellOwned``.
    static func isShellOwned(_ name: String) -> Bool {
        let index = shellOwned.partitionPoint { $0 >= name }
        return index < shellOwned.count && shellOwned[index] == name
    }

    // MARK: Words

    /// One piece of a word.
    private enum Segment {
        /// Bytes as they stand; `quoted` when they came from quotes or a backslash.
        /// The bytes are most often a stretch of the line itself, which costs no copy.
        case literal(ArraySlice<UInt8>, quoted: Bool)
        /// `~` at the start of a word: `$HOME`.
        case home
        /// `$NAME` or `${NAME...}`.
        case parameter(name: String, operation: Operation?, word: [Segment])
    }

    /// What `${NAME<op>word}` does.
    private enum Operation {
        case useDefault(colon: Bool)
        case assignDefault(colon: Bool)
        case useAlternative(colon: Bool)
    }

    /// The bytes of one line and a position in them.
    private struct Line {
        /// The line within the file's bytes (indexed as the file is).
        let bytes: ArraySlice<UInt8>
        var index: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        var atEnd: Bool { index >= bytes.endIndex }
        var current: UInt8? { atEnd ? nil : bytes[index] }
        var next: UInt8? { index + 1 < bytes.endIndex ? bytes[index + 1] : nil }

        mutating func skipBlanks() {
            while let byte = current, byte == 0x20 || byte == 0x09 { index += 1 }
        }
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    /// Whether `name` is a shell variable name.
    static func isName(_ name: String) -> Bool { isName(name.utf8) }

    /// Whether `bytes` spell a shell variable name.
    static func isName(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, isNameStart(first) else { return false }
        return bytes.allSatisfy(isNameByte)
    }

    /// Whether `byte` means more than itself outside quotes: operators, substitutions, globs,
    /// braces.
    private static func isUnquotedSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ";"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "<"),
            UInt8(ascii: ">"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "`"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "*"), UInt8(ascii: "?"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\r"):
            true
        default: false
        }
    }

    /// Whether `byte` stands for itself in a word outside double quotes: none of the bytes
    /// ``word(_:inBraces:)`` handles on their own, and not the byte that ends the word.
    private static func isOrdinary(_ byte: UInt8, inBraces: Bool) -> Bool {
        switch byte {
        case 0x20, 0x09: inBraces
        case 0x7D: false
        case 0x27, 0x22, 0x5C, 0x24, 0x7E: false
        default: !isUnquotedSpecial(byte)
        }
    }

    /// Appends bytes to the word, joining them to a literal just before them that has the same
    /// quoting. The literal is taken out of the list before it grows, so that its bytes are
    /// not copied for every byte added.
    private static func append(
        _ added: ArraySlice<UInt8>, quoted: Bool, to segments: inout [Segment]
    ) {
        if case .literal(var bytes, let wasQuoted)? = segments.last, wasQuoted == quoted {
            segments.removeLast()
            bytes.append(contentsOf: added)
            segments.append(.literal(bytes, quoted: quoted))
        } else {
            segments.append(.literal(added, quoted: quoted))
        }
    }

    /// A word outside double quotes; inside `${...}` when `inBraces` (then blanks belong to it
    /// and `}` ends it).
    private static func word(_ line: inout Line, inBraces: Bool) throws(Uncertain) -> [Segment] {
        var segments: [Segment] = []
        while let byte = line.current {
            if !inBraces && (byte == 0x20 || byte == 0x09) { break }
            if inBraces && byte == 0x7D { break }
            switch byte {
            case 0x27:  // '...'
                line.index += 1
                let start = line.index
                while let inner = line.current, inner != 0x27 { line.index += 1 }
                guard !line.atEnd else { throw Uncertain() }
                segments.append(.literal(line.bytes[start..<line.index], quoted: true))
                line.index += 1
            case 0x22:  // "..."
                line.index += 1
                segments += try doubleQuoted(&line)
            case 0x5C:  // backslash
                guard let escaped = line.next else { throw Uncertain() }
                line.index += 2
                append([escaped], quoted: true, to: &segments)
            case 0x24:  // $
                segments.append(try dollar(&line, quoted: false))
            case 0x7E:  // ~
                guard startsValue(segments, inBraces: inBraces) else { throw Uncertain() }
                line.index += 1
                let after = line.current
                guard
                    after == nil || after == 0x2F || (!inBraces && (after == 0x20 || after == 0x09))
                        || (inBraces && after == 0x7D)
                else { throw Uncertain() }
                segments.append(.home)
            default:
                guard !isUnquotedSpecial(byte) else { throw Uncertain() }
                // A run of bytes that stand for themselves, taken at once.
                let start = line.index
                line.index += 1
                while let next = line.current, isOrdinary(next, inBraces: inBraces) {
                    line.index += 1
                }
                append(line.bytes[start..<line.index], quoted: false, to: &segments)
            }
        }
        return segments
    }

    /// Whether a `~` here starts a word or the value of an assignment, where bash expands it.
    private static func startsValue(_ segments: [Segment], inBraces: Bool) -> Bool {
        if segments.isEmpty { return true }
        guard !inBraces, segments.count == 1, case .literal(let bytes, false) = segments[0],
            bytes.last == 0x3D
        else { return false }
        return isName(bytes.dropLast())
    }

    /// The inside of `"..."`, after the opening quote; consumes the closing one.
    private static func doubleQuoted(_ line: inout Line) throws(Uncertain) -> [Segment] {
        var segments: [Segment] = []
        while let byte = line.current, byte != 0x22 {
            switch byte {
            case 0x5C:
                guard let escaped = line.next else { throw Uncertain() }
                if [0x24, 0x60, 0x22, 0x5C].contains(escaped) {
                    append([escaped], quoted: true, to: &segments)
                    line.index += 2
                } else {
                    append([byte], quoted: true, to: &segments)
                    line.index += 1
                }
            case 0x24:
                segments.append(try dollar(&line, quoted: true))
            case 0x60:
                throw Uncertain()
            default:
                // A run of bytes that stand for themselves inside the quotes, taken at once.
                let start = line.index
                line.index += 1
                while let next = line.current, next != 0x22, next != 0x5C, next != 0x24,
                    next != 0x60
                {
                    line.index += 1
                }
                append(line.bytes[start..<line.index], quoted: true, to: &segments)
            }
        }
        guard !line.atEnd else { throw Uncertain() }
        line.index += 1
        return segments
    }

    /// A `$...` at the position: a parameter, or a lone `$`.
    private static func dollar(_ line: inout Line, quoted: Bool) throws(Uncertain) -> Segment {
        line.index += 1
        guard let byte = line.current else { return .literal([0x24], quoted: quoted) }
        if isNameStart(byte) {
            let start = line.index
            while let inner = line.current, isNameByte(inner) { line.index += 1 }
            return .parameter(
                name: String(decoding: line.bytes[start..<line.index], as: UTF8.self),
                operation: nil, word: [])
        }
        if byte == 0x7B {
            return try braced(&line, quoted: quoted)
        }
        // $1, $@, $$, $(...), $'...', $"..." and the like are not for the reader.
        if isNameByte(byte) || Set("@*#?$!-(".utf8).contains(byte) { throw Uncertain() }
        // Outside double quotes, $'...' and $"..." are quotes of their own.
        if !quoted && (byte == 0x27 || byte == 0x22) { throw Uncertain() }
        return .literal([0x24], quoted: quoted)
    }

    /// `${NAME}` or `${NAME<op>word}`, after the `$`.
    private static func braced(_ line: inout Line, quoted: Bool) throws(Uncertain) -> Segment {
        line.index += 1
        let start = line.index
        while let inner = line.current, isNameByte(inner) { line.index += 1 }
        let nameBytes = line.bytes[start..<line.index]
        guard isName(nameBytes) else { throw Uncertain() }
        let name = String(decoding: nameBytes, as: UTF8.self)
        guard var byte = line.current else { throw Uncertain() }
        if byte == 0x7D {
            line.index += 1
            return .parameter(name: name, operation: nil, word: [])
        }
        var colon = false
        if byte == 0x3A {
            colon = true
            line.index += 1
            guard let after = line.current else { throw Uncertain() }
            byte = after
        }
        let operation: Operation
        switch byte {
        case 0x2D: operation = .useDefault(colon: colon)
        case 0x3D: operation = .assignDefault(colon: colon)
        case 0x2B: operation = .useAlternative(colon: colon)
        default: throw Uncertain()
        }
        line.index += 1
        var word: [Segment] = []
        if quoted {
            // Inside double quotes, quotes and backslashes in the word follow rules of their
            // own: leave those to bash.
            while let inner = line.current, inner != 0x7D {
                if inner == 0x24 {
                    word.append(try dollar(&line, quoted: true))
                } else {
                    guard ![0x22, 0x27, 0x5C, 0x60, 0x7E].contains(inner) else { throw Uncertain() }
                    append([inner], quoted: true, to: &word)
                    line.index += 1
                }
            }
        } else {
            word = try self.word(&line, inBraces: true)
        }
        guard line.current == 0x7D else { throw Uncertain() }
        line.index += 1
        return .parameter(name: name, operation: operation, word: word)
    }

    // MARK: Running

    /// Runs one line.
    private mutating func run(_ bytes: ArraySlice<UInt8>) throws(Uncertain) {
        if try runSimple(bytes) { return }
        var line = Line(bytes: bytes)
        var words: [[Segment]] = []
        while true {
            line.skipBlanks()
            guard let byte = line.current, byte != 0x23 else { break }
            words.append(try Self.word(&line, inBraces: false))
        }
        guard let first = words.first else { return }
        switch Self.plainText(first) {
        case "export":
            guard words.count > 1 else { throw Uncertain() }
            for word in words.dropFirst() {
                if let (name, value) = Self.assignment(word) {
                    try assign(name, try expand(value), exports: true)
                } else if let name = Self.plainText(word), Self.isName(name.utf8) {
                    guard Self.isCertain(name) else { throw Uncertain() }
                    variables.export(name)
                } else {
                    throw Uncertain()
                }
            }
        case ":":
            for word in words.dropFirst() { _ = try expand(word) }
        default:
            for word in words {
                guard let (name, value) = Self.assignment(word) else { throw Uncertain() }
                try assign(name, try expand(value))
            }
        }
    }

    /// Runs the commonest line at once, without words and segments: `NAME=value` or
    /// `export NAME=value` alone on its line, the value made of runs of unquoted bytes, `'...'`,
    /// `"..."` without a backslash, a backquote or `${`, and `$NAME`. Returns false, having
    /// changed nothing, for any other line, which ``run(_:)`` then reads word by word; a
    /// parameter the reader cannot know throws, as it would there.
    private mutating func runSimple(_ bytes: ArraySlice<UInt8>) throws(Uncertain) -> Bool {
        var index = bytes.startIndex
        let end = bytes.endIndex
        func isBlank(_ at: Int) -> Bool { at < end && (bytes[at] == 0x20 || bytes[at] == 0x09) }
        while isBlank(index) { index += 1 }
        let exports = bytes[index...].starts(with: "export".utf8) && isBlank(index + 6)
        if exports {
            index += 6
            while isBlank(index) { index += 1 }
        }
        let nameStart = index
        guard index < end, Self.isNameStart(bytes[index]) else { return false }
        while index < end, Self.isNameByte(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == 0x3D else { return false }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        index += 1
        var value = ""
        /// `$NAME` at `index` (on the `$`): its value added; false when no name follows.
        func parameter() throws(Uncertain) -> Bool {
            let start = index + 1
            guard start < end, Self.isNameStart(bytes[start]) else { return false }
            index = start
            while index < end, Self.isNameByte(bytes[index]) { index += 1 }
            value += try lookUp(String(decoding: bytes[start..<index], as: UTF8.self)) ?? ""
            return true
        }
        while index < end {
            switch bytes[index] {
            case 0x27:  // '...'
                let start = index + 1
                guard let close = bytes[start...].firstIndex(of: 0x27) else { return false }
                value += String(decoding: bytes[start..<close], as: UTF8.self)
                index = close + 1
            case 0x22:  // "...", with $NAME
                index += 1
                while index < end, bytes[index] != 0x22 {
                    switch bytes[index] {
                    case 0x5C, 0x60: return false
                    case 0x24: guard try parameter() else { return false }
                    default:
                        let start = index
                        while index < end,
                            ![0x22, 0x5C, 0x60, 0x24].contains(bytes[index])
                        {
                            index += 1
                        }
                        value += String(decoding: bytes[start..<index], as: UTF8.self)
                    }
                }
                guard index < end else { return false }
                index += 1
            case 0x24:  // $NAME
                guard try parameter() else { return false }
            default:
                guard Self.isOrdinary(bytes[index], inBraces: false) else { return false }
                let start = index
                while index < end, Self.isOrdinary(bytes[index], inBraces: false) { index += 1 }
                value += String(decoding: bytes[start..<index], as: UTF8.self)
            }
        }
        try assign(name, value, exports: exports)
        return true
    }

    /// The text of a word made of unquoted bytes only.
    private static func plainText(_ word: [Segment]) -> String? {
        guard word.count == 1, case .literal(let bytes, false) = word[0] else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `NAME=value`: the name and the value's segments.
    private static func assignment(_ word: [Segment]) -> (String, [Segment])? {
        guard case .literal(let bytes, false)? = word.first,
            let equals = bytes.firstIndex(of: 0x3D), isName(bytes[..<equals])
        else { return nil }
        let rest = bytes[(equals + 1)...]
        return (
            String(decoding: bytes[..<equals], as: UTF8.self),
            (rest.isEmpty ? [] : [.literal(rest, quoted: false)]) + word.dropFirst()
        )
    }

    /// `NAME=value`, or `export NAME=value` when `exports`.
    private mutating func assign(
        _ name: String, _ value: String, exports: Bool = false
    ) throws(Uncertain) {
        guard Self.isCertain(name) else { throw Uncertain() }
        if exports { variables.export(name, value) } else { variables[name] = value }
    }

    private func lookUp(_ name: String) throws(Uncertain) -> String? {
        guard Self.isCertain(name) else { throw Uncertain() }
        return variables[name]
    }

    /// The value of a word: parameters expanded, quotes removed (assignments do no splitting).
    private mutating func expand(_ segments: [Segment]) throws(Uncertain) -> String {
        var result = ""
        for segment in segments {
            switch segment {
            case .literal(let bytes, _):
                result += String(decoding: bytes, as: UTF8.self)
            case .home:
                guard let home = try lookUp("HOME") else { throw Uncertain() }
                result += home
            case .parameter(let name, let operation, let word):
                let current = try lookUp(name)
                guard let operation else {
                    result += current ?? ""
                    continue
                }
                switch operation {
                case .useDefault(let colon):
                    if let current, !(colon && current.isEmpty) {
                        result += current
                    } else {
                        result += try expand(word)
                    }
                case .assignDefault(let colon):
                    if let current, !(colon && current.isEmpty) {
                        result += current
                    } else {
                        let value = try expand(word)
                        try assign(name, value)
                        result += value
                    }
                case .useAlternative(let colon):
                    if let current, !(colon && current.isEmpty) { result += try expand(word) }
                }
            }
        }
        return result
    }
}
