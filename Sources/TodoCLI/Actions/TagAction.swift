/// Sets, adds or removes one `key:value` tag of a task.
struct TagAction: Action {
    static let names = ["tag"]
    static let synopses = ["tag NR KEY [VALUE]"]
    static let help = [
        "Sets the first KEY: tag of task NR to VALUE, or adds KEY:VALUE at the end; without",
        "VALUE, removes every KEY: tag. Dates typed as words (due friday) become dates.",
    ]
    static let completion = CompletionKind.task
    static let writesFiles = true

    /// The task number as typed.
    let number: String
    /// The tag's key.
    let key: String
    /// The new value, or `nil` to remove the tag.
    let value: String?

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let words = arguments.rest()
        guard words.count == 2 || words.count == 3 else { throw .synopsis(Self.synopses[0]) }
        number = words[0]
        key = words[1]
        value = words.count == 3 ? words[2] : nil
    }

    func run(in context: Context) throws -> Int32 {
        try context.operations.tag(number, key: key, value: value)
    }
}
