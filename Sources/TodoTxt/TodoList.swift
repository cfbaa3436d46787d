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

        /// A line from its content and terminator (as a store that reads only some lines of a
        /// file finds them).
        package init(content: ArraySlice<UInt8>, terminator: LineTerminator) {
            self.content = content
            self.terminator = terminator
        }

        /// The line parsed as a task.
        public var item: TODOItem { TODOItem(parsingBytes: content) }

        /// Whether the line is empty or only spaces and tabs (FormatRules.md F6).
        public var isBlank: Bool { content.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

        /// The content as a string (invalid UTF-8 shows as U+FFFD).
        public var text: String { String(decoding: content, as: UTF8.self) }
    }

    /// Where a line's content is, in one word: its start (40 bits), its length (21 bits; a
    /// longer line's is kept in ``TodoList/longCounts``), whether it is in `added` rather than
    /// `storage`, and its terminator.
    struct Span: Sendable {
        private var bits: UInt64

        /// The length that says "see ``TodoList/longCounts``".
        static let longCount = (1 << 21) - 1

        init(start: Int, count: Int, terminator: LineTerminator, isAdded: Bool = false) {
            bits = 0
            self.start = start
            self.count = Swift.min(count, Span.longCount)
            self.terminator = terminator
            self.isAdded = isAdded
        }

        var start: Int {
            get { Int(bits >> 24) }
            set { bits = bits & 0xFF_FFFF | UInt64(newValue) << 24 }
        }

        /// The length, or ``longCount``.
        var count: Int {
            get { Int(bits >> 3 & 0x1F_FFFF) }
            set { bits = bits & ~(0x1F_FFFF << 3) | UInt64(newValue) << 3 }
        }

        var isAdded: Bool {
            get { bits & 4 != 0 }
            set { bits = newValue ? bits | 4 : bits & ~4 }
        }

        var terminator: LineTerminator {
            get {
                switch bits & 3 {
                case 0: .none
                case 1: .lf
                default: .crlf
                }
            }
            set {
                let code: UInt64
                switch newValue {
                case .none: code = 0
                case .lf: code = 1
                case .crlf: code = 2
                }
                bits = bits & ~3 | code
            }
        }

        /// The key of a long line in ``TodoList/longCounts``.
        var key: Int { start << 1 | (isAdded ? 1 : 0) }
    }

    /// The bytes the list was made from; never changed, so that it stays shared with the
    /// caller's copy (an edit of a big file does not copy it).
    private var storage: [UInt8]
    /// The content of replaced and appended lines.
    private var added: [UInt8] = []
    private var spans: [Span]
    /// The lengths of the lines of ``Span/longCount`` bytes or more, by ``Span/key``.
    private var longCounts: [Int: Int] = [:]
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
            func add(_ count: Int, _ terminator: LineTerminator) {
                let span = Span(start: start, count: count, terminator: terminator)
                if count >= Span.longCount { longCounts[span.key] = count }
                lines.append(span)
            }
            while start < end {
                let remaining = end - start
                let found = LineFeeds.first(in: base + start, count: remaining)
                if found < 0 {
                    add(remaining, .none)
                    break
                }
                let lf = start + found
                if lf > start && base[lf - 1] == 0x0D {
                    add(lf - 1 - start, .crlf)
                } else {
                    add(lf - start, .lf)
                }
                start = lf + 1
            }
        }
        spans = lines
    }

    /// The length of a line's content.
    @inline(__always)
    private func count(of span: Span) -> Int {
        let count = span.count
        return count < Span.longCount ? count : longCounts[span.key] ?? count
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
            content: (span.isAdded ? added : storage)[span.start..<span.start + count(of: span)],
            terminator: span.terminator)
    }

    /// Calls `body` with the lines' bytes, read through pointers: no line or slice is made
    /// per line, so a walk over many lines costs no reference counting.
    package func withLineBytes<Result>(_ body: (LineBytes) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { original in
            try added.withUnsafeBufferPointer { extra in
                try spans.withUnsafeBufferPointer { spans in
                    try body(
                        LineBytes(
                            storage: original, added: extra, spans: spans,
                            longCounts: longCounts))
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
                            rebasing: buffer[span.start..<span.start + count(of: span)]))
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
                        let end = span.start + count(of: span)
                        if span.isAdded {
                            flush()
                            if end > span.start {
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

    /// Appends a line's content to `added`, and returns where it is as the span of a line.
    private mutating func store(
        _ bytes: some Collection<UInt8>, terminator: LineTerminator
    ) -> Span {
        let start = added.count
        added.append(contentsOf: bytes)
        let span = Span(
            start: start, count: added.count - start, terminator: terminator, isAdded: true)
        if added.count - start >= Span.longCount { longCounts[span.key] = added.count - start }
        return span
    }

    /// The terminator that keeps a line intact when the file is read again. LF after a trailing CR
    /// would read back as a CRLF terminator (FormatRules.md F3), so it becomes CRLF; an empty last
    /// line with no terminator would not be read back at all (F4), so it gets one.
    private func fitted(_ terminator: LineTerminator, after span: Span) -> LineTerminator {
        let count = count(of: span)
        let last = count > 0 ? (span.isAdded ? added : storage)[span.start + count - 1] : nil
        return Self.fitted(
            terminator, isEmpty: count == 0, lastByte: last, newLine: newLineTerminator)
    }

    /// The terminator a line whose new content is empty (`isEmpty`) or ends with `lastByte`
    /// gets in place of `terminator`, so that it reads back as it was written: CRLF instead of
    /// LF after a CR, and `newLine` (the file's ``newLineTerminator``) for an empty last line.
    /// The rule every replaced line follows, also where a store changes lines of a file it did
    /// not read whole.
    package static func fitted(
        _ terminator: LineTerminator, isEmpty: Bool, lastByte: UInt8?, newLine: LineTerminator
    ) -> LineTerminator {
        if terminator == .none && isEmpty { return newLine }
        guard terminator == .lf, lastByte == 0x0D else { return terminator }
        return .crlf
    }

    /// Replaces the content of the line at `index`, keeping its terminator. An LF becomes CRLF
    /// when the content ends with CR, so that the CR stays content, and an empty last line gets
    /// a terminator, so that it stays a line.
    ///
    /// The bytes must not contain LF.
    public mutating func replaceLine(at index: Int, with content: some Collection<UInt8>) {
        var span = store(content, terminator: spans[index].terminator)
        span.terminator = fitted(span.terminator, after: span)
        spans[index] = span
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
        var span = store(content, terminator: terminator)
        span.terminator = fitted(terminator, after: span)
        spans.append(span)
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
