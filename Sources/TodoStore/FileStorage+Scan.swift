import TodoPlatform
import TodoTxt

/// What an append needs to know about a file, found in one pass over it without keeping it:
/// its length, its line count, the terminator its first line ends with, and how it ends
/// (FormatRules.md F3-F5).
struct AppendScan: Equatable {
    /// The file's length in bytes.
    var length = 0
    /// The number of LF bytes.
    var lineFeeds = 0
    /// Whether the file starts with a UTF-8 byte order mark.
    var byteOrderMark = false
    /// Whether the first line (after a byte order mark) ends with CR LF.
    var firstIsCRLF = false
    /// Whether a first LF was seen.
    var sawLineFeed = false
    /// The last byte and the one before it.
    var last: UInt8?
    var beforeLast: UInt8?
    /// The first three bytes (to recognise a byte order mark across chunks).
    var head: [UInt8] = []
    /// The last two lines so far (see ``AppendReport/endBefore``).
    var end: [UInt8] = []

    /// The number of lines (TodoList's count).
    var lineCount: Int {
        let content = length - (byteOrderMark ? 3 : 0)
        guard content > 0 else { return 0 }
        return lineFeeds + (last == 0x0A ? 0 : 1)
    }

    /// Takes in the next chunk of the file.
    mutating func take(_ chunk: UnsafeRawBufferPointer) {
        guard !chunk.isEmpty else { return }
        var index = 0
        while head.count < 3 && index < chunk.count {
            head.append(chunk[index])
            index += 1
        }
        byteOrderMark = head == [0xEF, 0xBB, 0xBF]
        if !sawLineFeed {
            for offset in 0..<chunk.count where chunk[offset] == 0x0A {
                let position = length + offset
                let start = byteOrderMark ? 3 : 0
                let previous: UInt8? =
                    offset > 0 ? chunk[offset - 1] : (position > 0 ? last : nil)
                firstIsCRLF = position > start && previous == 0x0D
                sawLineFeed = true
                break
            }
        }
        lineFeeds += chunk.withMemoryRebound(to: UInt8.self) { bytes in
            bytes.baseAddress.map { LineFeeds.count(in: $0, count: bytes.count) } ?? 0
        }
        let chunkEnd = AppendReport.lastTwoLines(of: chunk)
        end =
            chunkEnd.count < chunk.count
            ? chunkEnd : AppendReport.lastTwoLines(of: end + chunkEnd)
        if chunk.count >= 2 {
            beforeLast = chunk[chunk.count - 2]
        } else {
            beforeLast = last
        }
        last = chunk[chunk.count - 1]
        length += chunk.count
    }

    /// The bytes that appending `lines` adds (what ``FileStorage/appended(_:to:)`` computes
    /// from a whole list).
    func tail(appending lines: [[UInt8]]) -> [UInt8] {
        var shape = AppendShape(self)
        var tail: [UInt8] = []
        for line in lines {
            let (closing, terminator) = line.withUnsafeBytes { shape.append($0) }
            tail += closing?.bytes ?? []
            tail += line
            tail += terminator.bytes
        }
        return tail
    }
}

extension FileStorage {
    /// Scans the locked file in chunks (see ``AppendScan``), checking that the name still
    /// leads to it.
    func scanLocked(_ file: LockedFile) throws(StoreError) -> (scan: AppendScan, status: FileStatus)
    {
        for _ in 0..<Self.attempts {
            let fd = try call("read", file.path) { () throws(Errno) in
                try sys.openAt(file.directory, file.location.name, [], 0)
            }
            defer { try? sys.close(fd) }
            let status = try call("read", file.path) { () throws(Errno) in try sys.status(fd) }
            if status.kind == .directory { throw failure("write", file.path, .isDirectory) }
            var scan = AppendScan()
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let got = chunk.withUnsafeMutableBytes { raw in
                    Result { () throws(Errno) in try sys.read(fd, raw) }
                }
                let count = try call("read", file.path) { () throws(Errno) in try got.get() }
                if count == 0 { break }
                chunk.withUnsafeBytes { scan.take(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            }
            let held = try call("read", file.path) { () throws(Errno) in try sys.status(file.fd) }
            if held.device == status.device && held.inode == status.inode {
                return (scan, status)
            }
            try revalidate(file)
        }
        throw keptChanging(file.path)
    }

    /// ``appendInPlace(_:lines:operation:)`` without reading the file into memory: reports the
    /// end of the file before and what was written.
    func appendCounting(_ file: LockedFile, lines: [[UInt8]]) throws(StoreError) -> AppendReport {
        for attempt in 0..<Self.attempts {
            if attempt > 0 { try revalidate(file) }
            let (scan, status) = try scanLocked(file)
            let tail = scan.tail(appending: lines)
            try writeTail(tail, to: file, at: Int64(scan.length))
            let named = try? sys.statusAt(file.directory, file.location.name)
            if let named, named.device == status.device, named.inode == status.inode {
                return AppendReport(
                    lineCount: scan.lineCount + lines.count, endBefore: scan.end, written: tail)
            }
        }
        throw keptChanging(file.path)
    }
}

extension FileStorage {
    /// The size of the buffer ``readPieces(_:_:)`` reads into: large enough that a `read` costs
    /// little per byte, small enough that its pages stay in the processor's cache from one piece
    /// to the next (a fresh buffer as large as the file costs a page fault every 4 KiB). A check
    /// reads through two at once, each touching 32 pages; 64 KiB would touch fewer but costs a
    /// large file more `read` calls than it saves.
    static let pieceBytes = 1 << 17

    /// The file size from which ``readPieces(_:inHalves:)`` reads the two halves on two threads
    /// (below it, starting a thread costs more than it saves).
    static let halvesBytes = 1 << 21

    /// Reads the file through one reused buffer of ``pieceBytes`` (grown only for a line longer
    /// than it), handing `body` each stretch of whole lines as soon as it is read: a listing
    /// holds only what it keeps. While a move that was killed between its two writes concerns
    /// the file (its record is in the journal), the file is read whole instead and shown as
    /// the next writer will leave it (``readBytes(_:)``).
    public func readPieces(
        _ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(StoreError) {
        try readPieces(path, halves: false) { _, piece in body(piece) }
    }

    /// Reads the file as ``readPieces(_:_:)`` does, but a large one in two halves at once, on
    /// two threads, each through its own buffer: the pieces of half 0 (from the start of the
    /// file to the end of the line that holds its middle byte) and of half 1 (the rest) each
    /// come in order, from their own thread. A file that holds still is handed on exactly once
    /// whichever way it is read; one truncated or rewritten in place meanwhile is read as far as
    /// it goes, never out of bounds.
    public func readPieces(
        _ path: String, inHalves body: (_ half: Int, _ piece: UnsafeBufferPointer<UInt8>) -> Void
    ) throws(StoreError) {
        try readPieces(path, halves: true, body)
    }

    private func readPieces(
        _ path: String, halves: Bool,
        _ body: (_ half: Int, _ piece: UnsafeBufferPointer<UInt8>) -> Void
    ) throws(StoreError) {
        let listing = journalListing()
        if !listing.isEmpty, let real = try? sys.realPath(path),
            !pendingRecordNames(concerning: [real], in: listing).isEmpty
        {
            let bytes = try readBytes(path)
            bytes.withUnsafeBufferPointer { buffer in
                if !buffer.isEmpty { body(0, buffer) }
            }
            return
        }
        let fd = try call("read", path) { () throws(Errno) in try sys.open(path, [], 0) }
        defer { try? sys.close(fd) }
        let status = try call("read", path) { () throws(Errno) in try sys.status(fd) }
        if status.kind == .directory { throw failure("read", path, .isDirectory) }
        let size = Int(status.size)
        guard halves && size >= Self.halvesBytes && Concurrently.processorCount > 1 else {
            try readLines(fd, path, size: size, from: 0, positioned: false) { piece, _ in
                body(0, piece)
                return true
            }
            return
        }
        // Half 1 starts after the first line feed at or after the byte before the middle.
        let middle = size / 2
        var lowError: StoreError?
        var highError: StoreError?
        Concurrently.run(
            {
                do throws(StoreError) {
                    try readLines(fd, path, size: size, from: middle - 1, skippingPartialLine: true)
                    { piece, _ in
                        body(1, piece)
                        return true
                    }
                } catch { highError = error }
            },
            {
                do throws(StoreError) {
                    try readLines(fd, path, size: size, from: 0, endingAtLineThrough: middle - 1) {
                        piece, _ in
                        body(0, piece)
                        return true
                    }
                } catch { lowError = error }
            })
        if let error = lowError ?? highError { throw error }
    }

    /// Reads `fd` (of about `size` bytes) from its start with `pread`, handing `body` each
    /// stretch of whole lines (the file's last line may lack its line feed) with its offset in
    /// the file, until `body` returns `false` or the file ends: the one reader of listings and
    /// of edits that read only as far as the lines they change (``LineScan``).
    func readLines(
        _ fd: Int32, path: String, size: Int,
        _ body: (_ piece: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool
    ) throws(StoreError) {
        try readLines(fd, path, size: size, from: 0, body)
    }

    /// Reads `fd` from `offset` with `pread` (or from where it is with `read` unless
    /// `positioned`) through one buffer, handing `body` stretches of whole lines with their
    /// offset in the file, until it returns `false`: after the first line feed when
    /// `skippingPartialLine`, and up to the first line feed at or after `limit` when there is
    /// one.
    private func readLines(
        _ fd: Int32, _ path: String, size: Int, from offset: Int,
        positioned: Bool = true, skippingPartialLine: Bool = false,
        endingAtLineThrough limit: Int? = nil,
        _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool
    ) throws(StoreError) {
        // A small file needs no more than its size (and one byte to see its end).
        var capacity = min(max(size - offset + 1, 1 << 12), Self.pieceBytes)
        var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        // The file offset of the next read and of the buffer's first byte.
        var position = offset
        var bufferStart = offset
        var skipping = skippingPartialLine
        // Bytes at the start of the buffer that follow the last line feed handed on.
        var filled = 0
        while true {
            if filled == capacity {
                // A line longer than the buffer: make room for it.
                let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity * 2)
                _ = larger.initialize(from: buffer)
                buffer.deallocate()
                buffer = larger
                capacity *= 2
            }
            guard let base = buffer.baseAddress else { return }
            let free = UnsafeMutableRawBufferPointer(start: base + filled, count: capacity - filled)
            // One reader goes through the descriptor's own offset, which a pipe or a device
            // also has; two read at their own positions.
            let got = try call("read", path) { () throws(Errno) in
                positioned ? try sys.readAt(fd, free, Int64(position)) : try sys.read(fd, free)
            }
            if got == 0 {
                if filled > 0 && !skipping {
                    _ = body(UnsafeBufferPointer(start: base, count: filled), bufferStart)
                }
                return
            }
            var searched = filled
            filled += got
            position += got
            if skipping {
                let found = LineFeeds.first(in: base + searched, count: filled - searched)
                if found < 0 {
                    bufferStart += filled
                    filled = 0
                    continue
                }
                let dropped = searched + found + 1
                base.update(from: base + dropped, count: filled - dropped)
                filled -= dropped
                bufferStart += dropped
                searched = 0
                skipping = false
            }
            if let limit {
                // Bytes before `searched` hold no line feed.
                let from = max(searched, limit - bufferStart)
                if from < filled {
                    let found = LineFeeds.first(in: base + from, count: filled - from)
                    if found >= 0 {
                        _ = body(
                            UnsafeBufferPointer(start: base, count: from + found + 1), bufferStart)
                        return
                    }
                }
            }
            // The last line feed among the new bytes ends the piece.
            var last = filled - 1
            while last >= searched && base[last] != 0x0A { last -= 1 }
            guard last >= searched else { continue }
            guard body(UnsafeBufferPointer(start: base, count: last + 1), bufferStart) else {
                return
            }
            let rest = filled - last - 1
            if rest > 0 { base.update(from: base + last + 1, count: rest) }
            filled = rest
            bufferStart += last + 1
        }
    }
}
