/// The text of one open document, as the client sent it: bytes, with the start of every line
/// indexed. LF, CRLF and a lone CR end a line, as the protocol says; the last line has no end.
///
/// Edits replace bytes in place and re-index only the lines they touch, so a one-character
/// change costs one copy of the bytes after it, never a re-split of the document.
package struct TextDocument: Sendable {
    /// How a line ends.
    package enum LineEnding: Sendable, Hashable {
        /// The last line.
        case none
        /// LF.
        case lf
        /// CR LF.
        case crlf
        /// A lone CR.
        case cr
    }

    /// The document's identifier, as the client named it.
    package let uri: String
    /// The client's version number of the text.
    package var version: Int
    /// The text.
    package private(set) var bytes: [UInt8]
    /// The byte offset where each line starts; never empty, and `lineStarts[0] == 0`.
    private var lineStarts: [Int]

    /// A document with the given text.
    package init(uri: String, version: Int, bytes: [UInt8]) {
        self.uri = uri
        self.version = version
        self.bytes = bytes
        // Counted first, so that the index is allocated once at its size (a million lines
        // would otherwise leave it up to twice as big, and copy it as it grows).
        var count = 1
        TextDocument.forEachLineStart(in: bytes, from: 0, to: bytes.count) { _ in count += 1 }
        var starts: [Int] = []
        starts.reserveCapacity(count)
        starts.append(0)
        TextDocument.appendLineStarts(in: bytes, from: 0, to: bytes.count, to: &starts)
        self.lineStarts = starts
    }

    /// The number of lines (at least 1; text ending with a line end has an empty last line).
    package var lineCount: Int { lineStarts.count }

    /// The line ends strictly inside `from..<to` of `bytes`, as the offsets of the lines they
    /// start.
    private static func lineStarts(in bytes: [UInt8], from: Int, to: Int) -> [Int] {
        var starts: [Int] = []
        appendLineStarts(in: bytes, from: from, to: to, to: &starts)
        return starts
    }

    /// Appends the offsets of ``lineStarts(in:from:to:)`` to `starts`.
    private static func appendLineStarts(
        in bytes: [UInt8], from: Int, to: Int, to starts: inout [Int]
    ) {
        forEachLineStart(in: bytes, from: from, to: to) { starts.append($0) }
    }

    /// Calls `body` with the offset of each line that a line end strictly inside `from..<to`
    /// of `bytes` starts. Eight bytes are tested at once for a CR or LF, so the bytes between
    /// line ends cost little.
    @inline(__always)
    private static func forEachLineStart(
        in bytes: [UInt8], from: Int, to: Int, _ body: (Int) -> Void
    ) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = UnsafeRawPointer(buffer.baseAddress) else { return }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            var index = from
            while index < to {
                if index + 8 <= to {
                    let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    let lf = word ^ (ones &* 0x0A)
                    let cr = word ^ (ones &* 0x0D)
                    // A zero byte in `lf` or `cr` is a line-end byte (exact for these two).
                    let found =
                        ((lf &- ones) & ~lf & highs) | ((cr &- ones) & ~cr & highs)
                    if found == 0 {
                        index += 8
                        continue
                    }
                }
                let byte = buffer[index]
                if byte == 0x0A {
                    body(index + 1)
                } else if byte == 0x0D && !(index + 1 < buffer.count && buffer[index + 1] == 0x0A) {
                    body(index + 1)
                }
                index += 1
            }
        }
    }

    /// How line `line` ends.
    package func ending(ofLine line: Int) -> LineEnding {
        guard line + 1 < lineStarts.count else { return .none }
        let next = lineStarts[line + 1]
        if bytes[next - 1] == 0x0D { return .cr }
        if next - 2 >= lineStarts[line] && bytes[next - 2] == 0x0D { return .crlf }
        return .lf
    }

    /// The byte range of line `line`'s content, without its line end.
    package func contentRange(ofLine line: Int) -> Range<Int> {
        let start = lineStarts[line]
        guard line + 1 < lineStarts.count else { return start..<bytes.count }
        let length =
            switch ending(ofLine: line) {
            case .none: 0
            case .lf, .cr: 1
            case .crlf: 2
            }
        return start..<(lineStarts[line + 1] - length)
    }

    /// Line `line`'s content, without its line end.
    package func content(ofLine line: Int) -> ArraySlice<UInt8> {
        bytes[contentRange(ofLine: line)]
    }

    /// The byte offset of `position`, clamped into the document: a line past the end means the
    /// end of the document, a column past the end of its line means the end of the line.
    package func offset(of position: Position, encoding: PositionEncoding) -> Int {
        guard position.line < lineCount else { return bytes.count }
        let range = contentRange(ofLine: position.line)
        return range.lowerBound
            + encoding.byteOffset(in: bytes[range], units: position.character)
    }

    /// The position of byte column `column` (0-based) of line `line`.
    package func position(
        line: Int, byteColumn column: Int, encoding: PositionEncoding
    )
        -> Position
    {
        Position(line: line, character: encoding.units(in: content(ofLine: line), upTo: column))
    }

    /// The range from byte column `start` to byte column `end` (0-based) of line `line`.
    package func range(
        line: Int, bytes columns: Range<Int>, encoding: PositionEncoding
    )
        -> TextRange
    {
        let content = content(ofLine: line)
        return TextRange(
            start: Position(
                line: line, character: encoding.units(in: content, upTo: columns.lowerBound)),
            end: Position(
                line: line, character: encoding.units(in: content, upTo: columns.upperBound)))
    }

    /// What an edit did to the lines: `oldLines` lines starting at `firstLine` were replaced by
    /// `newLines` lines.
    package struct LineChange: Sendable, Hashable {
        /// The first line that changed.
        package var firstLine: Int
        /// How many lines the change replaced.
        package var oldLines: Int
        /// How many lines replaced them.
        package var newLines: Int
    }

    /// What a replacement of `range` (`nil`: all the text) touches: the byte offsets it
    /// replaces and the lines whose bytes it rewrites (with their line ends). Lines outside
    /// them keep their content and their line end.
    package func span(
        of range: TextRange?, encoding: PositionEncoding
    ) -> (bytes: Range<Int>, lines: ClosedRange<Int>) {
        guard let range else { return (0..<bytes.count, 0...(lineCount - 1)) }
        var start = offset(of: range.start, encoding: encoding)
        var end = offset(of: range.end, encoding: encoding)
        if end < start { swap(&start, &end) }
        var firstLine = line(containing: start)
        let lastLine = line(containing: end)
        // A lone CR ending the line before may join an LF that the new text starts with.
        if firstLine > 0 && ending(ofLine: firstLine - 1) == .cr { firstLine -= 1 }
        return (start..<end, firstLine...lastLine)
    }

    /// Replaces the text in `range` (clamped into the document), or all of it when `range` is
    /// `nil`, with `text`.
    @discardableResult
    package mutating func replace(
        _ range: TextRange?, with text: [UInt8], encoding: PositionEncoding
    ) -> LineChange {
        guard range != nil else {
            let old = lineCount
            self = TextDocument(uri: uri, version: version, bytes: text)
            return LineChange(firstLine: 0, oldLines: old, newLines: lineCount)
        }
        let span = span(of: range, encoding: encoding)
        let (start, end) = (span.bytes.lowerBound, span.bytes.upperBound)
        let (firstLine, lastLine) = (span.lines.lowerBound, span.lines.upperBound)
        let regionStart = lineStarts[firstLine]
        let isLast = lastLine + 1 == lineCount
        let oldRegionEnd = isLast ? bytes.count : lineStarts[lastLine + 1]
        bytes.replaceSubrange(start..<end, with: text)
        let delta = text.count - (end - start)
        let regionEnd = oldRegionEnd + delta
        var starts = TextDocument.lineStarts(in: bytes, from: regionStart, to: regionEnd)
        if !isLast, starts.last == regionEnd { starts.removeLast() }
        lineStarts.replaceSubrange((firstLine + 1)..<(lastLine + 1), with: starts)
        var index = firstLine + 1 + starts.count
        lineStarts.withUnsafeMutableBufferPointer { buffer in
            while index < buffer.count {
                buffer[index] += delta
                index += 1
            }
        }
        return LineChange(
            firstLine: firstLine, oldLines: lastLine - firstLine + 1, newLines: starts.count + 1)
    }

    /// The line whose content or line end holds byte `offset` (the last line for the end).
    package func line(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
