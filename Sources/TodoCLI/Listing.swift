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
            let regex = try BasicRegex(pattern, ignoringCase: true)
            result.append(
                Filter(
                    regex: regex, negated: negated,
                    commandText: (negated ? "grep -v -i " : "grep -i ") + ShellWords.quote(pattern))
            )
        }
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
        guard !filters.isEmpty else { return true }
        var numbered = false
        for filter in filters {
            var found: Bool?
            if filter.regex.isLiteralWithoutNumberChars {
                found = row.content.withUnsafeBufferPointer { filter.regex.literalMatch($0) }
            }
            if found == nil {
                if !numbered {
                    buffer.removeAll(keepingCapacity: true)
                    appendNumber(row.number, width: width, zero: false, to: &buffer)
                    buffer.append(0x20)
                    buffer.append(contentsOf: row.content)
                    numbered = true
                }
                found = filter.regex.matches(text: &buffer)
            }
            if found == filter.negated { return false }
        }
        return true
    }

    /// Sorts rows as `env LC_COLLATE=C sort -f -k2` sorts the numbered lines: by the text after
    /// the number with ASCII lower case folded to upper case, bytes compared unsigned, ties in
    /// line-number order.
    static func sortedLikeSort(_ rows: [Row]) -> [Row] {
        sortOrder(rows).map { rows[Int($0)] }
    }

    /// The positions of `rows` in ``sortedLikeSort(_:)`` order.
    static func sortOrder(_ rows: [Row]) -> [Int32] {
        // Most comparisons are decided by the first eight folded bytes, kept as one integer;
        // only ties compare the whole text.
        var keyed: [(key: UInt64, index: Int32)] = []
        keyed.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            keyed.append((prefixKey(row.content), Int32(truncatingIfNeeded: index)))
        }
        keyed.sort { left, right in
            if left.key != right.key { return left.key < right.key }
            let a = rows[Int(left.index)]
            let b = rows[Int(right.index)]
            let order = compareFolded(a.content, b.content)
            return order != 0 ? order < 0 : a.number < b.number
        }
        return keyed.map(\.index)
    }

    /// The first eight folded bytes, big-endian, so that integer order is byte order. A
    /// shorter text is padded with zero bytes, which sort first; a real zero byte in the text
    /// makes the tie-break compare whole texts, which decides by length as `sort` does.
    private static func prefixKey(_ content: ArraySlice<UInt8>) -> UInt64 {
        TodoQuery.prefixKey(content, length: 8, transform: fold)
    }

    @inline(__always)
    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte &- 0x20 : byte
    }

    private static func compareFolded(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>) -> Int
    {
        left.withUnsafeBufferPointer { a in
            right.withUnsafeBufferPointer { b in
                let count = min(a.count, b.count)
                var index = 0
                while index < count {
                    let x = fold(a[index])
                    let y = fold(b[index])
                    if x != y { return x < y ? -1 : 1 }
                    index += 1
                }
                return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
            }
        }
    }
}

extension Session {
    /// The result of the pipeline: the lines to print and the filter command for `-vv`.
    struct ListingOutput {
        /// Finished lines, or rows in print order that are numbered as they are written (the
        /// plain case, which so never holds a copy of the output).
        private enum Content {
            case lines([[UInt8]])
            case rows(
                [Listing.Row], order: [Int32], width: Int, renumber: ((Listing.Row) -> Int)?)
        }

        private let content: Content
        var filterCommand: String

        init(lines: [[UInt8]], filterCommand: String) {
            content = .lines(lines)
            self.filterCommand = filterCommand
        }

        init(
            rows: [Listing.Row], order: [Int32], width: Int, renumber: ((Listing.Row) -> Int)?,
            filterCommand: String
        ) {
            content = .rows(rows, order: order, width: width, renumber: renumber)
            self.filterCommand = filterCommand
        }

        /// How many lines there are.
        var count: Int {
            switch content {
            case .lines(let lines): lines.count
            case .rows(_, let order, _, _): order.count
            }
        }

        /// The lines without their LF.
        var lines: [[UInt8]] {
            switch content {
            case .lines(let lines): return lines
            case .rows:
                var result: [[UInt8]] = []
                forEachChunk { chunk in result += Session.splitLines(chunk) }
                return result
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
            case .rows(let rows, let order, let width, let renumber):
                for position in order {
                    let row = rows[Int(position)]
                    Listing.appendNumber(
                        renumber?(row) ?? row.number, width: width, zero: true, to: &chunk)
                    chunk.append(0x20)
                    chunk.append(contentsOf: row.content)
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

    /// A todo.sh listing over `rows` (already numbered, hidden lines removed): selection by
    /// the terms, todo.sh's ordering and rendering (sort command, colours, hiding, final
    /// filter), and `write` for the lines and footers.
    ///
    /// - Parameters:
    ///   - postFilter: an extra condition (listpri's priority set) and its command text.
    func todoShListing(
        rows: [Listing.Row], width: Int, terms: [String],
        postFilter: (test: (Listing.Row) -> Bool, command: String)? = nil,
        renumber: ((Listing.Row) -> Int)? = nil, write: @escaping (ListingOutput) throws -> Void
    ) -> ListingPipeline<ListingSelection, ListingOutput> {
        ListingPipeline(
            select: {
                try self.selectRows(rows, width: width, terms: terms, postFilter: postFilter)
            },
            order: { self.orderRows($0, width: width, renumber: renumber) },
            write: write)
    }

    /// The selection stage of a todo.sh listing.
    func selectRows(
        _ rows: [Listing.Row], width: Int, terms: [String],
        postFilter: (test: (Listing.Row) -> Bool, command: String)?
    ) throws -> ListingSelection {
        let filters: [Listing.Filter]
        do {
            filters = try Listing.filters(for: terms)
        } catch {
            throw die("\(program): invalid search term '\(error.pattern)': \(error.reason)")
        }
        var scratch: [UInt8] = []
        var selected =
            filters.isEmpty
            ? rows
            : rows.filter { Listing.passes($0, width: width, filters: filters, buffer: &scratch) }
        if let postFilter { selected = selected.filter(postFilter.test) }
        var commands = filters.map(\.commandText)
        if let postFilter { commands.append(postFilter.command) }
        let filterCommand = commands.isEmpty ? "cat" : commands.joined(separator: " | ")
        return ListingSelection(rows: selected, filterCommand: filterCommand)
    }

    /// The ordering stage of a todo.sh listing, with its rendering: todo.sh sorts and filters
    /// the finished lines, so the two cannot be told apart.
    func orderRows(
        _ selection: ListingSelection, width: Int, renumber: ((Listing.Row) -> Int)?
    ) -> ListingOutput {
        let selected = selection.rows
        let filterCommand = selection.filterCommand
        let displayWidth = width
        let painter = Painter(
            colours: settings.colours, hideContexts: settings.hideContexts,
            hideProjects: settings.hideProjects)
        let isDefaultSort = settings.sortCommand == Settings.defaultSortCommand
        let isPlain =
            isDefaultSort && !painter.isActive && !settings.hidePriority
            && !settings.hideProjects && !settings.hideContexts && settings.hideCustom.isEmpty
            && (settings.disableFilter || settings.finalFilter == "cat")
        if isPlain {
            // The common case: the rows are numbered as they are printed.
            let order = Listing.sortOrder(selected)
            return ListingOutput(
                rows: selected, order: order, width: displayWidth, renumber: renumber,
                filterCommand: filterCommand)
        }

        func numbered(_ row: Listing.Row) -> [UInt8] {
            let number = renumber?(row) ?? row.number
            return Listing.numberBytes(number, width: displayWidth, zero: true) + [0x20]
                + row.content
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
        if painter.isActive { lines = lines.map(painter.paint) }
        if settings.hidePriority { lines = lines.map(Painter.hidingPriority) }
        if settings.hideProjects { lines = lines.map { Painter.hiding(sigil: 0x2B, in: $0) } }
        if settings.hideContexts { lines = lines.map { Painter.hiding(sigil: 0x40, in: $0) } }
        if !settings.hideCustom.isEmpty {
            if let regex = try? BasicRegex(settings.hideCustom) {
                lines = lines.map { regex.replacingAll(in: $0, with: []) }
            }
        }
        if !settings.disableFilter && settings.finalFilter != "cat" {
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

    /// Numbered rows of a file: every line that is not empty or digits-only.
    static func rows(of list: TodoList, startingAt first: Int = 1) -> [Listing.Row] {
        var rows: [Listing.Row] = []
        rows.reserveCapacity(list.count)
        for (index, line) in list.enumerated() where !Listing.isHidden(line.content) {
            rows.append(Listing.Row(number: first + index, content: line.content))
        }
        return rows
    }

    /// Prints listing lines, the `-vv` debug line and (when verbose) the footer.
    func printListing(_ output: ListingOutput, footers: [String]) {
        output.forEachChunk { console.write($0) }
        guard verbose else { return }
        if settings.verbosity > 1 {
            console.line("TODO DEBUG: Filter Command was: \(output.filterCommand)")
        }
        console.line("--")
        for footer in footers { console.line(footer) }
    }

    /// `ls [TERM...]` (TodoShCompatibility.md §5.5).
    func list(_ words: [String]) throws -> Int32 {
        try listFile(path: settings.todoFile, terms: Array(words.dropFirst()))
        return 0
    }

    /// Lists one file with the pipeline and its footer.
    func listFile(
        path: String, terms: [String],
        postFilter: (test: (Listing.Row) -> Bool, command: String)? = nil
    ) throws {
        let list = try readList(path)
        let rows = Session.rows(of: list)
        try run(
            todoShListing(
                rows: rows, width: Listing.width(for: list.count), terms: terms,
                postFilter: postFilter
            ) { output in
                self.printListing(
                    output,
                    footers: [
                        "\(Session.prefix(of: path)): \(output.count) of \(rows.count) tasks shown"
                    ])
            })
    }

    /// `lsp [PRIORITIES] [TERM...]` (TodoShCompatibility.md §5.7).
    func listPriority(_ words: [String]) throws -> Int32 {
        var terms = Array(words.dropFirst())
        var letters = Set<UInt8>(0x41...0x5A)
        var setText = "A-Z"
        if let first = terms.first, let parsed = Session.prioritySet(first) {
            letters = parsed.letters
            setText = parsed.text
            terms.removeFirst()
        }
        let test: (Listing.Row) -> Bool = { row in
            Session.listingPriority(row.content).map(letters.contains) ?? false
        }
        try listFile(
            path: settings.todoFile, terms: terms,
            postFilter: (test, "grep '^ *[0-9]\\+ ([\(setText)]) '"))
        return 0
    }

    /// Reads listpri's first argument: a letter, a range, or letters and ranges (`ABR-Y`).
    static func prioritySet(_ word: String) -> (letters: Set<UInt8>, text: String)? {
        var bytes = Array(word.utf8)
        let isLetter: (UInt8) -> Bool = { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
        let simple =
            (bytes.count == 1 && isLetter(bytes[0]))
            || (bytes.count == 3 && isLetter(bytes[0]) && bytes[1] == 0x2D && isLetter(bytes[2]))
        if simple { bytes = bytes.map { $0 >= 0x61 ? $0 - 0x20 : $0 } }
        var letters = Set<UInt8>()
        var index = 0
        while index < bytes.count {
            let letter = bytes[index]
            guard letter >= 0x41 && letter <= 0x5A else { return nil }
            if index + 2 < bytes.count && bytes[index + 1] == 0x2D {
                let end = bytes[index + 2]
                guard end >= 0x41 && end <= 0x5A else { return nil }
                if letter <= end { letters.formUnion(letter...end) }
                index += 3
            } else {
                letters.insert(letter)
                index += 1
            }
        }
        guard !bytes.isEmpty else { return nil }
        return (letters, String(decoding: bytes, as: UTF8.self))
    }

    /// `lsa [TERM...]` (TodoShCompatibility.md §5.8): the todo file and the done file as one
    /// listing, done lines numbered 0.
    func listAll(_ words: [String]) throws -> Int32 {
        let todo = try readList(settings.todoFile)
        let done = try readList(settings.doneFile)
        let todoCount = todo.count
        var rows: [Listing.Row] = []
        var collapsed: [[UInt8]] = []
        for (offset, list) in [todo, done].enumerated() {
            for (index, line) in list.enumerated() where !Listing.isHidden(line.content) {
                // todo.sh rebuilds each line from its fields: runs of blanks become one space.
                let fields = line.content.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
                var joined: [UInt8] = []
                for (position, field) in fields.enumerated() {
                    if position > 0 { joined.append(0x20) }
                    joined += field
                }
                collapsed.append(joined)
                let number = offset == 0 ? index + 1 : todoCount + index + 1
                rows.append(
                    Listing.Row(number: number, content: collapsed[collapsed.count - 1][...]))
            }
        }
        let width = Listing.width(for: todoCount + done.count)
        try run(
            todoShListing(
                rows: rows, width: width, terms: Array(words.dropFirst()),
                renumber: { $0.number > todoCount ? 0 : $0.number }
            ) { output in
                self.printAllListing(
                    output, todoCount: todoCount, doneCount: done.count)
            })
        return 0
    }

    /// The writer of `lsa`: numbers re-padded to the todo file's width, three footers.
    private func printAllListing(_ output: ListingOutput, todoCount: Int, doneCount: Int) {
        let padded = Listing.width(for: todoCount)
        let lines = output.lines.map { line -> [UInt8] in
            // Re-pad the numbers to the width of the todo file alone.
            guard let space = line.firstIndex(of: 0x20) else { return line }
            let digits = line[..<space].drop { $0 == 0x30 }
            let number = Int(String(decoding: digits, as: UTF8.self)) ?? 0
            return Listing.numberBytes(number, width: padded, zero: true) + line[space...]
        }
        let todoShown = lines.filter { !$0.prefix(while: { $0 != 0x20 }).allSatisfy { $0 == 0x30 } }
            .count
        let doneShown = lines.count - todoShown
        printListing(
            ListingOutput(lines: lines, filterCommand: output.filterCommand),
            footers: [
                "\(Session.prefix(of: settings.todoFile)): \(todoShown) of \(todoCount) tasks shown",
                "\(Session.prefix(of: settings.doneFile)): \(doneShown) of \(doneCount) tasks shown",
                "total \(lines.count) of \(todoCount + doneCount) tasks shown",
            ])
    }

    /// `lf [SRC [TERM...]]` (TodoShCompatibility.md §5.9).
    func listFile(_ words: [String]) throws -> Int32 {
        guard words.count > 1 else {
            if verbose { console.line("Files in the todo.txt directory:") }
            let names = (try? storage.directoryEntries(settings.todoDirectory)) ?? []
            for name in names where name.hasSuffix(".txt") && !name.hasPrefix(".") {
                console.line(name)
            }
            return 0
        }
        let source = words[1]
        let directory = settings.todoDirectory
        let candidates =
            (source.hasPrefix("/") ? [source] : [])
            + [
                directory + "/" + source, Path.absolute(source, from: environment.currentDirectory),
                directory + "/" + source + ".txt",
            ]
        guard !source.isEmpty, let path = candidates.first(where: { storage.fileExists($0) }) else {
            throw die("TODO: File \(source) does not exist.")
        }
        try listFile(path: path, terms: Array(words.dropFirst(2)))
        return 0
    }
}
