import TodoCheck
import TodoJSON
import TodoTxt

extension LanguageServer {
    /// `textDocument/didOpen`: stores the text, reads `done.txt` beside a `file:` document, and
    /// publishes its diagnostics.
    mutating func didOpen(_ params: JSONValue) -> [Outgoing] {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
            let text = item["text"]?.stringBytes
        else {
            log(.warning, "didOpen without a text document")
            return []
        }
        let version = item["version"]?.integerValue ?? 0
        var document = OpenDocument(
            TextDocument(uri: uri, version: version, bytes: text), encoding: encoding,
            today: environment.today())
        if let directory = FileURI.directory(of: uri),
            let done = environment.readFile(directory + "/done.txt")
        {
            document.doneCounts = Self.nameCounts(in: TodoList(bytes: done))
        }
        documents[uri] = document
        return [publishDiagnostics(uri)]
    }

    /// `textDocument/didChange`: applies each change in order and publishes the diagnostics.
    mutating func didChange(_ params: JSONValue) -> [Outgoing] {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, var document = documents[uri],
            let changes = params["contentChanges"]?.arrayValue
        else {
            log(.warning, "didChange for a document that is not open")
            return []
        }
        let today = environment.today()
        documents[uri] = nil  // one owner while editing, so the bytes are not copied
        for change in changes {
            guard let text = change["text"]?.stringBytes else { continue }
            let range: TextRange?
            if let value = change["range"] {
                guard let parsed = TextRange(json: value) else { continue }
                range = parsed
            } else {
                range = nil
            }
            document.apply(range, text: text, today: today)
        }
        if let version = params["textDocument"]?["version"]?.integerValue {
            document.setVersion(version)
        }
        documents[uri] = document
        return [publishDiagnostics(uri)]
    }

    /// `textDocument/didClose`: forgets the document and clears its diagnostics.
    mutating func didClose(_ params: JSONValue) -> [Outgoing] {
        guard let uri = params["textDocument"]?["uri"]?.stringValue,
            documents.removeValue(forKey: uri) != nil
        else { return [] }
        return [
            .json(
                Self.notification(
                    "textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]))
        ]
    }

    /// The `textDocument/publishDiagnostics` notification of a document, written from the
    /// findings the document keeps rendered.
    func publishDiagnostics(_ uri: String) -> Outgoing {
        guard let document = documents[uri] else { return .json(.null) }
        var body: [UInt8] = []
        // Room for the rest, and for the header that goes in front, so that neither copies it.
        body.reserveCapacity(document.diagnosticsSizeEstimate + uri.utf8.count + 160)
        body +=
            #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#
            .utf8
        JSONWriter.appendString(uri, to: &body)
        body += #","version":\#(document.text.version),"diagnostics":"#.utf8
        document.appendDiagnosticsJSON(to: &body)
        body += "}}".utf8
        return .body(body)
    }

    /// The range of a finding's columns on its line, in the negotiated encoding.
    func range(
        of columns: (start: Int, end: Int), line: Int, in document: OpenDocument
    )
        -> TextRange
    {
        let offset = document.taskStart(ofLine: line) - 1
        return document.text.range(
            line: line, bytes: (columns.start + offset)..<(columns.end + offset),
            encoding: encoding)
    }

    /// A finding as a protocol diagnostic.
    func lspDiagnostic(_ finding: Diagnostic, in document: OpenDocument) -> JSONValue {
        let range = range(
            of: (finding.column, finding.endColumn), line: finding.line - 1, in: document)
        return [
            "range": range.json, "severity": 2, "code": .string(finding.rule.rawValue),
            "source": "todo", "message": .string(finding.message),
        ]
    }

    /// How many tasks of `list` carry each `+project` and `@context` (keys with their sigil).
    static func nameCounts(in list: TodoList) -> [ArraySlice<UInt8>: Int] {
        var counts: [ArraySlice<UInt8>: Int] = [:]
        for line in list {
            addNames(of: TaskLine(line.content), to: &counts)
        }
        return counts
    }

    /// Counts the projects and contexts of one task, once each (`by` -1 takes them away).
    static func addNames(
        of task: TaskLine, to counts: inout [ArraySlice<UInt8>: Int], by step: Int = 1
    ) {
        var seen: Set<ArraySlice<UInt8>> = []
        for part in task.parts where part.kind == .project || part.kind == .context {
            let key = ArraySlice([part.kind == .project ? 0x2B : 0x40] + Array(part.name))
            if seen.insert(key).inserted { counts[key, default: 0] += step }
        }
    }

    /// The open document a request names, and the position it asks about.
    func documentAndPosition(
        _ params: JSONValue
    ) throws(ResponseError) -> (
        OpenDocument, Position
    )? {
        let document = try self.document(params)
        guard let position = Position(json: params["position"]) else {
            throw .invalidParams("'position' must be {line, character} with non-negative numbers")
        }
        return document.map { ($0, position) }
    }

    /// The open document a request names, or `nil` when it is not open.
    func document(_ params: JSONValue) throws(ResponseError) -> OpenDocument? {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw .invalidParams("'textDocument.uri' must be a string")
        }
        return documents[uri]
    }

    /// The line and byte column (in the task, after a byte order mark) of a position, or `nil`
    /// when the position is past the last line.
    func place(_ position: Position, in document: OpenDocument) -> (line: Int, column: Int)? {
        guard position.line < document.text.lineCount else { return nil }
        let content = document.text.content(ofLine: position.line)
        let column = encoding.byteOffset(in: content, units: position.character)
        return (position.line, max(column - document.taskStart(ofLine: position.line), 0))
    }

    /// The range of task bytes `columns` (0-based, after a byte order mark) of a line.
    func range(_ columns: Range<Int>, line: Int, in document: OpenDocument) -> TextRange {
        let offset = document.taskStart(ofLine: line)
        return document.text.range(
            line: line, bytes: (columns.lowerBound + offset)..<(columns.upperBound + offset),
            encoding: encoding)
    }
}
