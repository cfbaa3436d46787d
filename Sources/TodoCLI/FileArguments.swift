/// The arguments `export` and `check` share: an optional FILE (or `-` for standard input) and
/// `--format NAME` / `--format=NAME`.
struct FileArguments {
    /// The file, `-`, or `nil` for the todo file.
    var file: String?
    /// The format asked for, or the default.
    var format: String

    /// Reads the action's arguments; a mistake is a usage error that names it.
    init(
        _ arguments: inout ArgumentCursor, action: String, formats: [String]
    ) throws(UsageError) {
        file = nil
        format = formats[0]
        let expected = formats.joined(separator: ", ")
        while let word = arguments.peek {
            if word == "--format" || word.hasPrefix("--format=") {
                guard let value = try? arguments.value(of: "--format", action: action) else {
                    throw .invalid(action: action, message: "--format needs a value: \(expected)")
                }
                format = value
                continue
            }
            _ = arguments.next()
            if word.hasPrefix("-") && word != "-" {
                throw .invalid(action: action, message: "unknown option '\(word)'")
            } else if file == nil {
                file = word
            } else {
                throw .invalid(action: action, message: "unexpected argument '\(word)'")
            }
        }
        guard formats.contains(format) else {
            throw .invalid(
                action: action, message: "unknown format '\(format)'; expected \(expected)")
        }
    }
}
