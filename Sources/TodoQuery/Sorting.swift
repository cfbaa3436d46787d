public import TodoTxt

/// A list of sort keys applied in order, with file order as the final tie-break
/// (the README, "Querying tasks").
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
        let count = items.count
        let width = keys.count
        // One row of ranks per item, precomputed once; ties on a rank that only holds a
        // prefix of the value fall back to the full value.
        var ranks = [UInt64](repeating: 0, count: count * width)
        var fallbacks: [SortFallback?] = []
        for (column, key) in keys.enumerated() {
            fallbacks.append(
                SortFallback.fill(
                    &ranks, column: column, width: width, key: key, lines: lines, items: items))
        }
        var order = Array(0..<count)
        ranks.withUnsafeBufferPointer { table in
            lines.withUnsafeBufferPointer { lineNumbers in
                order.sort { a, b in
                    var rowA = a * width
                    var rowB = b * width
                    for column in 0..<width {
                        let x = table[rowA]
                        let y = table[rowB]
                        if x != y { return x < y }
                        if x != UInt64.max, let fallback = fallbacks[column] {
                            let order = fallback.compare(a, b)
                            if order != 0 { return order < 0 }
                        }
                        rowA += 1
                        rowB += 1
                    }
                    if lineNumbers[a] != lineNumbers[b] { return lineNumbers[a] < lineNumbers[b] }
                    return a < b
                }
            }
        }
        return order
    }
}

/// The first `length` (at most 8) bytes of `value`, each passed through `transform`, as one
/// big-endian integer padded with zero bytes, so that comparing keys compares those bytes:
/// the prefix keys that both `--sort` and the todo.sh listing order sort by before they
/// compare whole values.
@inlinable
package func prefixKey(
    _ value: some Collection<UInt8>, length: Int, transform: (UInt8) -> UInt8 = { $0 }
) -> UInt64 {
    var key: UInt64 = 0
    var taken = 0
    for byte in value.prefix(length) {
        key = key << 8 | UInt64(transform(byte))
        taken += 1
    }
    return taken == length ? key : key << (8 * UInt64(length - taken))
}

/// The full values of a column whose ranks hold only a prefix: byte strings (text, names,
/// tag text) and tag numbers, stored flat so that comparing them costs no reference counting.
private final class SortFallback: Sendable {
    /// All byte values, one after another.
    let bytes: [UInt8]
    /// Where each item's bytes start in ``bytes``; one more entry than items.
    let offsets: [Int]
    /// Tag values that are numbers; `nil` in a slot means the value is text or missing.
    let numbers: [Double?]
    /// Whether the order is reversed.
    let descending: Bool

    private init(bytes: [UInt8], offsets: [Int], numbers: [Double?], descending: Bool) {
        self.bytes = bytes
        self.offsets = offsets
        self.numbers = numbers
        self.descending = descending
    }

    /// -1, 0 or 1 for two items whose ranks are equal and present.
    func compare(_ a: Int, _ b: Int) -> Int {
        let order: Int
        if !numbers.isEmpty, let x = numbers[a], let y = numbers[b] {
            order = x < y ? -1 : (x == y ? 0 : 1)
        } else {
            order = bytes.withUnsafeBufferPointer { buffer in
                TextPattern.compare(
                    UnsafeBufferPointer(rebasing: buffer[offsets[a]..<offsets[a + 1]]),
                    UnsafeBufferPointer(rebasing: buffer[offsets[b]..<offsets[b + 1]]))
            }
        }
        return descending ? -order : order
    }

    /// The first seven bytes, big-endian, shifted left by `shift` bits.
    private static func prefix(_ value: some Collection<UInt8>, shift: Int) -> UInt64 {
        prefixKey(value, length: 7) << UInt64(shift)
    }

    /// Maps a double to an unsigned integer with the same order.
    private static func orderable(_ value: Double) -> UInt64 {
        let bits = value.bitPattern
        return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
    }

    /// Writes the ranks of one key into its column of `ranks`; returns the fallback the
    /// column needs, if any.
    static func fill(
        _ ranks: inout [UInt64], column: Int, width: Int, key: SortKey, lines: [Int],
        items: [TODOItem]
    ) -> SortFallback? {
        func set(_ index: Int, _ rank: UInt64?) {
            ranks[index * width + column] =
                rank.map { key.isDescending ? UInt64.max - 1 - $0 : $0 } ?? UInt64.max
        }
        func day(_ date: LocalDate?) -> UInt64? {
            date.map { UInt64($0.daysSinceEpoch + 1_000_000) }
        }
        func strings(_ value: (TODOItem) -> [UInt8]?) -> SortFallback {
            var bytes: [UInt8] = []
            var offsets = [0]
            offsets.reserveCapacity(items.count + 1)
            for (index, item) in items.enumerated() {
                if let text = value(item) {
                    bytes.append(contentsOf: text)
                    set(index, prefix(text, shift: 0))
                } else {
                    set(index, nil)
                }
                offsets.append(bytes.count)
            }
            return SortFallback(
                bytes: bytes, offsets: offsets, numbers: [], descending: key.isDescending)
        }
        switch key.field {
        case .priority:
            for (index, item) in items.enumerated() {
                set(index, ItemFields.priority(of: item).map(UInt64.init))
            }
        case .due:
            for (index, item) in items.enumerated() {
                set(index, day(ItemFields.dateTag(ItemFields.dueKey, of: item)))
            }
        case .threshold:
            for (index, item) in items.enumerated() {
                set(index, day(ItemFields.dateTag(ItemFields.thresholdKey, of: item)))
            }
        case .created:
            for (index, item) in items.enumerated() { set(index, day(item.creationDate)) }
        case .completed:
            for (index, item) in items.enumerated() { set(index, day(item.completionDate)) }
        case .line:
            for index in items.indices { set(index, UInt64(max(0, lines[index]))) }
        case .done:
            for (index, item) in items.enumerated() { set(index, item.isDone ? 1 : 0) }
        case .text:
            return strings { TextPattern.lowercased($0.descriptionBytes) }
        case .project:
            return strings { ItemFields.firstName(.project, of: $0).map(Array.init) }
        case .context:
            return strings { ItemFields.firstName(.context, of: $0).map(Array.init) }
        case .tag(let name):
            let keyBytes = Array(name.utf8)
            var bytes: [UInt8] = []
            var offsets = [0]
            var numbers: [Double?] = []
            for (index, item) in items.enumerated() {
                let value = ItemFields.tag(keyBytes, of: item)
                let number = value.flatMap { TextPattern.number($0) }
                numbers.append(number)
                if let number {
                    // Numbers first: the top bit clear, most of the double's order below it.
                    set(index, orderable(number) >> 1)
                } else if let value {
                    bytes.append(contentsOf: value)
                    // Text second: the top bit set, a prefix below it, always below missing.
                    set(index, 1 << 63 | prefix(value, shift: 0))
                } else {
                    set(index, nil)
                }
                offsets.append(bytes.count)
            }
            return SortFallback(
                bytes: bytes, offsets: offsets, numbers: numbers, descending: key.isDescending)
        }
        return nil
    }
}
