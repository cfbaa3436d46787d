import TodoPlatform
import TodoQuery
import TodoStore
import TodoTxt

extension Listing {
    /// The lines of a file's bytes, split as ``TodoTxt/TodoList`` splits them (a leading byte
    /// order mark skipped, LF ending a line, a CR before it dropped, a last line without LF
    /// kept), walked with pointers so that a line costs nothing until it passes.
    enum Scan {
        /// How many lines `bytes` has.
        static func lineCount(_ bytes: [UInt8]) -> Int {
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                let total = buffer.count
                let start =
                    total >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
                guard start < total else { return 0 }
                return LineFeeds.count(in: base + start, count: total - start)
                    + (base[total - 1] == 0x0A ? 0 : 1)
            }
        }

        /// Calls `body` with the start and end (CR and LF excluded) of every line, in order.
        static func forEachLine(
            _ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ start: Int, _ end: Int) -> Void
        ) {
            guard let base = bytes.baseAddress else { return }
            let total = bytes.count
            let start =
                total >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
            forEachLine(bytes, from: start, to: total, body)
        }

        /// Calls `body` with the start and end (CR and LF excluded) of every line from `from`
        /// (a line's start) to `to` (just after a line feed, or the end of the bytes).
        static func forEachLine(
            _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int,
            _ body: (_ start: Int, _ end: Int) -> Void
        ) {
            guard let base = bytes.baseAddress else { return }
            var start = from
            while start < to {
                let found = LineFeeds.first(in: base + start, count: to - start)
                if found < 0 {
                    body(start, to)
                    return
                }
                let feed = start + found
                body(start, feed > start && base[feed - 1] == 0x0D ? feed - 1 : feed)
                start = feed + 1
            }
        }
    }

    /// Whether the bytes from `start` to `end` make a line todo.sh hides (``isHidden(_:)``).
    @inline(__always)
    static func isHidden(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = base[index]
            if byte != 0x20 && (byte < 0x30 || byte > 0x39) { return false }
            index += 1
        }
        return true
    }
}

extension Listing {
    /// The selection stage of a todo.sh listing fed with a file's pieces (whole lines, in
    /// order, as ``TodoStore/TodoStorage/readPieces(_:_:)`` hands them on), keeping only the
    /// lines that pass: the same rows, numbers and total as ``Session/selectRows(inBytes:numberedFrom:width:terms:postFilter:)``
    /// over the whole file, without holding it.
    ///
    /// It takes only search terms that are plain words (``handles(_:)``): those never need the
    /// line's number, whose width depends on the whole file. Each word is looked for across the
    /// piece at once; only the lines where it turns up are tested as grep tests them (up to a
    /// NUL byte), and every other line is only numbered and counted.
    struct PieceSelector {
        /// One term: its filter and its word, lower-cased for ``TodoQuery/ByteSearch``.
        private struct Word {
            var filter: Filter
            var needle: [UInt8]
        }

        private let words: [Word]
        private let test: ((UnsafeBufferPointer<UInt8>) -> Bool)?
        /// The lines seen so far.
        private(set) var lineCount = 0
        /// The lines seen so far that todo.sh does not hide (the footer's total).
        private(set) var total = 0
        /// Whether a piece was taken (the first may start with a byte order mark).
        private var started = false
        /// The kept lines, as records (``Listing/appendRecord(number:text:to:)``).
        private(set) var kept: [UInt8] = []
        /// How many rows are kept.
        private(set) var keptCount = 0

        /// Whether the selector can apply `filters`: each a word that needs neither the line's
        /// number nor grep's folding of non-ASCII letters.
        static func handles(_ filters: [Filter]) -> Bool {
            filters.allSatisfy { filter in
                filter.regex.isLiteralWithoutNumberChars && !filter.regex.literalNeedsFoldCheck
                    && filter.regex.literal != nil
            }
        }

        /// A selector for `filters` (which it must handle) and an optional test on the text, fed
        /// from the file's start (where a byte order mark is skipped) or from a later line.
        init(
            filters: [Filter], test: ((UnsafeBufferPointer<UInt8>) -> Bool)?,
            atFileStart: Bool = true
        ) {
            started = !atFileStart
            words = filters.map { filter in
                let literal = filter.regex.literal ?? []
                return Word(
                    filter: filter,
                    needle: literal.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
            }
            self.test = test
        }

        /// Takes in the next piece.
        mutating func take(_ piece: UnsafeBufferPointer<UInt8>) {
            guard let base = piece.baseAddress, !piece.isEmpty else { return }
            let count = piece.count
            var start = 0
            if !started {
                started = true
                if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
                    start = 3
                }
            }
            // Where each word next occurs in the piece (its count: nowhere after `start`).
            var hits = [Int](repeating: -1, count: words.count)
            let filtersAll = !words.isEmpty || test != nil
            while start < count {
                let feed = ByteSearch.lineFeed(in: base, from: start, to: count)
                let end = feed < count && feed > start && base[feed - 1] == 0x0D ? feed - 1 : feed
                lineCount += 1
                if !Listing.isHidden(base, start, end) {
                    total += 1
                    let text = UnsafeBufferPointer(start: base + start, count: end - start)
                    if !filtersAll || passes(text, piece, from: start, before: feed, hits: &hits) {
                        Listing.appendRecord(number: lineCount, text: text, to: &kept)
                        keptCount += 1
                    }
                }
                start = feed + 1
            }
        }

        /// Whether the line `text` (at `start` in `piece`, its line feed at `feed`) passes the
        /// test and every word.
        @inline(__always)
        private func passes(
            _ text: UnsafeBufferPointer<UInt8>, _ piece: UnsafeBufferPointer<UInt8>,
            from start: Int, before feed: Int, hits: inout [Int]
        ) -> Bool {
            if let test, !test(text) { return false }
            for index in words.indices {
                if hits[index] < start {
                    hits[index] = ByteSearch.firstIndex(
                        folded: words[index].needle, in: piece, from: start)
                }
                let filter = words[index].filter
                // A word found on this line is tested as grep tests it (a NUL ends the text).
                let found = hits[index] < feed && filter.regex.literalMatch(text) == true
                if found == filter.negated { return false }
            }
            return true
        }

    }
}

extension Session {
    /// Lists one file with the pipeline and its footer, like ``listFile(path:terms:postFilter:)``,
    /// reading the file in pieces and keeping only the rows that pass when the terms allow it
    /// (``Listing/PieceSelector``), and through the whole-file walk otherwise.
    func listFileInPieces(
        path: String, terms: [String], postFilter: Listing.PostFilter? = nil
    ) throws {
        let filters = try compiledFilters(terms)
        guard !filters.isEmpty || postFilter != nil, Listing.PieceSelector.handles(filters) else {
            return try listFile(path: path, terms: terms, postFilter: postFilter)
        }
        // A large file is read in two halves, one thread each.
        var low = Listing.PieceSelector(filters: filters, test: postFilter?.test)
        var high = Listing.PieceSelector(
            filters: filters, test: postFilter?.test, atFileStart: false)
        try readListingPieces(path) { half, piece in
            if half == 0 { low.take(piece) } else { high.take(piece) }
        }
        let width = Listing.width(for: low.lineCount + high.lineCount)
        let total = low.total + high.total
        let command = Session.filterCommand(filters, postFilter?.command)
        /// The rows kept, as a table over the two halves' records.
        func select<Offset: FixedWidthInteger & UnsignedInteger>(
            _: Offset.Type
        ) -> ListingSelection {
            let table = Listing.Table<Offset>()
            table.starts.reserveCapacity(low.keptCount + high.keptCount)
            table.addRecords(low.kept, after: 0)
            table.addRecords(high.kept, after: low.lineCount)
            return ListingSelection(table: table, filterCommand: command)
        }
        let selection =
            Listing.Table<UInt32>.addresses(low.kept.count + high.kept.count)
            ? select(UInt32.self) : select(UInt64.self)
        try runOneFileListing(path: path, width: width, total: { total }) { selection }
    }

    /// Reads a file a listing shows in pieces, a large one in two halves at once unless
    /// `inHalves` is false (``TodoStore/TodoStorage/readPieces(_:inHalves:)``); a missing one
    /// reads as empty, but a symbolic link loop is an error.
    func readListingPieces(
        _ path: String, inHalves: Bool = true,
        _ body: (_ half: Int, _ piece: UnsafeBufferPointer<UInt8>) -> Void
    ) throws {
        func read() throws(StoreError) {
            if inHalves {
                try storage.readPieces(path, inHalves: body)
            } else {
                try storage.readPieces(path) { body(0, $0) }
            }
        }
        guard storage.fileExists(path) || storage.directoryExists(path) else {
            do {
                try read()
            } catch {
                if error.errno == Errno.tooManySymbolicLinks.rawValue { throw error }
            }
            return
        }
        try read()
    }
}
