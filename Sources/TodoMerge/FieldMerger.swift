import TodoTxt

/// The field-level merge of one task that both sides changed.
///
/// Each header field and the description merge three-way on their own; the rules
/// R-completion-priority (a task done on one side drops the other side's re-prioritisation) and
/// R-both-completed (two completion dates: the earliest wins) resolve the usual clashes, and a
/// description changed on both sides merges token by token.
struct FieldMerger {
    /// The merged line, or the reasons the task cannot be merged.
    enum Outcome: Equatable {
        case merged([UInt8])
        case conflict([String])
    }

    let ours: String
    let theirs: String

    /// Merges the three versions of one task.
    func merge(base: TODOItem, ours o: TODOItem, theirs t: TODOItem) -> Outcome {
        var reasons: [String] = []
        let done = Self.three(base.isDone, o.isDone, t.isDone) ?? (o.isDone || t.isDone)

        var completion: LocalDate?
        if done && !base.isDone && o.isDone && t.isDone {
            // R-both-completed: the earliest date (a dated completion beats an undated one).
            completion = [o.completionDate, t.completionDate].compactMap { $0 }.min()
        } else if let value = Self.three(base.completionDate, o.completionDate, t.completionDate) {
            completion = value
        } else {
            reasons.append(
                "completion \(describe(o)) in \(ours) and \(describe(t)) in \(theirs)")
        }

        // R-completion-priority: a done task has no header priority, so a re-prioritisation
        // on the other side is moot; a side that keeps `pri:X` does so in the description.
        var priority: Priority?
        if !done {
            if let value = Self.three(base.priority, o.priority, t.priority) {
                priority = value
            } else {
                reasons.append(
                    "priority changed to \(Self.show(o.priority)) in \(ours) and to "
                        + "\(Self.show(t.priority)) in \(theirs)")
            }
        }

        var creation: LocalDate?
        if let value = Self.three(base.creationDate, o.creationDate, t.creationDate) {
            creation = value
        } else {
            reasons.append(
                "creation date changed to \(Self.show(o.creationDate)) in \(ours) and to "
                    + "\(Self.show(t.creationDate)) in \(theirs)")
        }

        var description: [UInt8] = []
        if let value = Self.three(base.descriptionBytes, o.descriptionBytes, t.descriptionBytes) {
            description = Self.canonical(value)
        } else {
            switch mergeDescriptions(base, o, t) {
            case .merged(let bytes): description = bytes
            case .conflict(let why): reasons += why
            }
        }
        guard reasons.isEmpty else { return .conflict(reasons) }

        var line: [UInt8] = []
        if done {
            line += [0x78, 0x20]
            if let completion { line += completion.utf8 + [0x20] }
        } else if let priority {
            line += [0x28, priority.ascii, 0x29, 0x20]
        }
        if let creation { line += creation.utf8 + [0x20] }
        line += description
        let check = TODOItem(parsingBytes: line[...])
        guard check.isDone == done, check.priority == priority,
            check.completionDate == (done ? completion : nil), check.creationDate == creation,
            check.descriptionBytes.elementsEqual(description)
        else {
            return .conflict(["the combined changes do not form a valid task"])
        }
        return .merged(line)
    }

    /// The words of a description joined by single spaces.
    static func canonical(_ description: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(description.count)
        for word in description.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }) {
            if !result.isEmpty { result.append(0x20) }
            result.append(contentsOf: word)
        }
        return result
    }

    /// The three-way rule for one value: one side's change wins, equal changes agree, and two
    /// different changes give `nil`.
    static func three<Value: Equatable>(_ base: Value, _ ours: Value, _ theirs: Value) -> Value? {
        if ours == theirs { return ours }
        if ours == base { return theirs }
        if theirs == base { return ours }
        return nil
    }

    private func describe(_ item: TODOItem) -> String {
        guard item.isDone else { return "removed (reopened)" }
        return "date changed to \(Self.show(item.completionDate))"
    }

    private static func show(_ priority: Priority?) -> String {
        priority.map { "(\($0))" } ?? "none"
    }

    private static func show(_ date: LocalDate?) -> String {
        date?.description ?? "none"
    }

    // MARK: Description

    /// The tokens of a description, split the way the merge needs them.
    private struct Tokens {
        /// Every word, in order.
        var all: [(kind: Word.Kind, bytes: ArraySlice<UInt8>, key: [UInt8], value: [UInt8])] =
            []
        /// The text words, in order.
        var words: [ArraySlice<UInt8>] = []
        /// The `+project` and `@context` words.
        var labels: Set<ArraySlice<UInt8>> = []
        /// For each tag key, its values in order.
        var tags: [[UInt8]: [[UInt8]]] = [:]

        init(_ item: TODOItem) {
            item.forEachWord { word in
                let key = word.kind == .tag ? Array(word.name) : []
                all.append((word.kind, word.bytes, key, Array(word.value)))
                switch word.kind {
                case .text: words.append(word.bytes)
                case .project, .context: labels.insert(word.bytes)
                case .tag: tags[key, default: []].append(Array(word.value))
                }
            }
        }
    }

    /// Merges two changed descriptions token by token.
    private func mergeDescriptions(_ base: TODOItem, _ o: TODOItem, _ t: TODOItem) -> Outcome {
        let b = Tokens(base)
        let left = Tokens(o)
        let right = Tokens(t)
        var reasons: [String] = []
        guard Self.three(b.words, left.words, right.words) != nil else {
            return .conflict(["description reworded differently in \(ours) and \(theirs)"])
        }
        // The side whose words changed gives the token order (ours when neither or both did).
        let theirsLeads = left.words == b.words && right.words != b.words
        let lead = theirsLeads ? right : left
        let other = theirsLeads ? left : right

        // Projects and contexts merge as a set: base minus either side's removals plus either
        // side's additions.
        let labels = b.labels.intersection(left.labels).intersection(right.labels)
            .union(left.labels.subtracting(b.labels)).union(right.labels.subtracting(b.labels))

        var tags: [[UInt8]: [[UInt8]]] = [:]
        let keys = Set(b.tags.keys).union(left.tags.keys).union(right.tags.keys)
        for key in keys {
            let values = Self.three(b.tags[key] ?? [], left.tags[key] ?? [], right.tags[key] ?? [])
            if let values {
                tags[key] = values
            } else {
                let name = String(decoding: key, as: UTF8.self)
                reasons.append(
                    "\(name): changed to \(Self.show(left.tags[key])) in \(ours) and to "
                        + "\(Self.show(right.tags[key])) in \(theirs)")
            }
        }
        guard reasons.isEmpty else { return .conflict(reasons) }

        var out: [ArraySlice<UInt8>] = []
        var seen: [[UInt8]: Int] = [:]
        var appendedKeys: Set<[UInt8]> = []
        for token in lead.all {
            switch token.kind {
            case .text:
                out.append(token.bytes)
            case .project, .context:
                // Each project or context once: they merge as a set.
                if labels.contains(token.bytes) && !out.contains(token.bytes) {
                    out.append(token.bytes)
                }
            case .tag:
                let merged = tags[token.key] ?? []
                let mine = lead.tags[token.key] ?? []
                let occurrence = seen[token.key, default: 0]
                seen[token.key] = occurrence + 1
                if merged == mine {
                    out.append(token.bytes)
                } else if merged.count == mine.count {
                    out.append((token.key + [0x3A] + merged[occurrence])[...])
                } else if occurrence == 0 {
                    // A different number of values: all of them go where the first one was.
                    for value in merged { out.append((token.key + [0x3A] + value)[...]) }
                }
            }
        }
        for token in other.all {
            switch token.kind {
            case .text:
                continue
            case .project, .context:
                if labels.contains(token.bytes) && !out.contains(token.bytes) {
                    out.append(token.bytes)
                }
            case .tag:
                guard lead.tags[token.key] == nil, !appendedKeys.contains(token.key),
                    let merged = tags[token.key]
                else { continue }
                appendedKeys.insert(token.key)
                for value in merged { out.append((token.key + [0x3A] + value)[...]) }
            }
        }
        var bytes: [UInt8] = []
        for (index, token) in out.enumerated() {
            if index > 0 { bytes.append(0x20) }
            bytes.append(contentsOf: token)
        }
        return .merged(bytes)
    }

    private static func show(_ values: [[UInt8]]?) -> String {
        guard let values, !values.isEmpty else { return "none" }
        return values.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",")
    }
}
