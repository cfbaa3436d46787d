/// The history file format: a header line, then each entry as ASCII header lines and
/// length-prefixed byte strings (a decimal length, LF, that many bytes), so that any bytes
/// (invalid UTF-8, CR, NUL) survive exactly.
///
/// ```
/// todo-history 1
/// E <id> <time> <undid or -> <file count>
/// <length> LF <command bytes>
/// F <hunk count>
/// <length> LF <path bytes>
/// H <before start> <after start> <before lines> <after lines> <has above> <has below>
/// <length> LF <line bytes>   (the before lines, the after lines, above, below)
/// ```
extension History {
    /// The first line of every history file.
    private static let magic = Array("todo-history 1\n".utf8)

    /// The history as the bytes of its file.
    package func encoded() -> [UInt8] {
        var out = History.magic
        func header(_ fields: [String]) {
            out += Array(fields.joined(separator: " ").utf8)
            out.append(0x0A)
        }
        func chunk(_ bytes: some Collection<UInt8>) {
            out += Array(String(bytes.count).utf8)
            out.append(0x0A)
            out += bytes
        }
        for entry in entries {
            header([
                "E", String(entry.id), String(entry.time), entry.undid.map(String.init) ?? "-",
                String(entry.files.count),
            ])
            chunk(entry.command.utf8)
            for file in entry.files {
                header(["F", String(file.hunks.count)])
                chunk(file.path.utf8)
                for hunk in file.hunks {
                    header([
                        "H", String(hunk.beforeStart), String(hunk.afterStart),
                        String(hunk.before.count), String(hunk.after.count),
                        hunk.above == nil ? "0" : "1", hunk.below == nil ? "0" : "1",
                    ])
                    for line in hunk.before + hunk.after { chunk(line) }
                    if let above = hunk.above { chunk(above) }
                    if let below = hunk.below { chunk(below) }
                }
            }
        }
        return out
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
        guard reader.take(History.magic.count).elementsEqual(History.magic) else {
            throw HistoryFormatError()
        }
        var entries: [HistoryEntry] = []
        while !reader.isAtEnd {
            let fields = try reader.header("E", count: 4)
            let undid = fields[2] == -1 ? nil : fields[2]
            let command = String(decoding: try reader.chunk(), as: UTF8.self)
            var files: [FileChange] = []
            for _ in 0..<max(0, fields[3]) {
                let file = try reader.header("F", count: 1)
                let path = String(decoding: try reader.chunk(), as: UTF8.self)
                var hunks: [Hunk] = []
                for _ in 0..<max(0, file[0]) {
                    let shape = try reader.header("H", count: 6)
                    var before: [[UInt8]] = []
                    var after: [[UInt8]] = []
                    for _ in 0..<max(0, shape[2]) { before.append(try reader.chunk()) }
                    for _ in 0..<max(0, shape[3]) { after.append(try reader.chunk()) }
                    let above = shape[4] == 1 ? try reader.chunk() : nil
                    let below = shape[5] == 1 ? try reader.chunk() : nil
                    hunks.append(
                        Hunk(
                            beforeStart: shape[0], afterStart: shape[1], before: before,
                            after: after, above: above, below: below))
                }
                files.append(FileChange(path: path, hunks: hunks))
            }
            entries.append(
                HistoryEntry(
                    id: fields[0], time: Int64(fields[1]), command: command, undid: undid,
                    files: files))
        }
        self.init(entries: entries)
    }
}

/// A history file that this version cannot read.
package struct HistoryFormatError: Error, Hashable, Sendable {}

/// A cursor over the bytes of a history file.
private struct HistoryReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    /// Up to `count` bytes from the cursor.
    mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let end = min(bytes.count, position + max(0, count))
        defer { position = end }
        return bytes[position..<end]
    }

    /// The text up to the next LF, which is consumed.
    mutating func line() throws(HistoryFormatError) -> ArraySlice<UInt8> {
        guard let end = bytes[position...].firstIndex(of: 0x0A) else { throw HistoryFormatError() }
        defer { position = end + 1 }
        return bytes[position..<end]
    }

    /// A header line `TAG n n ...` with exactly `count` numbers (`-` reads as -1).
    mutating func header(_ tag: String, count: Int) throws(HistoryFormatError) -> [Int] {
        let words = try line().split(separator: 0x20)
        guard words.count == count + 1, words[0].elementsEqual(tag.utf8) else {
            throw HistoryFormatError()
        }
        var numbers: [Int] = []
        for word in words.dropFirst() {
            if word.elementsEqual([0x2D]) {
                numbers.append(-1)
            } else if let value = Int(String(decoding: word, as: UTF8.self)) {
                numbers.append(value)
            } else {
                throw HistoryFormatError()
            }
        }
        return numbers
    }

    /// A length line and that many bytes.
    mutating func chunk() throws(HistoryFormatError) -> [UInt8] {
        guard let length = Int(String(decoding: try line(), as: UTF8.self)), length >= 0,
            length <= bytes.count - position
        else { throw HistoryFormatError() }
        return Array(take(length))
    }
}
