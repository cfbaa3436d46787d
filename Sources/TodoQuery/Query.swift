public import TodoTxt

/// A parsed filter expression such as `+work pri:A-B due<=eow -@waiting` (query.md section 2).
///
/// Parse once, then evaluate against many items; evaluation never throws and never modifies
/// anything. Dates relative to today (`+3d`, `fri`, `eom`) are resolved at evaluation time, or
/// once for all items with ``resolved(today:)``.
///
/// ```swift
/// let query = try Query(parsing: "+work and (pri:A or due<today)").resolved(today: today)
/// for (index, line) in list.enumerated() where query.matches(line.item, line: index + 1, today: today) {
///     print(index + 1, line.text)
/// }
/// ```
public struct Query: Sendable {
    /// The expression tree; `nil` for an empty expression, which matches every item.
    let root: QueryNode?
    /// The expression as it was parsed.
    public let text: String
    /// The aspects of a task the expression mentions, which turn off the matching part of the
    /// default view (query.md section 4).
    public let usedAspects: QueryAspects

    /// The empty expression: matches every item and uses no aspect.
    public init() {
        root = nil
        text = ""
        usedAspects = []
    }

    /// Parses a filter expression such as `+work @phone due<=today not done`.
    ///
    /// - Parameter text: The expression; on the command line, the words joined with single
    ///   spaces. Empty text matches every item.
    /// - Throws: ``QueryError`` with the column of the first bad token: a syntax error, an
    ///   invalid value of a typed field (`pri:AA`, `due:someday`, `line:x`), a range that
    ///   starts after it ends, or a regex that does not compile.
    public init(parsing text: String) throws(QueryError) {
        var parser = try QueryParser(Array(text.utf8))
        root = try parser.parse()
        self.text = text
        usedAspects = parser.aspects
    }

    private init(root: QueryNode?, text: String, usedAspects: QueryAspects) {
        self.root = root
        self.text = text
        self.usedAspects = usedAspects
    }

    /// The same query with every relative date fixed to the dates they name on `today`, so
    /// that evaluation no longer depends on the `today` it is given.
    ///
    /// - Throws: ``QueryError`` when a range starts after it ends once its dates are resolved
    ///   (`due:+1w..today`), or a date falls outside years 1 to 9999.
    public func resolved(today: LocalDate) throws(QueryError) -> Query {
        guard let root else { return self }
        return Query(
            root: try root.resolved(today: today), text: text, usedAspects: usedAspects)
    }

    /// Whether the item satisfies the expression.
    ///
    /// - Parameters:
    ///   - item: The parsed line.
    ///   - line: Its physical line number, 1-based (the `line` field).
    ///   - today: The date that relative dates are counted from.
    public func matches(_ item: TODOItem, line: Int, today: LocalDate) -> Bool {
        guard let root else { return true }
        return root.evaluate(item, line: line, today: today)
    }

    /// Whether the default view of `todo query` shows the item (query.md section 4).
    ///
    /// Blank lines are never shown. Unless `includingAll` is set or the expression uses that
    /// aspect, completed tasks, hidden tasks (`h:1`) and tasks whose threshold `t:` is after
    /// `today` are left out.
    public func showsByDefault(_ item: TODOItem, includingAll: Bool, today: LocalDate) -> Bool {
        if item.isBlank { return false }
        if includingAll { return true }
        if item.isDone && !usedAspects.contains(.completion) { return false }
        let checkHidden = !usedAspects.contains(.hidden)
        let checkThreshold = !usedAspects.contains(.threshold)
        guard checkHidden || checkThreshold else { return true }
        var hidden = false
        var sawHidden = !checkHidden
        var threshold: LocalDate?
        var sawThreshold = !checkThreshold
        WordScanner.forEach(in: item.descriptionBytes) { word in
            guard word.kind == .tag else { return true }
            if !sawHidden && word.nameIs(ItemFields.hiddenKey) {
                sawHidden = true
                hidden = word.value.count == 1 && word.value[0] == 0x31
            } else if !sawThreshold && word.value.count == 10
                && word.nameIs(ItemFields.thresholdKey)
            {
                threshold = LocalDate(utf8: word.value)
                sawThreshold = threshold != nil
            }
            return !(sawHidden && sawThreshold) && !hidden
        }
        if hidden { return false }
        if let threshold, threshold > today { return false }
        return true
    }
}

/// Aspects of a task that a query can mention; each one the expression uses turns off the part
/// of the default view that would hide such tasks (query.md section 4).
public struct QueryAspects: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `done`, `open` or a `completed` comparison: completed tasks are not left out.
    public static let completion = QueryAspects(rawValue: 1)
    /// A comparison on the `h` tag: hidden tasks are not left out.
    public static let hidden = QueryAspects(rawValue: 2)
    /// A comparison on `t` or `threshold`: tasks with a future threshold are not left out.
    public static let threshold = QueryAspects(rawValue: 4)
    /// A comparison on `line`: a line's number in the file must be known when it is tested.
    package static let lineNumber = QueryAspects(rawValue: 8)
}
