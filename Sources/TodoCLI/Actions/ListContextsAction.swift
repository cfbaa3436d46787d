/// Lists the @contexts (todo.sh `listcon`).
struct ListContextsAction: TodoShAction {
    static let names = [
        "listcon",
        "lsc",
    ]
    static let synopses = [
        "listcon [TERM...]",
        "lsc [TERM...]",
    ]
    static let help = ["Lists the @contexts used in the tasks that match the terms."]
    static let writesFiles = false

    let words: [String]

    func run(in context: Context) throws -> Int32 {
        try SigilWords(sigil: 0x40, context: context).list(terms: Array(words.dropFirst()))
    }
}
