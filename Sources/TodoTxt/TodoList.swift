/// How a line ends (FormatRules.md F3).
public enum LineTerminator: Sendable, Hashable {
    /// The last line of a file that does not end with a newline.
    case none
    /// LF.
    case lf
    /// CR LF.
    case crlf

    /// The terminator's bytes.
    public var bytes: [UInt8] {
        switch self {
        case .none: []
        case .lf: [0x0A]
        case .crlf: [0x0D, 0x0A]
        }
    }
}

/// A whole todo.txt file, held as bytes, line by line.
///
/// The file layer of FormatRules.md: lines end at LF, a CR before the LF belongs to the terminator
/// and is kept per line, a UTF-8 byte order mark is kept outside line 1, blank lines are kept and
/// counted, and a missing final newline is remembered. ``serialized()`` of a list that was not
/// changed returns exactly the bytes it was made from, whatever they are.
///
/// Lines are indexed from 0; the task number todo.sh shows is `index + 1` (FormatRules.md F7).
public struct TodoList: RandomAccessCollection, Sendable, Equatable {
    /// One physical line of the file.
    public struct Line: Sendable, Hashable {
        /// The line's bytes without its terminator.
        public let content: ArraySlice<UInt8>
        /// How the line ends.
        public let terminator: LineTerminator

        /// The line parsed as a task.
        public var item: TODOItem { TODOItem(parsingBytes: content) }

        /// Whether the line is empty or only spaces and tabs (FormatRules.md F6).
        public var isBlank: Bool { content.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

        /// The content as a string (invalid UTF-8 shows as U+FFFD).
        public var text: String { String(decoding: content, as: UTF8.self) }
    }

    /// Where a line's bytes are.
    struct Span: Sendable {
        var start: Int
        var count: Int32
        var terminator: LineTerminator
        /// Whether the bytes are in `added` rather than `storage`.
        var isAdded = false
    }

    /// The bytes the list was made from; never changed, so that it stays shared with the
    /// caller's copy (an edit of a big file does not copy it).
    private var storage: [UInt8]
    /// The content of replaced and appended lines.
    private var added: [UInt8] = []
    private var spans: [Span]
    /// Whether the file starts with a UTF-8 byte order mark (FormatRules.md F2).
    public var hasByteOrderMark: Bool

    /// An empty file.
    public init() {
        storage = []
        spans = []
        hasByteOrderMark = false
    }

    /// Splits the bytes of a file into lines. Never fails.
    public init(bytes: [UInt8]) {
        storage = bytes
        spans = []
        hasByteOrderMark =
            bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var lines: [Span] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Counting first makes the span array exactly as large as it needs to be.
            var count = 1
            var position = hasByteOrderMark ? 3 : 0
            while position < buffer.count {
                let found = LineFeeds.first(in: base + position, count: buffer.count - position)
                if found < 0 { break }
                count += 1
                position += found + 1
            }
            lines.reserveCapacity(count)
            var start = hasByteOrderMark ? 3 : 0
            let end = buffer.count
            while start < end {
                let remaining = end - start
                let found = LineFeeds.first(in: base + start, count: remaining)
                if found < 0 {
                    lines.append(Span(start: start, count: Int32(remaining), terminator: .none))
                    break
                }
                let lf = start + found
                if lf > start && base[lf - 1] == 0x0D {
                    lines.append(
                        Span(start: start, count: Int32(lf - 1 - start), terminator: .crlf))
                } else {
                    lines.append(Span(start: start, count: Int32(lf - start), terminator: .lf))
                }
                start = lf + 1
            }
        }
        spans = lines
    }

    /// Splits a string into lines (see ``init(bytes:)``).
    public init(parsing text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The index of the first line, 0.
    public var startIndex: Int { 0 }
    /// The number of lines.
    public var endIndex: Int { spans.count }

    /// The line at `index` (0-based).
    public subscript(index: Int) -> Line {
        let span = spans[index]
        return Line(
            content: (span.isAdded ? added : storage)[span.start..<span.start + Int(span.count)],
            terminator: span.terminator)
    }

    /// Calls `body` with the lines' bytes, read through pointers: no line or slice is made
    /// per line, so a walk over many lines costs no reference counting.
    package func withLineBytes<Result>(_ body: (LineBytes) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { original in
            try added.withUnsafeBufferPointer { extra in
                try spans.withUnsafeBufferPointer { spans in
                    try body(LineBytes(storage: original, added: extra, spans: spans))
                }
            }
        }
    }

    /// Every line parsed as a task, blank lines included.
    public var items: [TODOItem] { map(\.item) }

    /// Whether the last line ends with a terminator (FormatRules.md F4); `true` for an empty file.
    public var endsWithTerminator: Bool { spans.last.map { $0.terminator != .none } ?? true }

    /// The terminator a new line gets: the first line's, or LF (FormatRules.md F5).
    public var newLineTerminator: LineTerminator {
        guard let first = spans.first, first.terminator != .none else { return .lf }
        return first.terminator
    }

    /// The file's bytes: the byte order mark, then every line and its terminator.
    public func serialized() -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(storage.count + added.count + 16)
        if hasByteOrderMark { result.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
        storage.withUnsafeBufferPointer { original in
            added.withUnsafeBufferPointer { extra in
                for span in spans {
                    let buffer = span.isAdded ? extra : original
                    result.append(
                        contentsOf: UnsafeBufferPointer(
                            rebasing: buffer[span.start..<span.start + Int(span.count)]))
                    switch span.terminator {
                    case .none: break
                    case .lf: result.append(0x0A)
                    case .crlf: result.append(contentsOf: [0x0D, 0x0A])
                    }
                }
            }
        }
        return result
    }

    /// Calls `body` with the pieces of ``serialized()`` in order, without building it: runs of
    /// unchanged lines come straight from the bytes the list was made from (one piece for a
    /// whole stretch of untouched lines), changed and added lines from their own storage. A
    /// writer hands the pieces to `writev`, so that an edit of a big file costs no copy of it.
    package func withSerializedPieces<Result>(
        _ body: ([UnsafeRawBufferPointer]) throws -> Result
    ) rethrows -> Result {
        try storage.withUnsafeBytes { original in
            try added.withUnsafeBytes { extra in
                try Self.terminatorBytes.withUnsafeBytes { crlf in
                    var pieces: [UnsafeRawBufferPointer] = []
                    var run: (start: Int, end: Int)? = nil
                    func flush() {
                        if let current = run, current.end > current.start {
                            pieces.append(
                                UnsafeRawBufferPointer(
                                    rebasing: original[current.start..<current.end]))
                        }
                        run = nil
                    }
                    func take(_ start: Int, _ end: Int) {
                        if let current = run, current.end == start {
                            run = (current.start, end)
                        } else {
                            flush()
                            run = (start, end)
                        }
                    }
                    let lf = UnsafeRawBufferPointer(rebasing: crlf[1...])
                    if hasByteOrderMark { take(0, 3) }
                    for span in spans {
                        let end = span.start + Int(span.count)
                        if span.isAdded {
                            flush()
                            if span.count > 0 {
                                pieces.append(
                                    UnsafeRawBufferPointer(rebasing: extra[span.start..<end]))
                            }
                        } else {
                            take(span.start, end)
                        }
                        let length = span.terminator.bytes.count
                        if length == 0 { continue }
                        // An original line keeps its terminator bytes unless it was the last line
                        // without one and a line was appended after it.
                        if !span.isAdded && end + length <= original.count
                            && (length == 1 || original[end] == 0x0D)
                            && original[end + length - 1] == 0x0A
                        {
                            take(end, end + length)
                        } else {
                            flush()
                            pieces.append(span.terminator == .crlf ? crlf : lf)
                        }
                    }
                    flush()
                    return try body(pieces)
                }
            }
        }
    }

    /// CR LF, whose tail is LF: the terminators ``withSerializedPieces(_:)`` points at.
    private static let terminatorBytes: [UInt8] = [0x0D, 0x0A]

    /// Two lists are equal when they serialize to the same bytes.
    public static func == (lhs: TodoList, rhs: TodoList) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    private mutating func store(_ bytes: some Collection<UInt8>) -> (start: Int, count: Int32) {
        let start = added.count
        added.append(contentsOf: bytes)
        return (start, Int32(added.count - start))
    }

    /// The terminator that keeps a line intact when the file is read again. LF after a trailing CR
    /// would read back as a CRLF terminator (FormatRules.md F3), so it becomes CRLF; an empty last
    /// line with no terminator would not be read back at all (F4), so it gets one.
    private func fitted(_ terminator: LineTerminator, after span: Span) -> LineTerminator {
        if terminator == .none && span.count == 0 { return newLineTerminator }
        guard terminator == .lf, span.count > 0,
            (span.isAdded ? added : storage)[span.start + Int(span.count) - 1] == 0x0D
        else { return terminator }
        return .crlf
    }

    /// Replaces the content of the line at `index`, keeping its terminator. An LF becomes CRLF
    /// when the content ends with CR, so that the CR stays content, and an empty last line gets
    /// a terminator, so that it stays a line.
    ///
    /// The bytes must not contain LF.
    public mutating func replaceLine(at index: Int, with content: some Collection<UInt8>) {
        let (start, count) = store(content)
        spans[index].start = start
        spans[index].count = count
        spans[index].isAdded = true
        spans[index].terminator = fitted(spans[index].terminator, after: spans[index])
    }

    /// Replaces the line at `index` with the serialized `item`, keeping its terminator.
    public mutating func replaceLine(at index: Int, with item: TODOItem) {
        replaceLine(at: index, with: item.line)
    }

    /// Appends a line. A last line without a terminator first gets one; the new line takes
    /// ``newLineTerminator`` (FormatRules.md F5). Returns the new line's index. As when a line is
    /// replaced, a line that ends with CR gets CRLF instead of LF. The bytes must not contain LF.
    @discardableResult
    public mutating func appendLine(_ content: some Collection<UInt8>) -> Int {
        let terminator = newLineTerminator
        if let last = spans.indices.last, spans[last].terminator == .none {
            spans[last].terminator = fitted(terminator, after: spans[last])
        }
        let (start, count) = store(content)
        let span = Span(start: start, count: count, terminator: terminator, isAdded: true)
        spans.append(
            Span(
                start: start, count: count, terminator: fitted(terminator, after: span),
                isAdded: true))
        return spans.count - 1
    }

    /// Appends `item` as a new line (see ``appendLine(_:)``). Returns the new line's index.
    @discardableResult
    public mutating func append(_ item: TODOItem) -> Int {
        appendLine(item.line)
    }

    /// Removes the line at `index` and its terminator; later lines move up by one.
    public mutating func removeLine(at index: Int) {
        spans.remove(at: index)
    }

    /// Removes the lines at the given indices; later lines move up.
    public mutating func removeLines(at indices: some Sequence<Int>) {
        let doomed = Set(indices)
        guard !doomed.isEmpty else { return }
        var kept: [Span] = []
        kept.reserveCapacity(spans.count)
        for (index, span) in spans.enumerated() where !doomed.contains(index) { kept.append(span) }
        spans = kept
    }
}
