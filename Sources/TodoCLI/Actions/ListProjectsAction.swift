/// Lists the +projects (todo.sh `listproj`).
struct ListProjectsAction: TodoShAction {
    static let names = [
        "listproj",
        "lsprj",
    ]
    static let synopses = [
        "listproj [TERM...]",
        "lsprj [TERM...]",
    ]
    static let help = ["Lists the +projects used in the tasks that match the terms."]
    static let writesFiles = false

    let words: [String]

    func run(in context: Context) throws -> Int32 {
        try SigilWords(sigil: 0x2B, context: context).list(terms: Array(words.dropFirst()))
    }
}
