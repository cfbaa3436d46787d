import TodoQuery

/// `query [EXPRESSION...] [--sort KEYS] [--format FORMAT] [--all] [--limit N]`: the query
/// language over the todo file.
struct QueryAction: Action {
    static let names = ["query", "q"]
    static let synopses = [
        "query [EXPRESSION...] [--sort KEYS] [--format FORMAT] [--all] [--limit N]",
        "q [EXPRESSION...]",
    ]
    static let help = [
        "Selects tasks with an expression (+project @context pri:A-C due<today",
        "and/or/not, parentheses) and prints them sorted, as text, todotxt, json,",
        "jsonl, csv or a {field} template. See the README for the language.",
    ]
    static let writesFiles = false

    /// The parsed expression, order, format and limits.
    let request: QueryRequest

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        do {
            request = try QueryRequest.parseArguments(arguments.rest())
        } catch {
            throw .invalid(action: "query", message: "\(error)")
        }
    }

    func run(in context: Context) throws -> Int32 {
        try context.operations.query(request)
    }
}
