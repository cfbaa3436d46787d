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
        var output: [UInt8] = []
        do {
            try request.run(on: list, today: today, into: &output)
        } catch {
            throw CommandFailure.message(["\(program): query: \(error)"], status: 2)
        }
        console.write(output)
        return 0
    }
}
