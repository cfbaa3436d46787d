import TodoPlatform
import TodoTxt

/// Some lines of a file, found by reading it from the start in pieces and counting line feeds,
/// up to the last line wanted: what ``FileStorage`` reads to change a few lines of a file
/// without holding the rest. Lines are split as ``TodoList`` splits them (at LF, a CR before it
/// in the terminator, a byte order mark before line 0 kept in that line's bytes).
struct LineScan {
    /// The wanted lines that exist, by index.
    var lines: [Int: LineWindow.Loaded] = [:]
    /// The number of lines, when the file was read to its end.
    var lineCount: Int?
    /// The bytes read.
    var length: Int64 = 0

    /// The UTF-8 byte order mark.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Reads `fd` (of about `size` bytes) from its start in pieces of whole lines
    /// (``FileStorage/readLines(_:path:size:_:)``) until every line in `wanted` is found or the
    /// file ends; with `toEnd`, counts the lines to the end and keeps the last two as well.
    static func read(
        _ fd: Int32, keeping wanted: Set<Int>, toEnd: Bool = false, size: Int64, path: String,
        storage: FileStorage
    ) throws(StoreError) -> LineScan {
        var scan = LineScan()
        let targets = wanted.sorted()
        guard let last = targets.last else { return scan }
        var next = 0  // the position in `targets` of the next line to keep
        var index = 0  // the line being read
        var stopped = false
        // The bytes after the last line feed, when the file ends without one.
        var open: (count: Int, isMarkOnly: Bool)?
        try storage.readLines(fd, path: path, size: Int(size)) { piece, offset in
            scan.length = Int64(offset + piece.count)
            guard let base = piece.baseAddress else { return true }
            var position = 0
            while position < piece.count {
                let wantedNext = next < targets.count ? targets[next] : Int.max
                let rest = piece.count - position
                // Whole stretches of lines that are not kept are only counted.
                let feeds = LineFeeds.count(in: base + position, count: rest)
                let unterminated = base[piece.count - 1] != 0x0A
                if index + feeds < wantedNext || (index + feeds == wantedNext && !unterminated) {
                    if unterminated {
                        var start = piece.count
                        while start > position && base[start - 1] != 0x0A { start -= 1 }
                        open = (
                            piece.count - start,
                            index + feeds == 0 && isMark(base + start, piece.count - start)
                        )
                    }
                    index += feeds
                    break
                }
                // The next line to keep starts in this piece: step over the lines before it.
                while index < wantedNext {
                    let found = LineFeeds.first(in: base + position, count: piece.count - position)
                    guard found >= 0 else { return true }
                    position += found + 1
                    index += 1
                }
                let found = LineFeeds.first(in: base + position, count: piece.count - position)
                let end = found < 0 ? piece.count : position + found + 1
                scan.keep(Array(piece[position..<end]), index: index, at: Int64(offset + position))
                next += 1
                if found < 0 {
                    open = (end - position, index == 0 && isMark(base + position, end - position))
                    break
                }
                index += 1
                position = end
            }
            if index > last && !toEnd {
                stopped = true
                return false
            }
            return true
        }
        guard !stopped else { return scan }
        if let open {
            if open.isMarkOnly {
                // A byte order mark with nothing after it is no line.
                scan.lines[0] = nil
                scan.lineCount = 0
            } else {
                scan.lineCount = index + 1
            }
        } else {
            scan.lineCount = index
        }
        if toEnd { try scan.keepLastLines(fd, path: path, storage: storage) }
        return scan
    }

    /// Whether the `count` bytes at `bytes` are exactly a byte order mark.
    private static func isMark(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        count == 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// Keeps the file's last two lines (what an append changes and sits below), read from its
    /// end, once ``lineCount`` and ``length`` are known.
    mutating func keepLastLines(
        _ fd: Int32, path: String, storage: FileStorage
    ) throws(StoreError) {
        guard let lineCount else { return }
        let missing = [lineCount - 2, lineCount - 1].filter { $0 >= 0 && lines[$0] == nil }
        guard !missing.isEmpty else { return }
        var size: Int64 = 1 << 12
        while true {
            let start = max(length - size, 0)
            var tail = [UInt8](repeating: 0, count: Int(length - start))
            var got = 0
            while got < tail.count {
                let position = start + Int64(got)
                let outcome = tail.withUnsafeMutableBytes { raw in
                    Result { () throws(Errno) in
                        try storage.sys.readAt(
                            fd, UnsafeMutableRawBufferPointer(rebasing: raw[got...]), position)
                    }
                }
                let count = try storage.call("read", path) { () throws(Errno) in
                    try outcome.get()
                }
                // Shortened meanwhile: the lines stay unread, and the edit needs the whole file.
                if count == 0 { return }
                got += count
            }
            // Where each line that starts inside the tail starts, in the file.
            var starts: [Int64] = start == 0 ? [0] : []
            for (offset, byte) in tail.enumerated() where byte == 0x0A {
                if start + Int64(offset) + 1 < length { starts.append(start + Int64(offset) + 1) }
            }
            if starts.count >= 2 || start == 0 {
                // The last one or two lines, each from its start to the next one's.
                let bounds = Array(starts.suffix(2)) + [length]
                for position in 0..<(bounds.count - 1) {
                    let index = lineCount - (bounds.count - 1) + position
                    guard missing.contains(index) else { continue }
                    let from = Int(bounds[position] - start)
                    let to = Int(bounds[position + 1] - start)
                    keep(Array(tail[from..<to]), index: index, at: bounds[position])
                }
                return
            }
            size *= 4
        }
    }

    /// Where the content of line 0 starts: after a byte order mark.
    static func contentStart(of firstLine: [UInt8]) -> Int {
        firstLine.starts(with: byteOrderMark) ? 3 : 0
    }

    /// Keeps line `index`, whose bytes (with its terminator) start at `offset`.
    mutating func keep(_ raw: [UInt8], index: Int, at offset: Int64) {
        let start = index == 0 ? LineScan.contentStart(of: raw) : 0
        var terminator = LineTerminator.none
        if raw.last == 0x0A {
            terminator = raw.count - 1 > start && raw[raw.count - 2] == 0x0D ? .crlf : .lf
        }
        lines[index] = LineWindow.Loaded(
            offset: offset, raw: raw, contentStart: start, terminator: terminator)
    }

    /// The stretches of changed lines (and appended ones), each with its unchanged neighbours,
    /// or `nil` when a neighbour was not read (an edit changed a line it did not name).
    static func changes(_ edited: LineWindow.Partial) -> [ChangedLines]? {
        let lines = edited.lines
        func isChanged(_ index: Int) -> Bool {
            guard let line = lines[index] else { return false }
            return line.currentRaw != line.raw
        }
        var stretches: [ChangedLines] = []
        var skipTo = Int.min
        for first in lines.keys.sorted() where first >= skipTo && isChanged(first) {
            var last = first
            while isChanged(last + 1) { last += 1 }
            skipTo = last + 1
            var above: [UInt8]?
            if first > 0 {
                guard let line = lines[first - 1] else { return nil }
                above = line.raw
            }
            var below: [UInt8]?
            if let line = lines[last + 1] {
                below = line.raw
            } else if let lastLine = lines[last], lastLine.isRemoved || lastLine.terminator == .none
            {
                below = nil
            } else if let lineCount = edited.lineCount, last + 1 >= lineCount {
                below = nil
            } else {
                return nil
            }
            let indices = first...last
            stretches.append(
                ChangedLines(
                    firstLine: first,
                    before: indices.compactMap { lines[$0]?.raw },
                    after: indices.compactMap { index in
                        lines[index].flatMap { $0.isRemoved ? nil : $0.currentRaw }
                    },
                    above: above, below: below))
        }
        guard !edited.appended.isEmpty else { return stretches }
        // Appended lines follow the file's last line: in its stretch when it changed (it got a
        // terminator), else in one of their own below it.
        guard let lineCount = edited.lineCount, lineCount > 0, let lastLine = lines[lineCount - 1]
        else { return nil }
        let added = edited.appended.map { $0.content + $0.terminator.bytes }
        if let end = stretches.last, end.firstLine + end.before.count == lineCount {
            stretches[stretches.count - 1].after += added
        } else {
            stretches.append(
                ChangedLines(
                    firstLine: lineCount, before: [], after: added, above: lastLine.raw,
                    below: nil))
        }
        return stretches
    }
}
