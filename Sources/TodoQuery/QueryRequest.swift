public import TodoTxt

/// Everything `todo query` needs: the expression, sort keys, output format, `--all` and
/// `--limit` (query.md section 1).
///
/// ```swift
/// let request = try QueryRequest.parseArguments(["+work", "pri:A-B", "--sort", "due"])
/// var output: [UInt8] = []
/// try request.run(on: list, today: today, into: &output)
/// ```
public struct QueryRequest: Sendable {
    /// The filter expression; the empty one matches every task of the default view.
    public var query: Query
    /// The sort keys; file order by default.
    public var sorting: Sorting
    /// The output format; `text` by default.
    public var format: OutputFormat
    /// `--all`: turn off the default view (blank lines are still left out).
    public var includesAll: Bool
    /// `--limit N`: print at most this many tasks, after sorting.
    public var limit: Int?

    /// Creates a request.
    public init(
        query: Query = Query(), sorting: Sorting = .byLine, format: OutputFormat = .text,
        includesAll: Bool = false, limit: Int? = nil
    ) {
        self.query = query
        self.sorting = sorting
        self.format = format
        self.includesAll = includesAll
        self.limit = limit
    }

    /// The 0-based indices of the lines to print, filtered, sorted and limited.
    ///
    /// - Throws: ``QueryError`` when a range of relative dates runs backwards on `today`.
    public func matchingLines(in list: TodoList, today: LocalDate) throws(QueryError) -> [Int] {
        try entries(in: list, today: today).map(\.index)
    }

    /// Appends the output of the query over `list` to `output`, in one pass.
    ///
    /// - Throws: ``QueryError`` when a range of relative dates runs backwards on `today`.
    public func run(on list: TodoList, today: LocalDate, into output: inout [UInt8])
        throws(QueryError)
    {
        format.write(try entries(in: list, today: today), of: list, into: &output)
    }

    private func entries(in list: TodoList, today: LocalDate) throws(QueryError)
        -> [(index: Int, item: TODOItem)]
    {
        let query = try self.query.resolved(today: today)
        var matched: [(index: Int, item: TODOItem)] = []
        for index in list.indices {
            let item = list[index].item
            if query.showsByDefault(item, includingAll: includesAll, today: today)
                && query.matches(item, line: index + 1, today: today)
            {
                matched.append((index, item))
            }
        }
        if !sorting.isFileOrder {
            let order = sorting.sortedIndices(
                lines: matched.map { $0.index + 1 }, items: matched.map(\.item))
            matched = order.map { matched[$0] }
        }
        if let limit, matched.count > limit {
            matched.removeLast(matched.count - limit)
        }
        return matched
    }
}
