import TodoPlatform
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
        var found = Set<[UInt8]>()
        for path in sourceFiles() {
            let list = try context.operations.readList(path)
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
