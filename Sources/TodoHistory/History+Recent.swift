extension History {
    /// The entries of a history file that recording one more change keeps (see
    /// ``record(command:time:files:undid:)``: the newest ``maximumEntries`` - 1, then as many
    /// of the newest of those as fit in ``maximumBytes``), read without the rest: the file is
    /// first walked through its headers and lengths alone, then only the kept entries are read
    /// and decoded. A history whose newest entry is a large `archive` is thus never held.
    ///
    /// - Parameter read: reads up to the buffer's size at an offset of the file; returns the
    ///   count read (0 at the end), or `nil` on an error.
    /// - Returns: `nil` when the file is not a history of this version (the caller reads it
    ///   whole then).
    package static func decodingRecent(
        read: (UnsafeMutableRawBufferPointer, Int64) -> Int?
    ) -> History? {
        withoutActuallyEscaping(read) { read in
            var reader = PieceReader(read: read)
            return recent(&reader)
        }
    }

    /// ``decodingRecent(read:)`` through `reader`.
    private static func recent(_ reader: inout PieceReader) -> History? {
        guard let entries = walk(&reader) else { return nil }
        var kept = entries.suffix(maximumEntries - 1)
        var total = kept.reduce(0) { $0 + $1.weight }
        while total > maximumBytes, let oldest = kept.first {
            total -= oldest.weight
            kept.removeFirst()
        }
        guard let from = kept.first?.start else { return History() }
        var recentBytes = magic
        guard reader.append(from: from, to: &recentBytes) else { return nil }
        return try? History(decoding: recentBytes)
    }
}

/// One entry of a history file, as found by walking through its headers and lengths.
struct EntryMark {
    /// Where its `E` line starts in the file.
    var start: Int64
    /// Its id, and the id of the entry it took back when it is an undo.
    var id: Int
    var undid: Int?
    /// The bytes it keeps (``HistoryEntry/byteCount``).
    var weight: Int
    /// When it was made, by which command, and the lines it removed and added in each file.
    var time: Int64
    var command: String
    var files: [(path: String, removed: Int, added: Int)]
}

extension History {
    /// Walks a history file of this version from its first line through every entry's
    /// headers and lengths, reading no recorded line (each is stepped over); `nil` when the
    /// file is not a history of this version.
    static func walk(_ reader: inout PieceReader) -> [EntryMark]? {
        guard let first = reader.line(), first.elementsEqual(magic.dropLast()) else { return nil }
        var entries: [EntryMark] = []
        while !reader.isAtEnd {
            let start = reader.offset
            guard let header = reader.numbers("E", count: 4),
                let command = reader.chunk(keeping: true)?.bytes
            else { return nil }
            let text = String(decoding: command, as: UTF8.self)
            var weight = text.utf8.count + 64
            var files: [(path: String, removed: Int, added: Int)] = []
            for _ in 0..<max(0, header[3]) {
                guard let file = reader.numbers("F", count: 1),
                    let path = reader.chunk(keeping: true)?.bytes
                else { return nil }
                let name = String(decoding: path, as: UTF8.self)
                weight += name.utf8.count
                files.append((name, 0, 0))
                for _ in 0..<max(0, file[0]) {
                    guard let line = reader.line() else { return nil }
                    let words = line.split(separator: 0x20)
                    guard words.count == 7, words[0].elementsEqual([0x48]),
                        let before = Int(String(decoding: words[3], as: UTF8.self)),
                        let after = Int(String(decoding: words[4], as: UTF8.self))
                    else { return nil }
                    files[files.count - 1].removed += max(0, before)
                    files[files.count - 1].added += max(0, after)
                    for word in words[5...6] where !word.elementsEqual([0x2D]) { weight += 8 }
                    for _ in 0..<max(0, before + after) {
                        guard let count = reader.chunk(keeping: false)?.count else { return nil }
                        weight += count
                    }
                }
            }
            entries.append(
                EntryMark(
                    start: start, id: header[0], undid: header[2] == -1 ? nil : header[2],
                    weight: weight, time: Int64(header[1]), command: text, files: files))
        }
        return entries
    }
}

/// Reads a file through a small buffer at explicit offsets: lines, length-prefixed chunks
/// (skipped without being read when not kept).
struct PieceReader: HistorySource {
    let read: (UnsafeMutableRawBufferPointer, Int64) -> Int?
    /// The buffered bytes, which start at ``bufferStart`` in the file.
    var buffer: [UInt8] = []
    var bufferStart: Int64 = 0
    /// The position in the file.
    var offset: Int64 = 0

    init(read: @escaping (UnsafeMutableRawBufferPointer, Int64) -> Int?) {
        self.read = read
    }

    /// Whether nothing is left.
    var isAtEnd: Bool {
        mutating get { !fill() }
    }

    /// Makes sure the buffer holds the byte at ``offset``; `false` at the end.
    mutating func fill() -> Bool {
        if offset >= bufferStart && offset < bufferStart + Int64(buffer.count) { return true }
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        let position = offset
        let count = piece.withUnsafeMutableBytes { read($0, position) }
        guard let count, count > 0 else { return false }
        buffer = Array(piece[..<count])
        bufferStart = offset
        return true
    }

    /// The bytes up to the next LF, which is consumed; `nil` at the end.
    mutating func line() -> [UInt8]? {
        var line: [UInt8] = []
        while fill() {
            let from = Int(offset - bufferStart)
            if let end = buffer[from...].firstIndex(of: 0x0A) {
                line += buffer[from..<end]
                offset = bufferStart + Int64(end + 1)
                return line
            }
            line += buffer[from...]
            offset = bufferStart + Int64(buffer.count)
        }
        return nil
    }

    /// A header line `TAG n n ...` with exactly `count` numbers (`-` reads as -1).
    mutating func numbers(_ tag: String, count: Int) -> [Int]? {
        guard let line = line() else { return nil }
        return History.headerNumbers(line[...], tag: tag, count: count)
    }

    /// A length line and that many bytes: their count, and the bytes themselves when
    /// `keeping` (otherwise they are stepped over unread, only the last one checked).
    mutating func chunk(keeping: Bool) -> (count: Int, bytes: [UInt8])? {
        guard let text = line(), let count = Int(String(decoding: text, as: UTF8.self)),
            count >= 0
        else { return nil }
        if !keeping {
            offset += Int64(count)
            // The end must be there.
            if count > 0 {
                offset -= 1
                guard fill() else { return nil }
                offset += 1
            }
            return (count, [])
        }
        var bytes: [UInt8] = []
        while bytes.count < count {
            guard fill() else { return nil }
            let from = Int(offset - bufferStart)
            let take = min(count - bytes.count, buffer.count - from)
            bytes += buffer[from..<(from + take)]
            offset += Int64(take)
        }
        return (count, bytes)
    }

    mutating func nextLine() throws(HistoryFormatError) -> ArraySlice<UInt8> {
        guard let line = line() else { throw HistoryFormatError() }
        return line[...]
    }

    mutating func nextChunk() throws(HistoryFormatError) -> [UInt8] {
        guard let (_, bytes) = chunk(keeping: true) else { throw HistoryFormatError() }
        return bytes
    }

    /// Appends the file's bytes from `start` to its end to `bytes`.
    mutating func append(from start: Int64, to bytes: inout [UInt8]) -> Bool {
        _ = append(start..<Int64.max, to: &bytes)
        return true
    }

    /// Appends the file's bytes `range` (up to its end) to `bytes`; `false` when the file
    /// ends before the range does.
    mutating func append(_ range: Range<Int64>, to bytes: inout [UInt8]) -> Bool {
        offset = range.lowerBound
        while offset < range.upperBound {
            guard fill() else { return false }
            let from = Int(offset - bufferStart)
            let to = Int(min(range.upperBound - bufferStart, Int64(buffer.count)))
            bytes += buffer[from..<to]
            offset = bufferStart + Int64(to)
        }
        return true
    }
}
