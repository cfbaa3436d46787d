import TodoPlatform
import TodoStore
import TodoTxt

extension Session {
    /// `listcon` / `listproj` (TodoShCompatibility.md §5.6): the distinct `@context` or `+project`
    /// words of the todo file (or of `TODOTXT_SOURCEVAR`'s files), filtered by the terms, sorted.
    func listWords(_ words: [String], sigil: UInt8) throws -> Int32 {
        try run(
            ListingPipeline(
                select: { try self.sigilWords(sigil, terms: Array(words.dropFirst())) },
                order: { found in
                    found.sorted { left, right in
                        let order = collationOrder(left, right)
                        return order != 0 ? order < 0 : left.lexicographicallyPrecedes(right)
                    }
                },
                write: { tokens in
                    for token in tokens {
                        self.console.write(token)
                        self.console.write([0x0A])
                    }
                }))
        return 0
    }

    /// The selection of `listcon` / `listproj`: the distinct words with the sigil in the lines
    /// that pass the terms, as todo.sh's grep, sed and pattern checks find them.
    private func sigilWords(_ sigil: UInt8, terms: [String]) throws -> Set<[UInt8]> {
        let filters: [Listing.Filter]
        do {
            filters = try Listing.filters(for: terms)
        } catch {
            throw die("\(program): invalid search term '\(error.pattern)': \(error.reason)")
        }
        let escapedSigil = sigil == 0x2B ? "+" : "@"
        let before =
            settings.sigilBefore.isEmpty ? nil : try? BasicRegex("^" + settings.sigilBefore)
        let after = settings.sigilAfter.isEmpty ? nil : try? BasicRegex(settings.sigilAfter + "$")
        let valid = try? BasicRegex("^" + escapedSigil + settings.sigilValid + "$")
        var found = Set<[UInt8]>()
        for path in try sourceFiles() {
            let list = try readList(path)
            for line in list {
                let content = line.content
                guard filters.allSatisfy({ $0.regex.matches(content) != $0.negated }) else {
                    continue
                }
                for chunk in content.split(separator: 0x20) {
                    // grep -o '[^ ]*SIGIL[^ ]\+': the whole chunk, when the sigil stands
                    // anywhere but at its end.
                    guard chunk.dropLast().contains(sigil) else { continue }
                    var token = Array(chunk)
                    if let before { token = before.replacingAll(in: token, with: []) }
                    if let after { token = after.replacingAll(in: token, with: []) }
                    if valid?.matches(token) ?? false { found.insert(token) }
                }
            }
        }
        return found
    }

    /// The files `listcon`/`listproj` read: the todo file, or `TODOTXT_SOURCEVAR` evaluated by
    /// bash as todo.sh does (`\$DONE_FILE`, `("$TODO_FILE" "$DONE_FILE")`).
    func sourceFiles() throws -> [String] {
        guard !settings.sourceVariable.isEmpty else { return [settings.todoFile] }
        var variables = settings.exported
        variables["TODOTXT_SOURCEVAR"] = settings.sourceVariable
        let outcome = Subprocess.run(
            ["/bin/bash", "-c", "eval \"FILE=$TODOTXT_SOURCEVAR\"; printf '%s\\0' \"${FILE[@]}\""],
            environment: variables, captureOutput: true)
        return outcome.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `listaddons` (TodoShCompatibility.md §5.21).
    func listAddons(_ words: [String]) throws -> Int32 {
        let directory = settings.actionsDirectory
        guard storage.directoryExists(directory) else {
            throw die("TODO: '\(directory)' does not exist.")
        }
        let found = addons()
        guard !found.isEmpty else {
            throw die("TODO: '\(directory)' does not contain valid actions.")
        }
        for addon in found { console.line(addon.name) }
        if verbose {
            console.line("--")
            console.line("TODO: \(found.count) valid addon actions found.")
        }
        return 0
    }
}
