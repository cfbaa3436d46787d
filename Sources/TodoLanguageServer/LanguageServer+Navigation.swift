import TodoJSON
import TodoTxt

extension LanguageServer {
    /// `textDocument/semanticTokens/full` and `.../range`: the tokens of every line (or of the
    /// lines the range covers), relative-encoded as the protocol asks.
    func semanticTokens(_ params: JSONValue, ranged: Bool) throws(ResponseError) -> JSONValue {
        guard let document = try document(params) else { return ["data": []] }
        var lines = 0..<document.taskLineCount
        if ranged {
            guard let range = TextRange(json: params["range"]) else {
                throw .invalidParams("'range' must be {start, end} positions")
            }
            let first = min(range.start.line, lines.upperBound)
            lines = first..<min(max(range.end.line + 1, first), lines.upperBound)
        }
        let today = environment.today()
        var data: [JSONValue] = []
        var previousLine = 0
        var previousStart = 0
        for line in lines {
            let task = document.task(ofLine: line)
            for token in SemanticToken.tokens(of: TaskLine(task), length: task.count, today: today)
            {
                let span = range(token.columns, line: line, in: document)
                let length = span.end.character - span.start.character
                guard length > 0 else { continue }
                let deltaLine = line - previousLine
                let deltaStart =
                    deltaLine == 0 ? span.start.character - previousStart : span.start.character
                data += [
                    .integer(deltaLine), .integer(deltaStart), .integer(length),
                    .integer(token.kind.rawValue), .integer(token.modifiers),
                ]
                previousLine = line
                previousStart = span.start.character
            }
        }
        return ["data": .array(data)]
    }

    /// One occurrence of a name: a line and the byte columns of the task.
    private typealias Occurrence = (line: Int, columns: Range<Int>)

    private func location(_ occurrence: Occurrence, _ document: OpenDocument) -> JSONValue {
        [
            "uri": .string(document.text.uri),
            "range": range(occurrence.columns, line: occurrence.line, in: document).json,
        ]
    }

    /// The task id a position names: the value of an `id:`, `p:` or `dep:` tag (one entry of a
    /// comma-separated list), with whether it is the `id:` itself.
    private func taskID(
        at column: Int, in task: TaskLine
    ) -> (id: ArraySlice<UInt8>, isDeclaration: Bool)? {
        guard let part = task.part(at: column), part.kind == .tag,
            column >= part.valueStart
        else { return nil }
        let key = String(decoding: part.name, as: UTF8.self)
        guard key == "id" || key == "p" || key == "dep" else { return nil }
        if key == "id" { return (part.value, true) }
        var start = part.valueStart
        for piece in part.value.split(separator: 0x2C, omittingEmptySubsequences: false) {
            let end = start + piece.count
            if column >= start && column <= end { return piece.isEmpty ? nil : (piece, false) }
            start = end + 1
        }
        return nil
    }

    /// Every `id:`, `p:` and `dep:` value that is `id`, with whether it is an `id:`.
    private func idOccurrences(
        _ id: ArraySlice<UInt8>, _ document: OpenDocument
    ) -> [(
        Occurrence, Bool
    )] {
        var found: [(Occurrence, Bool)] = []
        for line in 0..<document.taskLineCount {
            for part in TaskLine(document.task(ofLine: line)).parts where part.kind == .tag {
                let key = String(decoding: part.name, as: UTF8.self)
                if key == "id" && part.value == id {
                    found.append(((line, part.valueStart..<part.range.upperBound), true))
                } else if key == "p" || key == "dep" {
                    var start = part.valueStart
                    for piece in part.value.split(separator: 0x2C, omittingEmptySubsequences: false)
                    {
                        if piece == id {
                            found.append(((line, start..<start + piece.count), false))
                        }
                        start += piece.count + 1
                    }
                }
            }
        }
        return found
    }

    /// `textDocument/definition`: on a `p:` or `dep:` value, the task whose `id:` it is.
    func definition(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard let (document, position) = try documentAndPosition(params),
            let (line, column) = place(position, in: document), line < document.taskLineCount,
            let (id, _) = taskID(at: column, in: TaskLine(document.task(ofLine: line)))
        else { return .null }
        let targets = idOccurrences(id, document).filter(\.1).map {
            location(($0.0.line, 0..<document.task(ofLine: $0.0.line).count), document)
        }
        return targets.isEmpty ? .null : .array(targets)
    }

    /// `textDocument/references`: every occurrence of the `+project`, `@context` or task id
    /// under the position.
    func references(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard let (document, position) = try documentAndPosition(params),
            let (line, column) = place(position, in: document), line < document.taskLineCount
        else { return .null }
        let task = TaskLine(document.task(ofLine: line))
        let withDeclaration = params["context"]?["includeDeclaration"]?.boolValue ?? true
        if let (id, _) = taskID(at: column, in: task) {
            return .array(
                idOccurrences(id, document).filter { withDeclaration || !$0.1 }.map {
                    location($0.0, document)
                })
        }
        guard let part = task.part(at: column), part.kind == .project || part.kind == .context
        else { return .null }
        var found: [JSONValue] = []
        for other in 0..<document.taskLineCount {
            for candidate in TaskLine(document.task(ofLine: other)).parts
            where candidate.kind == part.kind && candidate.name == part.name {
                found.append(location((other, candidate.range), document))
            }
        }
        return .array(found)
    }

    /// `textDocument/documentSymbol`: one symbol per project, in order of first use, with its
    /// tasks as children.
    func documentSymbols(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard let document = try document(params) else { return [] }
        var order: [ArraySlice<UInt8>] = []
        var members: [ArraySlice<UInt8>: [(line: Int, word: Range<Int>)]] = [:]
        var names: [Int: String] = [:]
        for line in 0..<document.taskLineCount {
            let task = TaskLine(document.task(ofLine: line))
            var seen: Set<ArraySlice<UInt8>> = []
            for part in task.parts where part.kind == .project && seen.insert(part.name).inserted {
                if members[part.name] == nil { order.append(part.name) }
                members[part.name, default: []].append((line, part.range))
                if names[line] == nil {
                    let text = task.item.description.trimmingSpaces
                    names[line] = text.isEmpty ? "(empty task)" : text
                }
            }
        }
        let symbols: [JSONValue] = order.map { name in
            let tasks = members[name] ?? []
            let children: [JSONValue] = tasks.map { task in
                let whole = range(
                    0..<document.task(ofLine: task.line).count, line: task.line, in: document)
                return [
                    "name": .string(names[task.line] ?? ""), "kind": 24,
                    "range": whole.json, "selectionRange": whole.json,
                ]
            }
            let first = tasks.first ?? (line: 0, word: 0..<0)
            let lastLine = tasks.last?.line ?? 0
            let whole = TextRange(
                start: Position(line: first.line, character: 0),
                end: range(0..<document.task(ofLine: lastLine).count, line: lastLine, in: document)
                    .end)
            return [
                "name": .string("+" + String(decoding: name, as: UTF8.self)), "kind": 3,
                "range": whole.json,
                "selectionRange": range(first.word, line: first.line, in: document).json,
                "children": .array(children),
            ]
        }
        return .array(symbols)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let scalars = unicodeScalars
        let start = scalars.firstIndex { $0 != " " && $0 != "\t" } ?? scalars.endIndex
        let end =
            scalars.lastIndex { $0 != " " && $0 != "\t" }.map { scalars.index(after: $0) } ?? start
        return start < end ? String(scalars[start..<end]) : ""
    }
}
