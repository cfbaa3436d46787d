import TodoQuery
import TodoStore
import TodoTxt

extension Session {
    /// `query [EXPRESSION...] [--sort KEYS] [--format FORMAT] [--all] [--limit N]` (the README,
    /// "Querying tasks"): selects tasks with the query language and prints them in one buffered
    /// pass. A mistake in the expression, a sort key or a format exits 2 with one line that shows
    /// the column.
    func query(_ request: QueryRequest) throws -> Int32 {
        let list = try readList(settings.todoFile)
        let pipeline = ListingPipeline(
            select: { () throws(QueryError) in
                try request.selectedLines(in: list, today: self.today)
            },
            order: { request.ordered($0, in: list) },
            write: { lines in
                var output: [UInt8] = []
                request.format.write(lines: lines, of: list, into: &output)
                self.console.write(output)
            })
        do {
            try run(pipeline)
        } catch let error as QueryError {
            throw CommandFailure.message(["\(program): query: \(error)"], status: 2)
        }
        return 0
    }
}
