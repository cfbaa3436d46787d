import TodoCheck
import TodoJSON
import TodoTxt

extension LanguageServer {
    /// `textDocument/codeAction`: mark done or not done, set or remove the priority, and the
    /// quick fixes of the findings, for every line of the requested range. Each action edits only
    /// the lines it changes, one text edit per line.
    func codeActions(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard let document = try document(params) else { return [] }
        guard let requested = TextRange(json: params["range"]) else {
            throw .invalidParams("'range' must be {start, end} positions")
        }
        let uri = document.text.uri
        let last = document.taskLineCount - 1
        var endLine = max(requested.end.line, requested.start.line)
        if endLine > requested.start.line && requested.end.character == 0 { endLine -= 1 }
        let lines = Array(requested.start.line..<max(min(endLine, last) + 1, requested.start.line))
        let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        func wanted(_ kind: String) -> Bool {
            guard let only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        var actions: [JSONValue] = []
        func action(
            _ title: String, kind: String, edits: [JSONValue], diagnostics: [JSONValue] = [],
            preferred: Bool = false
        ) {
            guard !edits.isEmpty, wanted(kind) else { return }
            var fields: [String: JSONValue] = [
                "title": .string(title), "kind": .string(kind),
                "edit": ["changes": .object([uri: .array(edits)])],
            ]
            if !diagnostics.isEmpty { fields["diagnostics"] = .array(diagnostics) }
            if preferred { fields["isPreferred"] = true }
            actions.append(.object(fields))
        }
        let tasks = lines.map { (line: $0, task: TaskLine(document.task(ofLine: $0))) }
            .filter { !$0.task.item.isBlank }
        func edits(_ change: (TODOItem) -> TODOItem?) -> [JSONValue] {
            tasks.compactMap { line, task in
                guard let changed = change(task.item), changed != task.item else { return nil }
                return textEdit(
                    line: line, old: Array(document.task(ofLine: line)), new: changed.line,
                    in: document)
            }
        }
        var findings: [Diagnostic] = []
        for (line, _) in tasks {
            for var finding in document.findings(onLine: line) {
                finding.line = line + 1
                findings.append(finding)
            }
        }
        let wantedLines = Set(lines.map { $0 + 1 })
        findings += document.fileFindings().filter {
            !$0.rule.isPerLine && wantedLines.contains($0.line)
        }
        for finding in findings {
            guard let fix = finding.fix else { continue }
            let old = Array(document.task(ofLine: finding.line - 1))
            let edit = textEdit(
                line: finding.line - 1, old: old, new: fix.applied(to: old), in: document)
            action(
                Self.fixTitle(finding), kind: "quickfix", edits: edit.map { [$0] } ?? [],
                diagnostics: [lspDiagnostic(finding, in: document)], preferred: true)
        }
        let today = environment.today()
        let keepPriority = environment.keepPriority
        let completions = edits { item in
            var item = item
            item.complete(on: today, keepingPriority: keepPriority)
            return item
        }
        let recurrences = completions.isEmpty ? [] : nextOccurrences(of: tasks, on: today)
        action(
            "Mark done", kind: "refactor.rewrite",
            edits: completions + (appending(recurrences, to: document).map { [$0] } ?? []))
        action(
            "Mark not done", kind: "refactor.rewrite",
            edits: edits { item in
                var item = item
                item.reopen()
                return item
            })
        for letter in priorityChoices(document) {
            action(
                "Set priority \(letter)", kind: "refactor.rewrite",
                edits: edits { item in
                    guard !item.isDone else { return nil }
                    var item = item
                    do { try item.setPriority(letter) } catch { return nil }
                    return item
                })
        }
        action(
            "Remove priority", kind: "refactor.rewrite",
            edits: edits { item in
                guard !item.isDone else { return nil }
                var item = item
                do { try item.setPriority(nil) } catch { return nil }
                return item
            })
        return .array(actions)
    }

    /// The next occurrences of the open recurring tasks among `tasks` completed on `today`, in
    /// line order, as `todo do` computes them; an invalid `rec:` brings nothing back.
    private func nextOccurrences(
        of tasks: [(line: Int, task: TaskLine)], on today: LocalDate
    ) -> [TODOItem] {
        tasks.compactMap { _, task in
            guard !task.item.isDone else { return nil }
            return try? task.item.nextOccurrence(completedOn: today)
        }
    }

    /// The text edit that appends `items` at the end of the document as `todo do` appends them
    /// to the file: a last line without a line end first gets one, and each new line takes the
    /// file's line end. `nil` when there is nothing to append.
    private func appending(_ items: [TODOItem], to document: OpenDocument) -> JSONValue? {
        guard !items.isEmpty else { return nil }
        let bytes = document.text.bytes
        var list = TodoList(bytes: bytes)
        for item in items { list.append(item) }
        let written = list.serialized()
        // The list keeps every byte it was made from, so the old text is a prefix of the new.
        guard written.starts(with: bytes) else { return nil }
        let last = document.text.lineCount - 1
        let end = document.text.content(ofLine: last).count
        return [
            "range": document.text.range(line: last, bytes: end..<end, encoding: encoding).json,
            "newText": .string(String(decoding: written[bytes.count...], as: UTF8.self)),
        ]
    }

    /// The smallest text edit that turns task bytes `old` of a line into `new`, on character
    /// boundaries, or `nil` when they are equal. Bytes that stay are not part of the edit, so
    /// invalid UTF-8 elsewhere on the line survives.
    private func textEdit(
        line: Int, old: [UInt8], new: [UInt8], in document: OpenDocument
    )
        -> JSONValue?
    {
        guard old != new else { return nil }
        func continuation(_ bytes: [UInt8], _ index: Int) -> Bool {
            index < bytes.count && bytes[index] & 0xC0 == 0x80
        }
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        while prefix > 0 && (continuation(old, prefix) || continuation(new, prefix)) { prefix -= 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        while suffix > 0
            && (continuation(old, old.count - suffix) || continuation(new, new.count - suffix))
        {
            suffix -= 1
        }
        let inserted = Array(new[prefix..<(new.count - suffix)])
        return [
            "range": range(prefix..<(old.count - suffix), line: line, in: document).json,
            "newText": .string(String(decoding: inserted, as: UTF8.self)),
        ]
    }

    /// A, B, C and the priorities the document uses, in order.
    private func priorityChoices(_ document: OpenDocument) -> [Priority] {
        var letters: Set<UInt8> = [0x41, 0x42, 0x43]
        for (index, count) in document.names.priorityCounts.enumerated() where count > 0 {
            letters.insert(UInt8(0x41 + index))
        }
        return letters.sorted().compactMap { Priority(ascii: $0) }
    }

    /// The title of a quick fix.
    static func fixTitle(_ finding: Diagnostic) -> String {
        let replacement = String(decoding: finding.fix?.replacement ?? [], as: UTF8.self)
        switch finding.rule {
        case .uppercaseDoneMark: return "Write a lower-case 'x'"
        case .tabAfterDoneMark: return "Write 'x' and one space"
        case .lowercasePriority: return "Write the priority in upper case"
        case .priorityWithoutSpace: return "Add the space after the priority"
        case .priorityOnDoneTask: return "Keep the priority as a pri: tag"
        case .malformedDate, .relativeDate: return "Write the date as \(replacement)"
        case .spacedHeaderDate: return "Remove the extra space before the date"
        case .trailingWhitespace: return "Remove the trailing whitespace"
        case .missingFinalNewline: return "Add a newline at the end of the file"
        default: return "Fix: \(finding.message)"
        }
    }
}
