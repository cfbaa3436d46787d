import TodoPlatform
import TodoQuery
import TodoStore
import TodoTxt

/// todo.sh's listing pipeline (TodoShCompatibility.md §6): number the lines, filter them with the
/// search terms, sort, colour, hide what the options hide, run the final filter.
struct Listing {
    /// One numbered line before sorting.
    struct Row {
        var number: Int
        var content: ArraySlice<UInt8>
    }

    /// The search terms compiled: `grep -i TERM`, or `grep -v -i TERM` for `-TERM`.
    struct Filter {
        var regex: BasicRegex
        var negated: Bool
        var commandText: String
    }

    /// The digits of `count`, at least one: the width todo.sh pads numbers to.
    static func width(for count: Int) -> Int { String(max(count, 0)).count }

    /// Whether todo.sh drops a line from listings: empty, or only digits and spaces.
    static func isHidden(_ content: ArraySlice<UInt8>) -> Bool {
        content.allSatisfy { $0 == 0x20 || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// Compiles search terms.
    static func filters(for terms: [String]) throws(BasicRegex.Invalid) -> [Filter] {
        var result: [Filter] = []
        for term in terms {
            let negated = term.hasPrefix("-")
            let pattern = negated ? String(term.dropFirst()) : term
            let regex = try BasicRegex(GrepTerm.pattern(for: pattern), ignoringCase: true)
            result.append(
                Filter(
                    regex: regex, negated: negated,
                    commandText: (negated ? "grep -v -i " : "grep -i ") + ShellWords.quote(pattern))
            )
        }
        return result
    }

    /// The text as todo.sh's `lsa` rebuilds it from its fields (awk assigning `$1`): blanks
    /// (spaces and tabs) at either end dropped, every run of them inside made one space. Text
    /// that is already so is returned as it is, without a copy.
    static func fieldsJoined(_ content: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var clean = true
        var previousBlank = true
        for byte in content {
            let blank = byte == 0x20 || byte == 0x09
            if byte == 0x09 || (blank && previousBlank) {
                clean = false
                break
            }
            previousBlank = blank
        }
        if clean && !previousBlank { return content }
        if clean && content.isEmpty { return content }
        var joined: [UInt8] = []
        joined.reserveCapacity(content.count)
        var pendingBlank = false
        for byte in content {
            if byte == 0x20 || byte == 0x09 {
                pendingBlank = !joined.isEmpty
            } else {
                if pendingBlank { joined.append(0x20) }
                pendingBlank = false
                joined.append(byte)
            }
        }
        return joined[...]
    }

    /// Whether `content` holds a byte that ``appendVisible(_:to:)`` would change.
    @inline(__always)
    private static func hasControls(_ content: ArraySlice<UInt8>) -> Bool {
        content.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 }
    }

    /// Appends `content` with its control characters made visible as `cat -v` shows them: C0
    /// controls (tab aside) as `^@`...`^_`, DEL as `^?`, and the C1 controls U+0080...U+009F
    /// as `M-^@`...`M-^_` (the byte they stand for). Everything else is kept.
    static func appendVisible(_ content: ArraySlice<UInt8>, to bytes: inout [UInt8]) {
        guard hasControls(content) else {
            bytes.append(contentsOf: content)
            return
        }
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            if byte < 0x20 && byte != 0x09 {
                bytes.append(0x5E)
                bytes.append(byte + 0x40)
            } else if byte == 0x7F {
                bytes.append(0x5E)
                bytes.append(0x3F)
            } else if byte == 0xC2, index + 1 < content.endIndex,
                (0x80...0x9F).contains(content[index + 1])
            {
                bytes.append(contentsOf: [0x4D, 0x2D, 0x5E, content[index + 1] - 0x80 + 0x40])
                index += 1
            } else {
                bytes.append(byte)
            }
            index += 1
        }
    }

    /// A whole line with its control characters made visible (``appendVisible(_:to:)``).
    static func visible(_ line: [UInt8]) -> [UInt8] {
        guard hasControls(line[...]) else { return line }
        var result: [UInt8] = []
        result.reserveCapacity(line.count + 8)
        appendVisible(line[...], to: &result)
        return result
    }

    /// `number` right-aligned (with spaces) or zero-padded to `width`.
    static func numberBytes(_ number: Int, width: Int, zero: Bool) -> [UInt8] {
        var result: [UInt8] = []
        appendNumber(number, width: width, zero: zero, to: &result)
        return result
    }

    /// Appends `number` right-aligned (with spaces) or zero-padded to `width`.
    @inline(__always)
    static func appendNumber(_ number: Int, width: Int, zero: Bool, to bytes: inout [UInt8]) {
        OutputFormat.appendPadded(number, width: width, fill: zero ? 0x30 : 0x20, to: &bytes)
    }

    /// Whether the numbered line (`␠2 text`) passes every filter. `buffer` is scratch space
    /// reused from row to row.
    static func passes(
        _ row: Row, width: Int, filters: [Filter], buffer: inout [UInt8]
    ) -> Bool {
        row.content.withUnsafeBufferPointer { text in
            passes(text, number: row.number, width: width, filters: filters, buffer: &buffer)
        }
    }

    /// Whether the line `text`, numbered `number` (`␠2 text`), passes every filter: a literal
    /// term is looked for in the text in place; any other is matched against the numbered
    /// line, built in `buffer` (scratch space reused from line to line) once it is needed.
    static func passes(
        _ text: UnsafeBufferPointer<UInt8>, number: Int, width: Int, filters: [Filter],
        buffer: inout [UInt8]
    ) -> Bool {
        var numbered = false
        for filter in filters {
            var found: Bool?
            if filter.regex.isLiteralWithoutNumberChars {
                found = filter.regex.literalMatch(text)
            }
            if found == nil {
                if !numbered {
                    buffer.removeAll(keepingCapacity: true)
                    appendNumber(number, width: width, zero: false, to: &buffer)
                    buffer.append(0x20)
                    buffer.append(contentsOf: text)
                    numbered = true
                }
                found = filter.regex.matches(text: &buffer)
            }
            if found == filter.negated { return false }
        }
        return true
    }

    /// A test a listing applies after the search terms (`lsp`'s priorities), on a line's text,
    /// with the grep command todo.sh would have run for it (for `-vv`). The test must be safe
    /// to call from two threads at once.
    struct PostFilter {
        /// Whether the line's text passes.
        var test: (UnsafeBufferPointer<UInt8>) -> Bool
        /// The command, for `-vv`.
        var command: String
    }

    /// The bytes from which a filtering selection walks the file on two threads, one half
    /// each (below it, starting a thread costs more than it saves).
    static let parallelScanBytes = 1 << 21
}

extension Session {
    /// The result of the pipeline: the lines to print and the filter command for `-vv`.
    struct ListingOutput {
        /// Finished lines, or rows in print order that are numbered as they are written (the
        /// plain case, which so never holds a copy of the output).
        private enum Content {
            case lines([[UInt8]])
            case rows([Listing.Row], order: [Int32], width: Int, visibleControls: Bool)
        }

        private let content: Content
        var filterCommand: String

        init(lines: [[UInt8]], filterCommand: String) {
            content = .lines(lines)
            self.filterCommand = filterCommand
        }

        init(
            rows: [Listing.Row], order: [Int32], width: Int, visibleControls: Bool,
            filterCommand: String
        ) {
            content = .rows(rows, order: order, width: width, visibleControls: visibleControls)
            self.filterCommand = filterCommand
        }

        /// How many lines there are.
        var count: Int {
            switch content {
            case .lines(let lines): lines.count
            case .rows(_, let order, _, _): order.count
            }
        }

        /// Calls `body` with the lines, each followed by LF, in blocks of about 64 KiB.
        func forEachChunk(_ body: ([UInt8]) -> Void) {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(1 << 16 + 1024)
            switch content {
            case .lines(let lines):
                for line in lines {
                    chunk.append(contentsOf: line)
                    chunk.append(0x0A)
                    if chunk.count >= 1 << 16 {
                        body(chunk)
                        chunk.removeAll(keepingCapacity: true)
                    }
                }
            case .rows(let rows, let order, let width, let visibleControls):
                for position in order {
                    let row = rows[Int(position)]
                    Listing.appendNumber(row.number, width: width, zero: true, to: &chunk)
                    if !row.content.isEmpty {
                        chunk.append(0x20)
                        if visibleControls {
                            Listing.appendVisible(row.content, to: &chunk)
                        } else {
                            chunk.append(contentsOf: row.content)
                        }
                    }
                    chunk.append(0x0A)
                    if chunk.count >= 1 << 16 {
                        body(chunk)
                        chunk.removeAll(keepingCapacity: true)
                    }
                }
            }
            if !chunk.isEmpty { body(chunk) }
        }
    }

    /// The rows of a todo.sh listing that pass the search terms (and `lsp`'s priority set),
    /// with the filter command `-vv` shows.
    struct ListingSelection {
        /// The rows left, in file order.
        var rows: [Listing.Row]
        /// The grep pipeline todo.sh would have run.
        var filterCommand: String
    }

    /// The selection stage over a whole file's bytes, its lines numbered from `first`:
    /// hidden lines are dropped and the others filtered as the file is walked (the post filter
    /// first, then the terms, a literal one tried on the line in place), so that only the rows
    /// that pass are kept. A large file is walked in two halves on two threads. Also returns
    /// how many lines are not hidden (the footer's total).
    func selectRows(
        inBytes bytes: [UInt8], numberedFrom first: Int = 1, width: Int, terms: [String],
        postFilter: Listing.PostFilter?
    ) throws -> (selection: ListingSelection, total: Int) {
        let filters = try compiledFilters(terms)
        let keepsAll = filters.isEmpty && postFilter == nil
        let test = postFilter?.test
        /// The rows from `from` to `to` (line starts), the first numbered `number`.
        func scan(_ from: Int, _ to: Int, _ number: Int) -> (rows: [Listing.Row], total: Int) {
            var scratch: [UInt8] = []
            var selected: [Listing.Row] = []
            var total = 0
            var number = number - 1
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                if keepsAll {
                    selected.reserveCapacity(
                        LineFeeds.count(in: base + from, count: to - from) + 1)
                }
                Listing.Scan.forEachLine(buffer, from: from, to: to) { start, end in
                    number += 1
                    if Listing.isHidden(base, start, end) { return }
                    total += 1
                    if !keepsAll {
                        let text = UnsafeBufferPointer(start: base + start, count: end - start)
                        if let test, !test(text) { return }
                        if !filters.isEmpty
                            && !Listing.passes(
                                text, number: number, width: width, filters: filters,
                                buffer: &scratch)
                        {
                            return
                        }
                    }
                    selected.append(Listing.Row(number: number, content: bytes[start..<end]))
                }
            }
            return (selected, total)
        }
        let begin =
            bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var rows: [Listing.Row]
        var total: Int
        // Only a filtering walk pays for the thread: keeping every line, the two would mostly
        // contend for the bytes' reference count, one row at a time.
        if !keepsAll && bytes.count >= Listing.parallelScanBytes
            && Concurrently.processorCount > 1
        {
            // The second half starts after the line feed at or after the middle.
            let middle = bytes.withUnsafeBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return buffer.count }
                let half = max(buffer.count / 2, begin)
                let found = LineFeeds.first(in: base + half, count: buffer.count - half)
                return found < 0 ? buffer.count : half + found + 1
            }
            let linesBefore = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { LineFeeds.count(in: $0 + begin, count: middle - begin) }
                    ?? 0
            }
            var low: (rows: [Listing.Row], total: Int) = ([], 0)
            var high: (rows: [Listing.Row], total: Int) = ([], 0)
            Concurrently.run(
                { high = scan(middle, bytes.count, first + linesBefore) },
                { low = scan(begin, middle, first) })
            rows = low.rows
            rows.reserveCapacity(low.rows.count + high.rows.count)
            rows += high.rows
            total = low.total + high.total
        } else {
            (rows, total) = scan(begin, bytes.count, first)
        }
        let selection = ListingSelection(
            rows: rows, filterCommand: Session.filterCommand(filters, postFilter?.command))
        return (selection, total)
    }

    /// The bytes of a file a listing shows; a missing one reads as empty, but a symbolic link
    /// loop is an error.
    func readListingBytes(_ path: String) throws -> [UInt8] {
        guard storage.fileExists(path) || storage.directoryExists(path) else {
            do {
                return try storage.readBytes(path)
            } catch {
                if error.errno == Errno.tooManySymbolicLinks.rawValue { throw error }
                return []
            }
        }
        return try storage.readBytes(path)
    }

    /// The search terms compiled, or the one-line error naming the bad term.
    func compiledFilters(_ terms: [String]) throws -> [Listing.Filter] {
        do {
            return try Listing.filters(for: terms)
        } catch {
            let term =
                error.pattern.utf8.count > 60
                ? String(error.pattern.prefix(50)) + "..." : error.pattern
            throw die("\(program): invalid search term '\(term)': \(error.reason)")
        }
    }

    /// The grep pipeline todo.sh would have run, for `-vv`.
    static func filterCommand(_ filters: [Listing.Filter], _ post: String?) -> String {
        var commands = filters.map(\.commandText)
        if let post { commands.append(post) }
        return commands.isEmpty ? "cat" : commands.joined(separator: " | ")
    }

    /// Whether listing output goes to a terminal, where control characters in task text are
    /// shown as visible escapes (`^[`) instead of reaching the terminal.
    var listingShowsControls: Bool {
        !console.isCapturing && Terminal.isTerminal(1)
    }

    /// Whether a final filter runs over the listing.
    var hasFinalFilter: Bool { !settings.disableFilter && settings.finalFilter != "cat" }

    /// The ordering stage of a todo.sh listing, with its rendering: todo.sh sorts and filters
    /// the finished lines, so the two cannot be told apart.
    func orderRows(_ selection: ListingSelection, width: Int) -> ListingOutput {
        let selected = selection.rows
        let filterCommand = selection.filterCommand
        let displayWidth = width
        let painter = Painter(
            colours: settings.colours, hideContexts: settings.hideContexts,
            hideProjects: settings.hideProjects)
        let visibleControls = listingShowsControls
        let isDefaultSort = settings.sortCommand == Settings.defaultSortCommand
        let isPlain =
            isDefaultSort && !painter.isActive && !settings.hidePriority
            && !settings.hideProjects && !settings.hideContexts && settings.hideCustom.isEmpty
            && !hasFinalFilter
        if isPlain {
            // The common case: the rows are numbered as they are printed.
            let order = Listing.sortOrder(selected)
            return ListingOutput(
                rows: selected, order: order, width: displayWidth,
                visibleControls: visibleControls, filterCommand: filterCommand)
        }

        func numbered(_ row: Listing.Row) -> [UInt8] {
            var line = Listing.numberBytes(row.number, width: displayWidth, zero: true)
            if !row.content.isEmpty {
                line.append(0x20)
                line += row.content
            }
            return line
        }
        var lines: [[UInt8]]
        if isDefaultSort {
            lines = Listing.sortedLikeSort(selected).map(numbered)
        } else {
            let input: [UInt8] = selected.flatMap { numbered($0) + [0x0A] }
            let outcome = Subprocess.shell(
                settings.sortCommand, environment: settings.exported, input: input,
                captureOutput: true)
            lines = Session.splitLines(outcome.output)
        }
        if visibleControls { lines = lines.map(Listing.visible) }
        if painter.isActive {
            lines = lines.map { painter.paint($0, hidingPriority: settings.hidePriority) }
        } else if settings.hidePriority {
            lines = lines.map(Painter.hidingPriority)
        }
        if settings.hideProjects { lines = lines.map { Painter.hiding(sigil: 0x2B, in: $0) } }
        if settings.hideContexts { lines = lines.map { Painter.hiding(sigil: 0x40, in: $0) } }
        if !settings.hideCustom.isEmpty {
            if let regex = try? BasicRegex(settings.hideCustom) {
                lines = lines.map { regex.replacingAll(in: $0, with: []) }
            }
        }
        if hasFinalFilter {
            let input: [UInt8] = lines.flatMap { $0 + [0x0A] }
            let outcome = Subprocess.shell(
                settings.finalFilter, environment: settings.exported, input: input,
                captureOutput: true)
            lines = Session.splitLines(outcome.output)
        }
        return ListingOutput(lines: lines, filterCommand: filterCommand)
    }

    /// Splits command output into lines (a last line without LF counts).
    static func splitLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Prints listing lines and (when verbose) the footer, after the `-vv` debug line unless
    /// `debug` is false (`lsa` has none).
    func printListing(_ output: ListingOutput, footers: [String], debug: Bool = true) {
        output.forEachChunk { console.write($0) }
        guard verbose else { return }
        if debug && settings.verbosity > 1 {
            console.line("TODO DEBUG: Filter Command was: \(output.filterCommand)")
        }
        console.line("--")
        for footer in footers { console.line(footer) }
    }

    /// Lists one file with the pipeline and its footer.
    func listFile(
        path: String, terms: [String], postFilter: Listing.PostFilter? = nil
    ) throws {
        let bytes = try readListingBytes(path)
        let width = Listing.width(for: Listing.Scan.lineCount(bytes))
        var total = 0
        try runOneFileListing(path: path, width: width, total: { total }) {
            let selected = try self.selectRows(
                inBytes: bytes, width: width, terms: terms, postFilter: postFilter)
            total = selected.total
            return selected.selection
        }
    }

    /// Runs the listing of one file: `select` picks its rows (and, by then, `total` tells how
    /// many tasks the file has), ordered as todo.sh orders them for a number `width` wide, with
    /// the footer that counts the rows shown.
    func runOneFileListing(
        path: String, width: Int, total: @escaping () -> Int,
        select: @escaping () throws -> ListingSelection
    ) throws {
        let pipeline = ListingPipeline(
            select: select,
            order: { self.orderRows($0, width: width) },
            write: { (output: ListingOutput) in
                self.printListing(
                    output,
                    footers: [
                        "\(Session.prefix(of: path)): \(output.count) of \(total()) tasks shown"
                    ])
            })
        try run(pipeline)
    }

    /// How many lines of `list` a listing with `terms` shows when numbered on its own from 1
    /// (the counts of `lsa`'s footer, which todo.sh takes from one listing per file).
    func shownCount(ofBytes bytes: [UInt8], terms: [String]) throws -> Int {
        let selected = try selectRows(inBytes: bytes, width: 1, terms: terms, postFilter: nil)
        guard hasFinalFilter else { return selected.selection.rows.count }
        return orderRows(selected.selection, width: 1).count
    }
}
