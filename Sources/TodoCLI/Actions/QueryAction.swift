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
        "jsonl, csv or a {field} template. The language: QUERY LANGUAGE in todo.1.",
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
    /// "Querying tasks"). The file is read in pieces (a large one in two halves at once) and only
    /// the selected lines are kept. A mistake in the expression, a sort key or a format exits 2
    /// with one line that shows the column.
    func run(in context: Context) throws -> Int32 {
        let request = request
        let today = context.now.date
        let console = context.console
        let session = context.operations
        let path = context.settings.todoFile
        let pipeline = ListingPipeline(
            select: { () throws -> QueryPieceSelector in
                var low = try QueryPieceSelector(request, today: today)
                var high = try QueryPieceSelector(request, today: today, atFileStart: false)
                if low.worksInHalves {
                    try session.readListingPieces(path) { half, piece in
                        if half == 0 { low.take(piece) } else { high.take(piece) }
                    }
                } else {
                    try session.readListingPieces(path, inHalves: false) { _, piece in
                        low.take(piece)
                    }
                }
                low.append(high)
                return low
            },
            order: { selection in
                let list = selection.keptLines
                return (
                    list, selection,
                    request.ordered(
                        Array(list.indices), in: list, numbers: selection.numbers)
                )
            },
            write: { list, selection, lines in
                var output: [UInt8] = []
                request.format.write(
                    lines: lines, of: list, numbers: selection.numbers,
                    lineCount: selection.lineCount, into: &output)
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
