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

    /// Reads `fd` from its current offset (its start) in pieces until every line in `wanted` is
    /// found or the file ends.
    static func read(
        _ fd: Int32, keeping wanted: Set<Int>, path: String, storage: FileStorage
    ) throws(StoreError) -> LineScan {
        var scan = LineScan()
        let targets = wanted.sorted()
        guard let last = targets.last else { return scan }
        var next = 0  // the position in `targets` of the next line to keep
        var index = 0  // the line being read
        var lineStart: Int64 = 0
        var current: [UInt8]? = targets.first == 0 ? [] : nil
        if current != nil { next = 1 }
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        while index <= last {
            let outcome = chunk.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) in try storage.sys.read(fd, raw) }
            }
            let count = try storage.call("read", path) { () throws(Errno) in try outcome.get() }
            if count == 0 {
                if let bytes = current, bytes.count > (index == 0 ? contentStart(of: bytes) : 0) {
                    scan.keep(bytes, index: index, at: lineStart)
                    scan.lineCount = index + 1
                } else {
                    scan.lineCount = current == nil && lineStart < scan.length ? index + 1 : index
                }
                return scan
            }
            let chunkStart = scan.length
            scan.length += Int64(count)
            chunk.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var position = 0
                // Whether the next line to keep is known to start in this piece.
                var walking = false
                while position < count && index <= last {
                    if current == nil && !walking {
                        // Whole stretches of lines that are not kept are only counted.
                        let wantedNext = next < targets.count ? targets[next] : Int.max
                        let feeds = LineFeeds.count(in: base + position, count: count - position)
                        if index + feeds < wantedNext {
                            if feeds > 0 {
                                var end = count - 1
                                while base[end] != 0x0A { end -= 1 }
                                lineStart = chunkStart + Int64(end + 1)
                            }
                            index += feeds
                            position = count
                            break
                        }
                        walking = true
                    }
                    let found = LineFeeds.first(in: base + position, count: count - position)
                    let end = found < 0 ? count : position + found + 1
                    current?.append(
                        contentsOf: UnsafeBufferPointer(rebasing: buffer[position..<end]))
                    position = end
                    guard found >= 0 else { break }
                    if let bytes = current { scan.keep(bytes, index: index, at: lineStart) }
                    index += 1
                    lineStart = chunkStart + Int64(end)
                    if next < targets.count && targets[next] == index {
                        current = []
                        next += 1
                    } else {
                        walking = walking && current == nil
                        current = nil
                    }
                }
            }
        }
        return scan
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

    /// The stretches of changed lines, each with its unchanged neighbours, or `nil` when a
    /// neighbour was not read (an edit changed a line it did not name).
    static func changes(_ lines: [Int: LineWindow.Loaded], lineCount: Int?) -> [ChangedLines]? {
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
            } else if let lineCount, last + 1 >= lineCount {
                below = nil
            } else {
                return nil
            }
            let indices = first...last
            stretches.append(
                ChangedLines(
                    firstLine: first,
                    before: indices.compactMap { lines[$0]?.raw },
                    after: indices.compactMap {
                        lines[$0].flatMap { $0.isRemoved ? nil : $0.currentRaw }
                    },
                    above: above, below: below))
        }
        return stretches
    }
}
