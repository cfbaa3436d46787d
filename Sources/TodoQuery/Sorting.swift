public import TodoTxt

/// A list of sort keys applied in order, with file order as the final tie-break
/// (query.md section 3).
///
/// The sort is stable; missing values sort after present ones in either direction. Each
/// item's keys are computed once, not once per comparison.
public struct Sorting: Sendable, Hashable, CustomStringConvertible {
    /// The keys, most significant first.
    public var keys: [SortKey]

    /// Creates a sorting from keys.
    public init(keys: [SortKey]) {
        self.keys = keys
    }

    /// The default: file order (`--sort line`).
    public static let byLine = Sorting(keys: [SortKey(.line)])

    /// Parses the value of `--sort`: keys separated by commas, each optionally prefixed with
    /// `-` for descending, such as `pri,-due,tag:estimate`.
    ///
    /// - Throws: ``QueryError`` for an unknown key or an empty one (`pri,,due`, a trailing
    ///   comma, `tag:`), listing the valid keys.
    public init(parsing text: String) throws(QueryError) {
        var keys: [SortKey] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            if part.isEmpty {
                throw QueryError("empty sort key in '\(text)'", expected: SortKey.names)
            }
            keys.append(try SortKey(parsing: part))
        }
        self.keys = keys
    }

    /// The keys as `--sort` spells them, separated by commas.
    public var description: String { keys.map(\.description).joined(separator: ",") }

    /// Whether sorting leaves entries that are in file order unchanged.
    var isFileOrder: Bool {
        keys.allSatisfy { $0.field == .line && !$0.isDescending }
    }

    /// Sorts pairs of line numbers and items.
    ///
    /// - Parameter entries: The pairs, usually in file order.
    /// - Returns: The same pairs sorted by the keys, then by line number, then by their
    ///   position in `entries`.
    public func sorted(_ entries: [(line: Int, item: TODOItem)]) -> [(line: Int, item: TODOItem)] {
        let order = sortedIndices(lines: entries.map(\.line), items: entries.map(\.item))
        return order.map { entries[$0] }
    }

    /// The permutation of `0..<items.count` that sorts the items.
    func sortedIndices(lines: [Int], items: [TODOItem]) -> [Int] {
        let columns = keys.map { SortColumn(key: $0, lines: lines, items: items) }
        var order = Array(items.indices)
        order.sort { a, b in
            for column in columns {
                let result = column.compare(a, b)
                if result != 0 { return result < 0 }
            }
            if lines[a] != lines[b] { return lines[a] < lines[b] }
            return a < b
        }
        return order
    }
}

/// The precomputed values of one sort key for every item.
private enum SortColumn {
    /// Direction already applied; missing values are `UInt64.max`.
    case ranks([UInt64])
    /// Byte strings compared by scalars; `nil` is missing.
    case bytes([ArraySlice<UInt8>?], descending: Bool)
    /// Tag values: numbers before text; `nil` is missing.
    case tags([TagValue?], descending: Bool)

    enum TagValue {
        case number(Double)
        case text(ArraySlice<UInt8>)
    }

    init(key: SortKey, lines: [Int], items: [TODOItem]) {
        func ranks(_ value: (Int) -> UInt64?) -> SortColumn {
            var result: [UInt64] = []
            result.reserveCapacity(items.count)
            for index in items.indices {
                if let rank = value(index) {
                    result.append(key.isDescending ? UInt64.max - 1 - rank : rank)
                } else {
                    result.append(UInt64.max)
                }
            }
            return .ranks(result)
        }
        func day(_ date: LocalDate?) -> UInt64? {
            date.map { UInt64($0.daysSinceEpoch + 1_000_000) }
        }
        switch key.field {
        case .priority: self = ranks { ItemFields.priority(of: items[$0]).map(UInt64.init) }
        case .due: self = ranks { day(ItemFields.dateTag(ItemFields.dueKey, of: items[$0])) }
        case .threshold:
            self = ranks { day(ItemFields.dateTag(ItemFields.thresholdKey, of: items[$0])) }
        case .created: self = ranks { day(items[$0].creationDate) }
        case .completed: self = ranks { day(items[$0].completionDate) }
        case .line: self = ranks { UInt64(max(0, lines[$0])) }
        case .done: self = ranks { items[$0].isDone ? 1 : 0 }
        case .text:
            self = .bytes(
                items.map { ArraySlice(TextPattern.lowercased($0.descriptionBytes)) },
                descending: key.isDescending)
        case .project:
            self = .bytes(
                items.map { ItemFields.firstName(.project, of: $0) }, descending: key.isDescending)
        case .context:
            self = .bytes(
                items.map { ItemFields.firstName(.context, of: $0) }, descending: key.isDescending)
        case .tag(let name):
            let keyBytes = Array(name.utf8)
            self = .tags(
                items.map { item in
                    guard let value = ItemFields.tag(keyBytes, of: item) else { return nil }
                    if let number = TextPattern.number(value) { return .number(number) }
                    return .text(value)
                }, descending: key.isDescending)
        }
    }

    /// -1, 0 or 1 for the items at two indices.
    @inline(__always)
    func compare(_ a: Int, _ b: Int) -> Int {
        switch self {
        case .ranks(let ranks):
            let x = ranks[a]
            let y = ranks[b]
            return x < y ? -1 : (x == y ? 0 : 1)
        case .bytes(let values, let descending):
            switch (values[a], values[b]) {
            case (nil, nil): return 0
            case (nil, _): return 1
            case (_, nil): return -1
            case (let x?, let y?):
                let order = TextPattern.compare(x, y)
                return descending ? -order : order
            }
        case .tags(let values, let descending):
            switch (values[a], values[b]) {
            case (nil, nil): return 0
            case (nil, _): return 1
            case (_, nil): return -1
            case (let x?, let y?):
                let order: Int
                switch (x, y) {
                case (.number(let m), .number(let n)): order = m < n ? -1 : (m == n ? 0 : 1)
                case (.number, .text): order = -1
                case (.text, .number): order = 1
                case (.text(let s), .text(let t)): order = TextPattern.compare(s, t)
                }
                return descending ? -order : order
            }
        }
    }
}
