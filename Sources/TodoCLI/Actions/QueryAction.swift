import TodoQuery
import TodoStore
import TodoTxt

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
    static let completionWords = CompletionWords(
        flags: ["--sort", "--format", "--all", "--limit"],
        options: [
            .init(name: "--sort", values: ItemFields.sortKeyCompletions, isList: true),
            .init(name: "--format", values: ["text", "todotxt", "json", "jsonl", "csv"]),
            .init(name: "--limit"),
        ],
        anywhere: ItemFields.comparableSpellings + ["done", "open", "and", "or", "not"])

    /// The parsed expression, order, format and limits.
    let request: QueryRequest

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        do {
            request = try QueryRequest.parseArguments(arguments.rest())
        } catch {
            throw .invalid(action: "query", message: "\(error)")
        }
    }

    /// Selects tasks with the query language and prints them in one buffered pass (the README,
    /// "Querying tasks"). A mistake in the expression, a sort key or a format exits 2 with one
    /// line that shows the column.
    func run(in context: Context) throws -> Int32 {
        let list = try context.operations.readList(context.settings.todoFile)
        let request = request
        let today = context.now.date
        let console = context.console
        let pipeline = ListingPipeline(
            select: { () throws(QueryError) in
                try request.selectedLines(in: list, today: today)
            },
            order: { request.ordered($0, in: list) },
            write: { lines in
                var output: [UInt8] = []
                request.format.write(lines: lines, of: list, into: &output)
                console.write(output)
            })
        do {
            try context.operations.run(pipeline)
        } catch let error as QueryError {
            throw CommandFailure.message(["\(context.program): query: \(error)"], status: 2)
        }
        return 0
    }
}
