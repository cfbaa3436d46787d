package import TodoTxt

/// The selection stage of `todo query` fed with a file's pieces (whole lines, in order), keeping
/// only the lines it selects: the same lines as ``QueryRequest/selectedLines(in:today:)`` over
/// the whole file, without holding it.
///
/// When the expression needs a `/regex/` with a literal, or a word, those bytes are looked for
/// across the piece at once and the lines between their occurrences are only counted;
/// otherwise each line is tried against the regexes and words (and the priority) the
/// expression needs (``LineGate``), and only a line that passes is parsed and evaluated.
package struct QueryPieceSelector {
    private let query: Query
    private let gate: LineGate
    /// Bytes every selected line holds, searched for across a piece at once.
    private let literal: [UInt8]?
    private let hidesDone: Bool
    private let includesAll: Bool
    private let today: LocalDate
    /// The lines seen so far.
    package private(set) var lineCount = 0
    /// Whether a piece was taken (the first may start with a byte order mark).
    private var started: Bool
    /// The kept lines, each followed by CR LF (so that a CR at the end of a line's content
    /// stays content), after a byte order mark (so that one at the start of the first kept
    /// line stays content): bytes that ``TodoTxt/TodoList`` splits back into the same lines.
    private var kept: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// The 1-based number in the file of each kept line.
    package private(set) var numbers: [Int] = []

    /// A selector for `request` on `today`, fed from the file's start (where a byte order mark
    /// is skipped) or from a later line.
    ///
    /// - Throws: ``QueryError`` when a range of relative dates runs backwards on `today`.
    package init(
        _ request: QueryRequest, today: LocalDate, atFileStart: Bool = true
    )
        throws(QueryError)
    {
        query = try request.query.resolved(today: today)
        gate = query.lineGate
        literal = gate.searchableLiteral
        includesAll = request.includesAll
        hidesDone = !request.includesAll && !query.usedAspects.contains(.completion)
        self.today = today
        started = !atFileStart
    }

    /// Whether the selection can be made in two halves of a file at once: not when the
    /// expression tests line numbers, which a later half knows only once the earlier is read.
    package var worksInHalves: Bool { !query.usedAspects.contains(.lineNumber) }

    /// Takes in the next piece.
    package mutating func take(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let base = piece.baseAddress, !piece.isEmpty else { return }
        let count = piece.count
        var start = 0
        if !started {
            started = true
            if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { start = 3 }
        }
        if let literal {
            // Only the lines where the literal occurs are looked at; the others are counted.
            while start < count {
                let hit = ByteSearch.firstIndex(folded: literal, in: piece, from: start)
                if hit == count { break }
                var lineStart = hit
                while lineStart > start && base[lineStart - 1] != 0x0A { lineStart -= 1 }
                lineCount += LineFeeds.count(in: base + start, count: lineStart - start)
                let found = LineFeeds.first(in: base + hit, count: count - hit)
                let feed = found < 0 ? count : hit + found
                let end = found >= 0 && feed > lineStart && base[feed - 1] == 0x0D ? feed - 1 : feed
                lineCount += 1
                let text = UnsafeBufferPointer(start: base + lineStart, count: end - lineStart)
                if gate.admits(lineContainingLiteral: text) { consider(text) }
                start = feed + 1
            }
            if start < count {
                lineCount += LineFeeds.count(in: base + start, count: count - start)
                if base[count - 1] != 0x0A { lineCount += 1 }
            }
            return
        }
        while start < count {
            let feed = ByteSearch.lineFeed(in: base, from: start, to: count)
            let end = feed < count && feed > start && base[feed - 1] == 0x0D ? feed - 1 : feed
            lineCount += 1
            let text = UnsafeBufferPointer(start: base + start, count: end - start)
            if gate.isOpen || gate.admits(text) { consider(text) }
            start = feed + 1
        }
    }

    /// Parses the line numbered ``lineCount`` and keeps it when the expression and the default
    /// view let it through.
    private mutating func consider(_ text: UnsafeBufferPointer<UInt8>) {
        // Cheap first: a completed task the view hides is never parsed.
        if hidesDone && text.count >= 2 && text[0] == 0x78 && text[1] == 0x20 { return }
        if gate.requiresPriority && !LineGate.startsWithPriority(text) { return }
        let start = kept.count
        kept.append(contentsOf: text)
        let selected = isSelected(kept[start...])
        if selected {
            kept.append(0x0D)
            kept.append(0x0A)
            numbers.append(lineCount)
        } else {
            kept.removeSubrange(start...)
        }
    }

    /// Whether the line `content` (numbered ``lineCount``) is selected.
    private func isSelected(_ content: ArraySlice<UInt8>) -> Bool {
        let item = TODOItem(parsingBytes: content)
        if hidesDone && item.isDone { return false }
        return query.matches(item, line: lineCount, today: today)
            && query.showsByDefault(item, includingAll: includesAll, today: today)
    }

    /// The kept lines as a list (line `i` is line ``numbers``[i] of the file).
    package var keptLines: TodoList { TodoList(bytes: kept) }

    /// Joins the selection of the half of a file that follows this selector's: `later`'s lines
    /// come after this one's, their numbers moved on by this one's line count.
    package mutating func append(_ later: QueryPieceSelector) {
        kept.append(contentsOf: later.kept[3...])
        numbers.reserveCapacity(numbers.count + later.numbers.count)
        for number in later.numbers { numbers.append(lineCount + number) }
        lineCount += later.lineCount
    }
}

extension QueryRequest {
    /// The ordering stage for a list that holds only some lines of a file (``QueryPieceSelector/keptLines``):
    /// sorted by the keys with each line's number in the file (`numbers`), then cut to the limit.
    package func ordered(_ selected: [Int], in list: TodoList, numbers: [Int]) -> [Int] {
        var matched = selected
        if !sorting.isFileOrder {
            let order = sorting.sortedIndices(
                lines: matched.map { numbers[$0] }, items: matched.map { list[$0].item })
            matched = order.map { matched[$0] }
        }
        if let limit, matched.count > limit {
            matched.removeLast(matched.count - limit)
        }
        return matched
    }
}
