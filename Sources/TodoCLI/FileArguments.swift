/// The arguments `export` and `check` share: an optional FILE (or `-` for standard input) and
/// `--format NAME` / `--format=NAME`.
struct FileArguments {
    /// The file, `-`, or `nil` for the todo file.
    var file: String?
    /// The format asked for, or the default.
    var format: String

    /// Parses `words` (the action's arguments); on a mistake prints one line naming it and
    /// returns `nil` (the action then exits 2).
    static func parse(
        _ words: ArraySlice<String>, action: String, formats: [String], session: Session
    ) -> FileArguments? {
        var arguments = FileArguments(file: nil, format: formats[0])
        let expected = formats.joined(separator: ", ")
        func fail(_ message: String) -> FileArguments? {
            session.console.error("\(session.program): \(action): \(message)")
            return nil
        }
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            if word == "--format" {
                guard index + 1 < words.endIndex else {
                    return fail("--format needs a value: \(expected)")
                }
                arguments.format = words[index + 1]
                index += 2
                continue
            }
            if word.hasPrefix("--format=") {
                arguments.format = String(word.dropFirst("--format=".count))
            } else if word.hasPrefix("-") && word != "-" {
                return fail("unknown option '\(word)'")
            } else if arguments.file == nil {
                arguments.file = word
            } else {
                return fail("unexpected argument '\(word)'")
            }
            index += 1
        }
        guard formats.contains(arguments.format) else {
            return fail("unknown format '\(arguments.format)'; expected \(expected)")
        }
        return arguments
    }
}
