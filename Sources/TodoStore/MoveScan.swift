package import TodoPlatform
package import TodoTxt

/// One pass over a move's source, in pieces: the lines it keeps go to the source's new version
/// as they are read, the contents of the lines it moves are gathered for the destination, and
/// nothing else of the file is held. Lines are split as ``TodoList`` splits them, and the new
/// version is what applying the fates to the whole list and serializing would give: the byte
/// order mark, then every kept line's bytes unchanged and every replaced line's new content
/// with its fitted terminator.
struct MoveScan {
    /// The moved lines' contents, one after the other.
    var movedBytes: [UInt8] = []
    /// Where each moved line's content ends in ``movedBytes``.
    var movedEnds: [Int] = []
    /// How many lines were taken out (moved or removed).
    var removedCount = 0
    /// Whether any line was taken out, moved or replaced.
    var isChanged = false
    /// The source's content of each moved line that went to the destination as another
    /// content (``LineFate/moveAs(_:)``), by its place among the moved lines: what a move
    /// killed on the way looks for in the source.
    var sourceContents: [Int: [UInt8]] = [:]

    /// The number of moved lines.
    var movedCount: Int { movedEnds.count }

    /// Whether the source keeps its number of lines (the moved lines left blanks), as a
    /// move's record notes it.
    var blanks: Bool { removedCount == 0 }

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

    /// Reads `source` (`length` bytes by its status) from its start through `store`'s line
    /// reader and writes the kept lines to `output`. Returns `nil` when the source did not
    /// hold `length` bytes (someone changed it meanwhile). A failed read or write throws the
    /// error number (the temporary file's writer reports it for the source's path).
    /// When `referencing`, removed lines are told as places in the source (see
    /// ``ChangedLines/beforeSpan``), unless one of a stretch's lines is also one of the lines
    /// written in its place: that stretch's lines are read back and told as bytes.
    static func run(
        _ source: Int32, path: String, length: Int64, to output: Int32, store: FileStorage,
        fate: (Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> LineFate,
        observe: ((ChangedLines, [Bool]) -> Void)?, matchesEarliest: Bool = false,
        referencing: Bool = false
    ) throws(Errno) -> MoveScan? {
        let sys = store.sys
        var scanner = MoveScanner(
            observe: observe, matchesEarliest: matchesEarliest,
            writer: ChunkWriter(destination: output, at: 0, sys: sys),
            readBack: referencing && !matchesEarliest
                ? { buffer, offset in LineSpan.fill(buffer, at: offset, from: source, sys) } : nil)
        var total: Int64 = 0
        var writeError: Errno?
        do {
            try store.readLines(source, path: path, size: Int(length)) { piece, _ in
                let bytes = UnsafeRawBufferPointer(piece)
                total += Int64(bytes.count)
                guard let base = piece.baseAddress else { return true }
                var position = 0
                while position < bytes.count {
                    let found = LineFeeds.first(in: base + position, count: bytes.count - position)
                    // Only the file's last line ends without a line feed.
                    let end = found < 0 ? bytes.count : position + found + 1
                    scanner.line(UnsafeRawBufferPointer(rebasing: bytes[position..<end]), fate)
                    position = end
                }
                // The reader reuses its buffer for the next piece.
                scanner.leavePiece()
                do throws(Errno) {
                    try scanner.writer.flushIfFull()
                } catch {
                    writeError = error
                    return false
                }
                return true
            }
        } catch {
            throw Errno(error.errno ?? Errno.ioError.rawValue)
        }
        if let writeError { throw writeError }
        scanner.finish()
        // A stretch's lines could not be read back: no record rather than a wrong one.
        if scanner.readBackFailed { throw Errno.ioError }
        try scanner.writer.flush()
        return total == length ? scanner.scan : nil
    }
}

/// The state of a ``MoveScan`` between lines.
private struct MoveScanner {
    let observe: ((ChangedLines, [Bool]) -> Void)?
    /// See ``MoveObserver/matchesEarliest``.
    let matchesEarliest: Bool
    var writer: ChunkWriter
    var scan = MoveScan()
    /// The index of the next line.
    var index = 0
    var hasByteOrderMark = false
    /// Whether the byte order mark still waits for the new version's first line (no line was
    /// kept or replaced yet).
    var markPending = false
    /// The terminator a replaced line that is empty and was the last gets: line 0's, or LF
    /// (``TodoList/newLineTerminator``).
    var newLine = LineTerminator.lf
    /// The last kept line, while it is still in the piece being read.
    var lastKept: UnsafeRawBufferPointer?
    /// The last kept line, copied when its piece was left.
    var lastKeptCopy: [UInt8]?
    /// The last line written in place of another, whose copy the next equal one shares.
    var lastRewritten: [UInt8] = []
    /// The stretch of removed lines being gathered (only when observed).
    var stretch:
        (firstLine: Int, lines: [[UInt8]], moved: [Bool], above: [UInt8]?, after: [[UInt8]])?
    /// Reads the source back, when removed lines are told by where they lie (then the
    /// stretch's `lines` stay empty and ``reference`` stands for them).
    let readBack: LineSpan.Reader?
    /// Where the gathered stretch's lines lie, when told by reference.
    var reference = ReferencedLines()
    /// Where the next line starts in the source.
    var position: Int64 = 0
    /// Whether a stretch's lines could not be read back.
    var readBackFailed = false

    init(
        observe: ((ChangedLines, [Bool]) -> Void)?, matchesEarliest: Bool, writer: ChunkWriter,
        readBack: LineSpan.Reader?
    ) {
        self.observe = observe
        self.matchesEarliest = matchesEarliest
        self.writer = writer
        self.readBack = readBack
    }

    /// Takes one line, with its terminator (the file's last may have none), where `fate`
    /// sends it.
    mutating func line(
        _ raw: UnsafeRawBufferPointer,
        _ fate: (Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> LineFate
    ) {
        let start = position
        position += Int64(raw.count)
        var contentStart = 0
        if index == 0, raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF {
            contentStart = 3
            hasByteOrderMark = true
            markPending = true
            writer.append(UnsafeRawBufferPointer(rebasing: raw[..<3]))
            // A byte order mark with nothing after it is no line.
            if raw.count == 3 { return }
        }
        var terminator = LineTerminator.none
        if raw.last == 0x0A {
            terminator = raw.count - 1 > contentStart && raw[raw.count - 2] == 0x0D ? .crlf : .lf
        }
        if index == 0 && terminator != .none { newLine = terminator }
        let content = UnsafeRawBufferPointer(
            rebasing: raw[contentStart..<(raw.count - terminator.bytes.count)])
        let fate = fate(index, content, raw)
        defer { index += 1 }
        if case .keep = fate {
            keep(raw, contentStart: contentStart)
            return
        }
        scan.isChanged = true
        switch fate {
        case .keep:
            break
        case .replace(let new):
            replace(raw, at: start, with: new, terminator: terminator)
        case .rewrite(let bytes):
            rewrite(raw, at: start, as: bytes)
        case .moveLeavingBlank where terminator != .none:
            scan.movedBytes.append(contentsOf: content)
            scan.movedEnds.append(scan.movedBytes.count)
            replace(raw, at: start, with: [], terminator: terminator)
        case .move, .moveAs, .remove, .moveLeavingBlank:
            scan.removedCount += 1
            var isMoved = true
            switch fate {
            case .moveAs(let new):
                scan.sourceContents[scan.movedCount] = Array(content)
                scan.movedBytes.append(contentsOf: new)
            case .remove: isMoved = false
            default: scan.movedBytes.append(contentsOf: content)
            }
            if isMoved { scan.movedEnds.append(scan.movedBytes.count) }
            guard observe != nil else { return }
            openStretch()
            gather(raw, at: start)
            stretch?.moved.append(isMoved)
        }
    }

    /// Adds a line of the source, which starts at `offset`, to the gathered stretch.
    private mutating func gather(_ raw: UnsafeRawBufferPointer, at offset: Int64) {
        if readBack != nil {
            reference.add(raw, at: offset)
        } else {
            stretch?.lines.append(Array(raw))
        }
    }

    /// Adds a line written in place of the stretch's lines.
    private mutating func gatherAfter(_ line: [UInt8]) {
        if readBack != nil { reference.addAfter(line) }
        stretch?.after.append(line)
    }

    /// Writes a kept line and tells the stretch above it.
    private mutating func keep(_ raw: UnsafeRawBufferPointer, contentStart: Int) {
        let start = position - Int64(raw.count)
        writer.append(UnsafeRawBufferPointer(rebasing: raw[contentStart...]))
        defer {
            markPending = false
            lastKept = raw
        }
        guard observe != nil, var current = stretch else { return }
        if markPending {
            // Without line 0, the byte order mark starts this line: it is the stretch's
            // new first line (a stretch ends at a line end of both versions).
            current.moved.append(false)
            stretch = current
            stretch?.after = [LineScan.byteOrderMark + raw]
            if readBack != nil { reference.replaceAfter(LineScan.byteOrderMark + raw) }
            gather(raw, at: start)
            return
        }
        if readBack == nil, matchesEarliest, current.after.isEmpty,
            let equal = current.lines.firstIndex(where: { $0.elementsEqual(raw) })
        {
            // A whole-file comparison keeps the first removed line with these bytes and takes
            // this one out instead: the lines above it are told, the rest stay gathered.
            if equal > 0 {
                observe?(
                    ChangedLines(
                        firstLine: current.firstLine, before: Array(current.lines[..<equal]),
                        after: [], above: current.above, below: current.lines[equal]),
                    Array(current.moved[..<equal]))
            }
            stretch = (
                current.firstLine + equal + 1, Array(current.lines[(equal + 1)...]) + [Array(raw)],
                Array(current.moved[(equal + 1)...]) + [current.moved[equal]],
                current.lines[equal], []
            )
            return
        }
        endStretch(below: raw)
    }

    /// Writes `new` with `terminator` fitted in place of a line, and gathers the change.
    private mutating func replace(
        _ raw: UnsafeRawBufferPointer, at offset: Int64, with new: [UInt8],
        terminator: LineTerminator
    ) {
        let fitted = TodoList.fitted(
            terminator, isEmpty: new.isEmpty, lastByte: new.last, newLine: newLine)
        rewrite(raw, at: offset, as: new + fitted.bytes)
    }

    /// Writes `line` in place of a line (which starts at `offset`), and gathers the change.
    private mutating func rewrite(
        _ raw: UnsafeRawBufferPointer, at offset: Int64, as line: [UInt8]
    ) {
        writer.append(line)
        let mark = markPending
        markPending = false
        guard observe != nil else { return }
        openStretch()
        if mark {
            gatherAfter(LineScan.byteOrderMark + line)
        } else {
            // Many lines rewritten alike (emptied duplicates) share one copy.
            if line != lastRewritten { lastRewritten = line }
            gatherAfter(lastRewritten)
        }
        gather(raw, at: offset)
        stretch?.moved.append(false)
    }

    /// Starts a stretch of changed lines at this line, unless one is open.
    private mutating func openStretch() {
        if stretch == nil {
            stretch = (index, [], [], lastKept.map { Array($0) } ?? lastKeptCopy, [])
            reference = ReferencedLines()
        }
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
        if markPending && current.firstLine == 0 {
            after.append(LineScan.byteOrderMark)
            if readBack != nil { reference.addAfter(LineScan.byteOrderMark) }
        }
        var changed = ChangedLines(
            firstLine: current.firstLine, before: current.lines, after: after,
            above: current.above, below: below.map { Array($0) })
        if let readBack {
            changed.beforeSpan = reference.span
            if reference.mayShareLine(readBack, written: after) {
                // Told as bytes, for the comparison that finds which lines stayed.
                changed.beforeSpan = nil
                let complete = reference.span.forEachLine(read: readBack) { line in
                    changed.before.append(Array(line))
                    return true
                }
                if !complete { readBackFailed = true }
            }
        }
        observe(changed, current.moved)
    }

    /// The end of the file.
    mutating func finish() {
        endStretch(below: nil)
    }
}

/// The lines of a stretch told by reference (see ``MoveScan/run``): where they lie in the
/// source, and what is known of whether one of them is also one of the lines written in their
/// place (which decides how a record of the change is made).
private struct ReferencedLines {
    /// Where the lines lie in the source, and how many they are.
    var span = LineSpan(bytes: 0..<0, lineCount: 0)
    /// The distinct lines written in their place so far, while they are few.
    var after: [[UInt8]] = []
    /// Whether a line was found among them.
    var sharesLine = false
    /// Whether lines were added before a line written in place that they were not compared
    /// with, or there are too many distinct ones to compare each line with: the source is read
    /// back to tell.
    var unsure = false
    /// The most distinct lines written in place that each line is compared with.
    static let distinctLimit = 8

    /// Adds the line `raw` of the source, which starts at `offset`.
    mutating func add(_ raw: UnsafeRawBufferPointer, at offset: Int64) {
        if span.lineCount == 0 { span.bytes = offset..<offset }
        span.bytes = span.bytes.lowerBound..<(offset + Int64(raw.count))
        span.lineCount += 1
        if !unsure && !sharesLine && after.contains(where: { $0.elementsEqual(raw) }) {
            sharesLine = true
        }
    }

    /// Adds a line written in place of the stretch's lines (before the line it replaces).
    mutating func addAfter(_ line: [UInt8]) {
        guard !unsure, !sharesLine, !after.contains(line) else { return }
        after.append(line)
        if after.count > Self.distinctLimit || span.lineCount > 0 { unsure = true }
    }

    /// Forgets the lines written in place so far (others replace them all).
    mutating func replaceAfter(_ line: [UInt8]) {
        after = []
        if span.lineCount > 0 { unsure = true }
        addAfter(line)
    }

    /// Whether one of the lines may be one of `written` (the lines written in their place),
    /// reading the source back through `read` when that is not known yet (a failed read
    /// counts as may).
    func mayShareLine(_ read: LineSpan.Reader, written: [[UInt8]]) -> Bool {
        if sharesLine { return true }
        guard unsure else { return false }
        // Lines written alike share one copy (a run of them is compared once), and a line
        // whose length none of them has is not copied to be looked up.
        var distinct = Set<[UInt8]>()
        var previous: [UInt8]?
        for line in written where line != previous {
            distinct.insert(line)
            previous = line
        }
        let lengths = Set(distinct.map(\.count))
        var found = false
        let complete = span.forEachLine(read: read) { line in
            found = lengths.contains(line.count) && distinct.contains(Array(line))
            return !found
        }
        return found || !complete
    }
}

extension LineSpan {
    /// Fills `buffer` with the bytes at `offset` of the file open as `fd` (see ``Reader``):
    /// `false` when a read fails or the file ends first.
    package static func fill(
        _ buffer: UnsafeMutableRawBufferPointer, at offset: Int64, from fd: Int32,
        _ sys: FileSystem
    ) -> Bool {
        var count = 0
        while count < buffer.count {
            let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[count...])
            guard let read = try? sys.readAt(fd, rest, offset + Int64(count)), read > 0 else {
                return false
            }
            count += read
        }
        return true
    }
}
