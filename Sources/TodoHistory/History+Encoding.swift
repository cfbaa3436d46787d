package import TodoTxt

/// The history file format: a header line, then each entry as ASCII header lines and
/// length-prefixed byte strings (a decimal length, LF, that many bytes), so that any bytes
/// (invalid UTF-8, CR, NUL) survive exactly.
///
/// ```
/// todo-history 2
/// E <id> <time> <undid or -> <file count>
/// <length> LF <command bytes>
/// F <hunk count>
/// <length> LF <path bytes>
/// H <before start> <after start> <before lines> <after lines> <above> <below>
/// <length> LF <line bytes>   (the before lines, then the after lines)
/// ```
///
/// `<above>` and `<below>` are the fingerprints of the neighbouring lines in hexadecimal, or
/// `-` at the file's start or end. Version 1, still read, kept the neighbouring lines
/// themselves (`<has above> <has below>` as 0 or 1, then the lines after the after lines).
extension History {
    /// The first line of every history file this version writes.
    static let magic = Array("todo-history 2\n".utf8)
    /// The first line of a history file of version 1.
    private static let magicVersion1 = Array("todo-history 1\n".utf8)

    /// The history as the bytes of its file.
    package func encoded() -> [UInt8] {
        var out: [UInt8] = []
        encode { out.append(contentsOf: $0) }
        return out
    }

    /// Hands the bytes of the history's file to `write` in pieces of about 64 KiB, in order, so
    /// that a large record is never held twice; lines a hunk names by where they lie
    /// (``FileChange/spans``) are read through `spans` as they are written.
    ///
    /// - Returns: `false` when such lines could not be read (then what was written is not a
    ///   history and must be thrown away).
    @discardableResult
    package func encode<Failure: Error>(
        spans: LineSpan.Reader? = nil, _ write: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) -> Bool {
        try History.encode(entries, withMagic: true, spans: spans, write)
    }

    /// Hands the bytes of `entries` to `write` as ``encode(spans:_:)`` does, after the first
    /// line of a history file when `withMagic` (without it, the bytes that append the entries
    /// to a history file).
    @discardableResult
    package static func encode<Failure: Error>(
        _ entries: [HistoryEntry], withMagic: Bool, spans: LineSpan.Reader? = nil,
        _ write: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) -> Bool {
        var out = withMagic ? History.magic : []
        func flush() throws(Failure) {
            if out.count >= 1 << 16 {
                try write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        func header(_ fields: [String]) {
            out += Array(fields.joined(separator: " ").utf8)
            out.append(0x0A)
        }
        func number(_ value: Int) { History.appendNumber(value, to: &out) }
        func chunk(_ bytes: [UInt8]) throws(Failure) {
            number(bytes.count)
            out.append(0x0A)
            out += bytes
            try flush()
        }
        for entry in entries {
            header([
                "E", String(entry.id), String(entry.time), entry.undid.map(String.init) ?? "-",
                String(entry.files.count),
            ])
            try chunk(Array(entry.command.utf8))
            for file in entry.files {
                header(["F", String(file.hunks.count)])
                try chunk(Array(file.path.utf8))
                for (index, hunk) in file.hunks.enumerated() {
                    let span = file.spans.isEmpty ? nil : file.spans[index]
                    History.appendHunkHeader(
                        [
                            hunk.beforeStart, hunk.afterStart,
                            hunk.before.count + (span?.lineCount ?? 0), hunk.after.count,
                        ],
                        hunk.above, hunk.below, to: &out)
                    for line in hunk.before { try chunk(line) }
                    if let span {
                        guard let spans else { return false }
                        var failure: Failure?
                        let complete = span.forEachLine(read: spans) { line in
                            number(line.count)
                            out.append(0x0A)
                            out.append(contentsOf: line)
                            do throws(Failure) {
                                try flush()
                            } catch {
                                failure = error
                                return false
                            }
                            return true
                        }
                        if let failure { throw failure }
                        guard complete else { return false }
                    }
                    for line in hunk.after { try chunk(line) }
                    try flush()
                }
            }
        }
        if !out.isEmpty { try write(out) }
        return true
    }

    /// Reads a history file; an empty file is an empty history.
    ///
    /// - Throws: ``HistoryFormatError`` when the bytes are not a history this version wrote.
    package init(decoding bytes: [UInt8]) throws(HistoryFormatError) {
        guard !bytes.isEmpty else {
            self.init()
            return
        }
        var reader = HistoryReader(bytes: bytes)
        let first = reader.take(History.magic.count)
        let version1 = first.elementsEqual(History.magicVersion1)
        guard version1 || first.elementsEqual(History.magic) else { throw HistoryFormatError() }
        var entries: [HistoryEntry] = []
        while !reader.isAtEnd {
            entries.append(try History.decodeEntry(&reader, version1: version1))
        }
        self.init(entries: entries)
    }
}

extension History {
    /// Appends the decimal digits of `value` to `out`, straight into it: an archive writes
    /// hundreds of thousands of hunks.
    static func appendNumber(_ value: Int, to out: inout [UInt8]) {
        if value < 0 {
            out.append(0x2D)
            out += String(value.magnitude).utf8
            return
        }
        if value >= 10 { appendNumber(value / 10, to: &out) }
        out.append(0x30 + UInt8(truncatingIfNeeded: value % 10))
    }

    /// Appends a hunk's header line to `out`: `H`, its four numbers (starts before and after,
    /// counts of lines before and after), each fingerprint in sixteen hexadecimal digits (`-`
    /// for none), and the line feed.
    static func appendHunkHeader(
        _ numbers: [Int], _ above: LineHash?, _ below: LineHash?, to out: inout [UInt8]
    ) {
        out.append(0x48)
        for value in numbers {
            out.append(0x20)
            appendNumber(value, to: &out)
        }
        for line in [above, below] {
            out.append(0x20)
            guard let line else {
                out.append(0x2D)
                continue
            }
            for shift in stride(from: 60, through: 0, by: -4) {
                let digit = UInt8(truncatingIfNeeded: (line.value >> UInt64(shift)) & 0xF)
                out.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
            }
        }
        out.append(0x0A)
    }

    /// Reads one entry from `reader`, which stands at its `E` line.
    static func decodeEntry(
        _ reader: inout some HistorySource, version1: Bool
    ) throws(HistoryFormatError) -> HistoryEntry {
        let fields = try reader.header("E", count: 4)
        let undid = fields[2] == -1 ? nil : fields[2]
        let command = String(decoding: try reader.nextChunk(), as: UTF8.self)
        var files: [FileChange] = []
        for _ in 0..<max(0, fields[3]) {
            let file = try reader.header("F", count: 1)
            let path = String(decoding: try reader.nextChunk(), as: UTF8.self)
            var hunks: [Hunk] = []
            for _ in 0..<max(0, file[0]) {
                let words = try reader.words("H", count: 6)
                guard let beforeStart = Int(words[0]), let afterStart = Int(words[1]),
                    let beforeCount = Int(words[2]), let afterCount = Int(words[3])
                else { throw HistoryFormatError() }
                var before: [[UInt8]] = []
                var after: [[UInt8]] = []
                for _ in 0..<max(0, beforeCount) { before.append(try reader.nextChunk()) }
                for _ in 0..<max(0, afterCount) { after.append(try reader.nextChunk()) }
                var above: LineHash?
                var below: LineHash?
                if version1 {
                    // The neighbouring lines themselves follow.
                    if words[4] == "1" { above = LineHash(of: try reader.nextChunk()) }
                    if words[5] == "1" { below = LineHash(of: try reader.nextChunk()) }
                } else {
                    above = try History.hash(words[4])
                    below = try History.hash(words[5])
                }
                hunks.append(
                    Hunk(
                        beforeStart: beforeStart, afterStart: afterStart, before: before,
                        after: after, aboveHash: above, belowHash: below))
            }
            files.append(FileChange(path: path, hunks: hunks))
        }
        return HistoryEntry(
            id: fields[0], time: Int64(fields[1]), command: command, undid: undid, files: files)
    }

    /// A fingerprint in hexadecimal, or `-` for none.
    static func hash(_ word: String) throws(HistoryFormatError) -> LineHash? {
        if word == "-" { return nil }
        guard let value = UInt64(word, radix: 16) else { throw HistoryFormatError() }
        return LineHash(value: value)
    }

    /// The numbers of a header line `TAG n n ...`: exactly `count` of them after the tag (`-`
    /// reads as -1); `nil` for any other line.
    static func headerNumbers(_ line: ArraySlice<UInt8>, tag: String, count: Int) -> [Int]? {
        let words = line.split(separator: 0x20)
        guard words.count == count + 1, words[0].elementsEqual(tag.utf8) else { return nil }
        var numbers: [Int] = []
        for word in words.dropFirst() {
            if word.elementsEqual([0x2D]) {
                numbers.append(-1)
            } else if let value = Int(String(decoding: word, as: UTF8.self)) {
                numbers.append(value)
            } else {
                return nil
            }
        }
        return numbers
    }
}

/// A history file that this version cannot read.
package struct HistoryFormatError: Error, Hashable, Sendable {}

/// Where a history's entries are decoded from: its lines and length-prefixed chunks.
protocol HistorySource {
    /// The text up to the next LF, which is consumed.
    mutating func nextLine() throws(HistoryFormatError) -> ArraySlice<UInt8>
    /// A length line and that many bytes.
    mutating func nextChunk() throws(HistoryFormatError) -> [UInt8]
}

extension HistorySource {
    /// The words of a header line `TAG w w ...` after the tag, exactly `count` of them.
    mutating func words(_ tag: String, count: Int) throws(HistoryFormatError) -> [String] {
        let words = try nextLine().split(separator: 0x20)
        guard words.count == count + 1, words[0].elementsEqual(tag.utf8) else {
            throw HistoryFormatError()
        }
        return words.dropFirst().map { String(decoding: $0, as: UTF8.self) }
    }

    /// A header line `TAG n n ...` with exactly `count` numbers (`-` reads as -1).
    mutating func header(_ tag: String, count: Int) throws(HistoryFormatError) -> [Int] {
        guard let numbers = History.headerNumbers(try nextLine(), tag: tag, count: count) else {
            throw HistoryFormatError()
        }
        return numbers
    }
}

/// A cursor over the bytes of a history file.
private struct HistoryReader: HistorySource {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    /// Up to `count` bytes from the cursor.
    mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let end = min(bytes.count, position + max(0, count))
        defer { position = end }
        return bytes[position..<end]
    }

    mutating func nextLine() throws(HistoryFormatError) -> ArraySlice<UInt8> {
        guard let end = bytes[position...].firstIndex(of: 0x0A) else { throw HistoryFormatError() }
        defer { position = end + 1 }
        return bytes[position..<end]
    }

    mutating func nextChunk() throws(HistoryFormatError) -> [UInt8] {
        guard let length = Int(String(decoding: try nextLine(), as: UTF8.self)), length >= 0,
            length <= bytes.count - position
        else { throw HistoryFormatError() }
        return Array(take(length))
    }
}
