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
        if content.withUnsafeBufferPointer(isFieldsJoined) { return content }
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

    /// Whether ``fieldsJoined(_:)`` leaves `text` as it is: no tab, no space at either end,
    /// no two spaces side by side. Eight bytes at a time: each byte that is a space (or a tab)
    /// gets its top bit set, exactly, and a space flag next to the one before it is a pair.
    static func isFieldsJoined(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress, let last = text.last else { return true }
        if base[0] == 0x20 || last == 0x20 { return false }
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        @inline(__always) func flags(_ word: UInt64, _ byte: UInt64) -> UInt64 {
            let matched = word ^ (byte &* 0x0101_0101_0101_0101)
            return ~(((matched & lows) &+ lows) | matched | lows)
        }
        let raw = UnsafeRawPointer(base)
        var carried: UInt64 = 0
        var offset = 0
        while offset + 8 <= text.count {
            let word = UInt64(
                littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let spaces = flags(word, 0x20)
            if flags(word, 0x09) != 0 || spaces & (spaces << 8 | carried) != 0 { return false }
            carried = spaces >> 56
            offset += 8
        }
        var previousSpace = carried != 0
        while offset < text.count {
            let byte = base[offset]
            if byte == 0x09 || (byte == 0x20 && previousSpace) { return false }
            previousSpace = byte == 0x20
            offset += 1
        }
        return true
    }

    /// Whether `content` holds a byte that ``appendVisible(_:to:)`` would change.
    @inline(__always)
    private static func hasControls<Text: Collection<UInt8>>(_ content: Text) -> Bool {
        content.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 }
    }

    /// Appends `content` with its control characters made visible as `cat -v` shows them: C0
    /// controls (tab aside) as `^@`...`^_`, DEL as `^?`, and the C1 controls U+0080...U+009F
    /// as `M-^@`...`M-^_` (the byte they stand for). Everything else is kept.
    static func appendVisible<Text: RandomAccessCollection<UInt8>>(
        _ content: Text, to bytes: inout [UInt8]
    ) where Text.Index == Int {
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

    /// The bytes from which a keeping selection counts line feeds on a second thread while
    /// it walks the lines on this one; a smaller file is counted after the walk (a thread
    /// costs more than counting a few hundred kilobytes).
    static let parallelCountBytes = 1 << 18
}

extension Session {
    /// The result of the pipeline: the lines to print and the filter command for `-vv`.
    struct ListingOutput {
        /// Finished lines, or a writer that numbers the rows as it writes them in print order
        /// (the plain case, which so never holds a copy of the output).
        private enum Content {
            case lines([[UInt8]])
            case rows(count: Int, write: (([UInt8]) -> Void) -> Void)
        }

        private let content: Content
        var filterCommand: String

        init(lines: [[UInt8]], filterCommand: String) {
            content = .lines(lines)
            self.filterCommand = filterCommand
        }

        /// Rows in print order: `count` of them, which `write` hands on in blocks.
        init(
            count: Int, filterCommand: String, write: @escaping (([UInt8]) -> Void) -> Void
        ) {
            content = .rows(count: count, write: write)
            self.filterCommand = filterCommand
        }

        /// How many lines there are.
        var count: Int {
            switch content {
            case .lines(let lines): lines.count
            case .rows(let count, _): count
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
            case .rows(_, let write):
                write(body)
                return
            }
            if !chunk.isEmpty { body(chunk) }
        }
    }

    /// The rows of a todo.sh listing that pass the search terms (and `lsp`'s priority set),
    /// with the filter command `-vv` shows.
    struct ListingSelection {
        /// The rows, as a list or in a compact table.
        enum Rows {
            case list([Listing.Row])
            case table(Listing.Table<UInt32>)
            case largeTable(Listing.Table<UInt64>)
        }

        /// The rows left, in file order.
        var content: Rows
        /// The grep pipeline todo.sh would have run.
        var filterCommand: String

        init<Offset: FixedWidthInteger & UnsignedInteger>(
            table: Listing.Table<Offset>, filterCommand: String
        ) {
            if let small = table as? Listing.Table<UInt32> {
                content = .table(small)
            } else if let large = table as? Listing.Table<UInt64> {
                content = .largeTable(large)
            } else {
                content = .list(table.rows())
            }
            self.filterCommand = filterCommand
        }

        /// How many rows there are.
        var count: Int {
            switch content {
            case .list(let rows): rows.count
            case .table(let table): table.starts.count
            case .largeTable(let table): table.starts.count
            }
        }

        /// The rows as a list.
        var rows: [Listing.Row] {
            switch content {
            case .list(let rows): rows
            case .table(let table): table.rows()
            case .largeTable(let table): table.rows()
            }
        }
    }

    /// The selection stage over a whole file's bytes, its lines numbered from `first`
    /// (``Listing/Table/select(_:numberedFrom:shownAsZero:width:filters:test:)``), with how
    /// many lines are not hidden (the footer's total).
    func selectRows(
        inBytes bytes: [UInt8], numberedFrom first: Int = 1, width: Int, terms: [String],
        postFilter: Listing.PostFilter?
    ) throws -> (selection: ListingSelection, total: Int) {
        let filters = try compiledFilters(terms)
        let command = Session.filterCommand(filters, postFilter?.command)
        func select<Offset: FixedWidthInteger & UnsignedInteger>(
            _: Offset.Type
        ) -> (selection: ListingSelection, total: Int) {
            let table = Listing.Table<Offset>()
            let total = table.select(
                bytes, numberedFrom: first, width: width, filters: filters,
                test: postFilter?.test
            ).total
            return (ListingSelection(table: table, filterCommand: command), total)
        }
        return Listing.Table<UInt32>.addresses(bytes.count)
            ? select(UInt32.self) : select(UInt64.self)
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
        let filterCommand = selection.filterCommand
        let displayWidth = width
        let painter = Painter(
            colours: settings.colours, hideContexts: settings.hideContexts,
            hideProjects: settings.hideProjects)
        let visibleControls = listingShowsControls
        let isDefaultSort = settings.sortCommand == Settings.defaultSortCommand
        let hidePriority = settings.hidePriority
        let hideProjects = settings.hideProjects
        let hideContexts = settings.hideContexts
        let hideRegex = settings.hideCustom.isEmpty ? nil : try? BasicRegex(settings.hideCustom)
        /// A numbered line (its controls made visible) painted and with what is hidden taken out.
        func finished(_ line: [UInt8]) -> [UInt8] {
            var line = line
            if painter.isActive {
                line = painter.paint(line, hidingPriority: hidePriority)
            } else if hidePriority {
                line = Painter.hidingPriority(line)
            }
            if hideProjects { line = Painter.hiding(sigil: 0x2B, in: line) }
            if hideContexts { line = Painter.hiding(sigil: 0x40, in: line) }
            if let hideRegex { line = hideRegex.replacingAll(in: line, with: []) }
            return line
        }
        let finishes =
            painter.isActive || hidePriority || hideProjects || hideContexts || hideRegex != nil
        if isDefaultSort && !hasFinalFilter {
            // The common case: the rows are numbered (and painted) as they are printed.
            let finish = finishes ? finished : nil
            func streamed<Offset: FixedWidthInteger & UnsignedInteger>(
                _ table: Listing.Table<Offset>
            ) -> ListingOutput {
                let runs = table.sortRuns()
                return ListingOutput(count: table.starts.count, filterCommand: filterCommand) {
                    body in
                    withoutActuallyEscaping(body) { body in
                        var writer = Listing.RowWriter(
                            width: displayWidth, visibleControls: visibleControls,
                            finish: finish,
                            expected: table.end + table.starts.count * (displayWidth + 2),
                            body: body)
                        table.write(runs: runs, to: &writer)
                    }
                }
            }
            switch selection.content {
            case .table(let table): return streamed(table)
            case .largeTable(let table): return streamed(table)
            case .list(let rows):
                let order = Listing.sortOrder(rows)
                return ListingOutput(count: order.count, filterCommand: filterCommand) { body in
                    withoutActuallyEscaping(body) { body in
                        var writer = Listing.RowWriter(
                            width: displayWidth, visibleControls: visibleControls,
                            finish: finish, body: body)
                        Listing.write(rows, in: order, to: &writer)
                    }
                }
            }
        }
        let selected = selection.rows

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
        if finishes { lines = lines.map(finished) }
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
        guard hasFinalFilter else {
            // Only counted: no rows are kept.
            return Listing.Table<UInt64>().select(
                bytes, numberedFrom: 1, width: 1, filters: try compiledFilters(terms), test: nil,
                keeping: false
            ).passed
        }
        let selected = try selectRows(inBytes: bytes, width: 1, terms: terms, postFilter: nil)
        return orderRows(selected.selection, width: 1).count
    }
}
