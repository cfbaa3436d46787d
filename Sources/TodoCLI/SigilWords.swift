import TodoPlatform
import TodoQuery
import TodoStore
import TodoTxt

/// The listing of `listcon` and `listproj` (TodoShCompatibility.md §5.6): the distinct
/// `@context` or `+project` words of the todo file (or of `TODOTXT_SOURCEVAR`'s files) in the
/// lines that pass the terms, sorted by the locale's collation.
struct SigilWords {
    /// `@` (0x40) or `+` (0x2B).
    let sigil: UInt8
    /// The run's context.
    let context: Context

    /// Prints the words that the lines matching `terms` use, one a line.
    func list(terms: [String]) throws -> Int32 {
        let console = context.console
        try context.operations.run(
            ListingPipeline(
                select: { try self.select(terms: terms) },
                order: { found in
                    found.sorted { left, right in
                        let order = collationOrder(left, right)
                        return order != 0 ? order < 0 : left.lexicographicallyPrecedes(right)
                    }
                },
                write: { tokens in
                    for token in tokens {
                        console.write(token)
                        console.write([0x0A])
                    }
                }))
        return 0
    }

    /// The distinct words with the sigil in the lines that pass the terms, as todo.sh's grep,
    /// sed and pattern checks find them.
    private func select(terms: [String]) throws -> Set<[UInt8]> {
        let settings = context.settings
        let filters: [Listing.Filter]
        do {
            filters = try Listing.filters(for: terms)
        } catch {
            throw CommandFailure.die(
                "\(context.program): invalid search term '\(error.pattern)': \(error.reason)")
        }
        let escapedSigil = sigil == 0x2B ? "+" : "@"
        let before =
            settings.sigilBefore.isEmpty ? nil : try? BasicRegex("^" + settings.sigilBefore)
        let after = settings.sigilAfter.isEmpty ? nil : try? BasicRegex(settings.sigilAfter + "$")
        let valid = try? BasicRegex("^" + escapedSigil + settings.sigilValid + "$")
        var low = DistinctByteStrings()
        var high = DistinctByteStrings()
        for path in sourceFiles() {
            var fileStart = true
            try context.operations.readListingPieces(path) { half, piece in
                if half == 0 {
                    collect(piece, into: &low, filters: filters, atFileStart: fileStart)
                    fileStart = false
                } else {
                    collect(piece, into: &high, filters: filters, atFileStart: false)
                }
            }
        }
        // The candidates are distinct already, so the patterns run once per word, not once per
        // use of it.
        var found = Set<[UInt8]>()
        for candidate in low.strings + high.strings {
            var token = candidate
            if let before { token = before.replacingAll(in: token, with: []) }
            if let after { token = after.replacingAll(in: token, with: []) }
            if valid?.matches(token) ?? false { found.insert(token) }
        }
        return found
    }

    /// Adds to `words` each space-separated chunk with the sigil anywhere but at its end (grep
    /// -o '[^ ]*SIGIL[^ ]\+' takes the whole chunk) in the lines of `piece` that pass the
    /// filters. Only the lines that hold the sigil are looked at; a line is read as the todo
    /// file's lines are: without its LF, a CR before that LF, or the byte order mark at the
    /// file's start.
    private func collect(
        _ piece: UnsafeBufferPointer<UInt8>, into words: inout DistinctByteStrings,
        filters: [Listing.Filter], atFileStart: Bool
    ) {
        guard let base = piece.baseAddress else { return }
        let count = piece.count
        var position = 0
        if atFileStart, count >= 3, base[0] == 0xEF, base[1] == 0xBB,
            base[2] == 0xBF
        {
            position = 3
        }
        while position < count {
            let hit = ByteSearch.firstIndex(
                of: sigil, sigil, sigil, in: piece, from: position)
            if hit == count { break }
            var start = hit
            while start > position && base[start - 1] != 0x0A { start -= 1 }
            let found = LineFeeds.first(in: base + hit, count: count - hit)
            let lineEnd = found < 0 ? count : hit + found
            var contentEnd = lineEnd
            if found >= 0 && contentEnd > start && base[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            position = found < 0 ? count : lineEnd + 1
            let line = UnsafeBufferPointer(start: base + start, count: contentEnd - start)
            if !filters.isEmpty {
                let content = Array(line)
                guard filters.allSatisfy({ $0.regex.matches(content) != $0.negated }) else {
                    continue
                }
            }
            var chunkStart = 0
            while chunkStart < line.count {
                var chunkEnd = chunkStart
                var hasSigil = false
                while chunkEnd < line.count && line[chunkEnd] != 0x20 {
                    // The sigil counts anywhere but as the chunk's last byte.
                    if line[chunkEnd] == sigil && chunkEnd + 1 < line.count
                        && line[chunkEnd + 1] != 0x20
                    {
                        hasSigil = true
                    }
                    chunkEnd += 1
                }
                if hasSigil {
                    words.insert(base + start + chunkStart, count: chunkEnd - chunkStart)
                }
                chunkStart = chunkEnd + 1
            }
        }
    }

    /// The files to read: the todo file, or `TODOTXT_SOURCEVAR` evaluated by bash as todo.sh
    /// does (`\$DONE_FILE`, `("$TODO_FILE" "$DONE_FILE")`).
    private func sourceFiles() -> [String] {
        let settings = context.settings
        guard !settings.sourceVariable.isEmpty else { return [settings.todoFile] }
        var variables = settings.exported
        variables["TODOTXT_SOURCEVAR"] = settings.sourceVariable
        let outcome = Subprocess.run(
            ["/bin/bash", "-c", "eval \"FILE=$TODOTXT_SOURCEVAR\"; printf '%s\\0' \"${FILE[@]}\""],
            environment: variables, captureOutput: true)
        return outcome.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
