/// The options given before the action (TodoShCompatibility.md §2), parsed like todo.sh's
/// `getopts ":fhpcnNaAtTvVx+@Pd:"`, plus our `--file PATH`, `--version` and `--help`.
struct Options: Equatable {
    /// `-f`: no confirmations.
    var force: Bool?
    /// `-p` (true) / `-c` (false).
    var plain: Bool?
    /// `-A` (true) / `-a` (false).
    var autoArchive: Bool?
    /// `-N` (true) / `-n` (false).
    var preserveLineNumbers: Bool?
    /// `-t` (true) / `-T` (false).
    var dateOnAdd: Bool?
    /// `-x`.
    var disableFilter: Bool?
    /// How many `-v`.
    var verbosity = 0
    /// `-@` given an odd number of times.
    var hideContexts = false
    /// `-+` given an odd number of times.
    var hideProjects = false
    /// `-P` given an odd number of times.
    var hidePriority = false
    /// `-d FILE`.
    var configFile: String?
    /// `--file PATH`.
    var todoFile: String?
    /// `-h` or `--help`.
    var shortHelp = false
    /// `-V` or `--version`.
    var version = false
    /// The action and its arguments.
    var words: [String] = []

    /// Why the options could not be parsed: an unknown option or a missing argument.
    struct Invalid: Error, Equatable {
        /// The offending option.
        var option: String
    }

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(Invalid) -> Options {
        var options = Options()
        var index = 0
        parsing: while index < arguments.count {
            let word = arguments[index]
            if word == "--" {
                index += 1
                break
            }
            if word == "--version" {
                options.version = true
                return options
            }
            if word == "--help" {
                options.shortHelp = true
                return options
            }
            if word == "--file" || word.hasPrefix("--file=") {
                if word == "--file" {
                    guard index + 1 < arguments.count else { throw Invalid(option: word) }
                    options.todoFile = arguments[index + 1]
                    index += 2
                } else {
                    options.todoFile = String(word.dropFirst("--file=".count))
                    index += 1
                }
                continue
            }
            guard word.hasPrefix("-"), word.count > 1 else { break }
            let letters = Array(word.unicodeScalars.dropFirst())
            var position = 0
            while position < letters.count {
                let letter = letters[position]
                position += 1
                switch letter {
                case "f": options.force = true
                case "h":
                    options.shortHelp = true
                    return options
                case "p": options.plain = true
                case "c": options.plain = false
                case "n": options.preserveLineNumbers = false
                case "N": options.preserveLineNumbers = true
                case "a": options.autoArchive = false
                case "A": options.autoArchive = true
                case "t": options.dateOnAdd = true
                case "T": options.dateOnAdd = false
                case "v": options.verbosity += 1
                case "V":
                    options.version = true
                    return options
                case "x": options.disableFilter = true
                case "+": options.hideProjects.toggle()
                case "@": options.hideContexts.toggle()
                case "P": options.hidePriority.toggle()
                case "d":
                    if position < letters.count {
                        options.configFile = String(String.UnicodeScalarView(letters[position...]))
                    } else {
                        guard index + 1 < arguments.count else { throw Invalid(option: "-d") }
                        index += 1
                        options.configFile = arguments[index]
                    }
                    index += 1
                    continue parsing
                default:
                    throw Invalid(option: "-" + String(letter))
                }
            }
            index += 1
        }
        options.words = Array(arguments[index...])
        return options
    }
}
