import TodoPlatform
import TodoTxt

/// One pass over a move's source, in pieces: the lines it keeps go to the source's new version
/// as they are read, the contents of the lines it moves are gathered for the destination, and
/// nothing else of the file is held. Lines are split as ``TodoList`` splits them, and the new
/// version is what ``TodoList/removeLines(at:)`` and serializing would give: the byte order
/// mark, then every kept line's bytes unchanged.
struct MoveScan {
    /// The moved lines' contents, one after the other.
    var movedBytes: [UInt8] = []
    /// Where each moved line's content ends in ``movedBytes``.
    var movedEnds: [Int] = []
    /// How many lines were taken out (moved or removed).
    var removedCount = 0

    /// The number of moved lines.
    var movedCount: Int { movedEnds.count }

    /// Calls `body` with each moved line's content, in order.
    func forEachMoved(_ body: (UnsafeRawBufferPointer) -> Void) {
        movedBytes.withUnsafeBytes { all in
            var start = 0
            for end in movedEnds {
                body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }

    /// Reads `source` (`length` bytes by its status) from its start and writes the kept lines
    /// to `output`. Returns `nil` when the source did not hold `length` bytes (someone changed
    /// it meanwhile).
    static func run(
        _ source: Int32, length: Int64, to output: Int32, sys: FileSystem,
        fate: (UnsafeRawBufferPointer) -> LineFate,
        observe: ((ChangedLines, [Bool]) -> Void)?
    ) throws(Errno) -> MoveScan? {
        var scanner = MoveScanner(
            observe: observe,
            writer: ChunkWriter(destination: output, at: 0, sys: sys))
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { piece.deallocate() }
        // A line that runs over the end of a piece, gathered until its end.
        var carry: [UInt8] = []
        var offset: Int64 = 0
        while true {
            let count = try sys.readAt(source, piece, offset)
            if count == 0 { break }
            offset += Int64(count)
            let bytes = UnsafeRawBufferPointer(rebasing: piece[..<count])
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { break }
            var position = 0
            if !carry.isEmpty {
                let found = LineFeeds.first(in: base, count: count)
                if found < 0 {
                    carry.append(contentsOf: bytes)
                    continue
                }
                carry.append(contentsOf: bytes[...found])
                carry.withUnsafeBytes { scanner.line($0, fate) }
                scanner.leavePiece()
                carry.removeAll()
                position = found + 1
            }
            while position < count {
                let found = LineFeeds.first(in: base + position, count: count - position)
                if found < 0 {
                    carry.append(contentsOf: bytes[position...])
                    break
                }
                scanner.line(
                    UnsafeRawBufferPointer(rebasing: bytes[position...(position + found)]), fate)
                position += found + 1
            }
            scanner.leavePiece()
            try scanner.writer.flushIfFull()
        }
        if !carry.isEmpty { carry.withUnsafeBytes { scanner.line($0, fate) } }
        scanner.finish()
        try scanner.writer.flush()
        return offset == length ? scanner.scan : nil
    }
}

/// The state of a ``MoveScan`` between lines.
private struct MoveScanner {
    let observe: ((ChangedLines, [Bool]) -> Void)?
    var writer: ChunkWriter
    var scan = MoveScan()
    /// The index of the next line.
    var index = 0
    var hasByteOrderMark = false
    /// The last kept line, while it is still in the piece being read.
    var lastKept: UnsafeRawBufferPointer?
    /// The last kept line, copied when its piece was left.
    var lastKeptCopy: [UInt8]?
    /// The stretch of removed lines being gathered (only when observed).
    var stretch:
        (firstLine: Int, lines: [[UInt8]], moved: [Bool], above: [UInt8]?, after: [[UInt8]])?

    /// Takes one line, with its terminator (the file's last may have none), where `fate`
    /// sends it.
    mutating func line(
        _ raw: UnsafeRawBufferPointer, _ fate: (UnsafeRawBufferPointer) -> LineFate
    ) {
        var contentStart = 0
        if index == 0, raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF {
            contentStart = 3
            hasByteOrderMark = true
            writer.append(UnsafeRawBufferPointer(rebasing: raw[..<3]))
            // A byte order mark with nothing after it is no line.
            if raw.count == 3 { return }
        }
        var terminator = 0
        if raw.last == 0x0A {
            terminator = raw.count - 1 > contentStart && raw[raw.count - 2] == 0x0D ? 2 : 1
        }
        let content = UnsafeRawBufferPointer(
            rebasing: raw[contentStart..<(raw.count - terminator)])
        let fate = fate(content)
        defer { index += 1 }
        if fate == .keep {
            writer.append(UnsafeRawBufferPointer(rebasing: raw[contentStart...]))
            guard observe != nil else { return }
            if var current = stretch, current.firstLine == 0, hasByteOrderMark,
                current.after.isEmpty
            {
                // Without line 0, the byte order mark starts this line: it is the stretch's
                // new first line (a stretch ends at a line end of both versions).
                current.lines.append(Array(raw))
                current.moved.append(false)
                current.after = [LineScan.byteOrderMark + raw]
                stretch = current
            } else {
                endStretch(below: raw)
            }
            lastKept = raw
            return
        }
        scan.removedCount += 1
        if fate == .move {
            scan.movedBytes.append(contentsOf: content)
            scan.movedEnds.append(scan.movedBytes.count)
        }
        guard observe != nil else { return }
        if stretch == nil {
            stretch = (index, [], [], lastKept.map { Array($0) } ?? lastKeptCopy, [])
        }
        stretch?.lines.append(Array(raw))
        stretch?.moved.append(fate == .move)
    }

    /// The piece (or the gathered line) the pointers lead into is about to be reused.
    mutating func leavePiece() {
        if let lastKept {
            lastKeptCopy = Array(lastKept)
            self.lastKept = nil
        }
    }

    /// Tells the gathered stretch of removed lines, with the kept line below it.
    mutating func endStretch(below: UnsafeRawBufferPointer?) {
        guard let observe, let current = stretch else { return }
        stretch = nil
        var after = current.after
        if after.isEmpty && current.firstLine == 0 && hasByteOrderMark {
            after = [LineScan.byteOrderMark]
        }
        observe(
            ChangedLines(
                firstLine: current.firstLine, before: current.lines, after: after,
                above: current.above, below: below.map { Array($0) }),
            current.moved)
    }

    /// The end of the file.
    mutating func finish() {
        endStretch(below: nil)
    }
}
