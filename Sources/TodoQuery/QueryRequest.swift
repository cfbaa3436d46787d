public import TodoTxt

/// Everything `todo query` needs: the expression, sort keys, output format, `--all` and
/// `--limit` (the README, "Querying tasks").
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
        ordered(try selectedLines(in: list, today: today), in: list)
    }

    /// The selection stage: the 0-based indices of the lines the expression and the default
    /// view let through, in file order.
    ///
    /// - Throws: ``QueryError`` when a range of relative dates runs backwards on `today`.
    package func selectedLines(in list: TodoList, today: LocalDate) throws(QueryError) -> [Int] {
        let query = try self.query.resolved(today: today)
        var matched: [Int] = []
        let hidesDone = !includesAll && !query.usedAspects.contains(.completion)
        func select(_ index: Int, _ item: TODOItem) {
            // The cheap checks first, then the expression, then the rest of the default view.
            if hidesDone && item.isDone { return }
            if query.matches(item, line: index + 1, today: today)
                && query.showsByDefault(item, includingAll: includesAll, today: today)
            {
                matched.append(index)
            }
        }
        // A regex the whole expression needs is tried on the lines' bytes before parsing: on
        // the whole file at once when it has a literal to search for, else line by line.
        let gate = query.lineGate
        if !gate.isOpen, let admitted = gate.admittedLines(of: list) {
            for index in admitted { select(index, list[index].item) }
            return matched
        }
        for index in list.indices {
            let line = list[index]
            if !gate.isOpen && !gate.admits(line.content) { continue }
            select(index, line.item)
        }
        return matched
    }

    /// The ordering stage: selected line indices sorted by the keys (file order last), then
    /// cut to the limit.
    package func ordered(_ selected: [Int], in list: TodoList) -> [Int] {
        var matched = selected
        if !sorting.isFileOrder {
            // Items are parsed again here rather than kept from the loop above: parsing is
            // cheaper than moving a large array of items while it grows.
            let order = sorting.sortedIndices(
                lines: matched.map { $0 + 1 }, items: matched.map { list[$0].item })
            matched = order.map { matched[$0] }
        }
        if let limit, matched.count > limit {
            matched.removeLast(matched.count - limit)
        }
        return matched
    }

    /// Appends the output of the query over `list` to `output`, in one pass.
    ///
    /// - Throws: ``QueryError`` when a range of relative dates runs backwards on `today`.
    public func run(
        on list: TodoList, today: LocalDate, into output: inout [UInt8]
    )
        throws(QueryError)
    {
        format.write(lines: try matchingLines(in: list, today: today), of: list, into: &output)
    }
}
