import Testing
import TodoJSON

@testable import TodoLanguageServer

/// Applies the text edits of one document (UTF-16 positions) to a string, last first.
func applying(_ edits: [JSONValue], to text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        Array(String($0).utf16)
    }
    let sorted = edits.compactMap { edit -> (TextRange, String)? in
        guard let range = TextRange(json: edit["range"]), let new = edit["newText"]?.stringValue
        else { return nil }
        return (range, new)
    }.sorted { $0.0.start > $1.0.start }
    for (range, new) in sorted {
        // Single-line edits are all the server makes for actions.
        guard range.start.line == range.end.line else { return "(multi-line edit)" }
        lines[range.start.line].replaceSubrange(
            range.start.character..<range.end.character, with: Array(new.utf16))
    }
    return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
}

@Suite struct FeatureTests {
    static let text = """
        (A) 2026-11-20 call mom +family @phone due:2026-11-20
        (B) pay rent +home @computer due:2026-12-01 id:1
        write report +work @computer p:1
        x 2026-11-22 2026-11-01 buy milk +home @store
        (A) plan trip +family t:2026-12-24

        """
    static let done = Array("x 2026-11-01 old +work\nx 2026-11-02 older +work\n".utf8)

    /// A client with the sample open, `done.txt` beside it, and a sixth line `typed`.
    static func client(
        typing typed: String = "", utf8: Bool = false, keepPriority: Bool = false
    )
        -> TestClient
    {
        var client = TestClient.initialized(
            utf8: utf8, files: ["/home/me/done.txt": done], keepPriority: keepPriority)
        client.open(text + typed)
        return client
    }

    private func labels(_ result: JSONValue) -> [String] {
        (result["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
    }

    @Test func projectCompletionCountsTasksHereAndInDoneTxt() throws {
        var client = Self.client(typing: "call +")
        let result = client.request("textDocument/completion", TestClient.at(5, 6))
        #expect(labels(result) == ["+work", "+family", "+home"])
        let first = try #require(result["items"]?.arrayValue?.first)
        #expect(first["detail"] == "3 tasks")
        #expect(first["textEdit"] == ["range": span(5, 5, 5, 6).json, "newText": "+work"])
    }

    @Test func contextCompletionReplacesThePartialWord() throws {
        var client = Self.client(typing: "call @co")
        let result = client.request("textDocument/completion", TestClient.at(5, 8))
        #expect(labels(result) == ["@computer", "@phone", "@store"])
        let first = try #require(result["items"]?.arrayValue?.first)
        #expect(first["detail"] == "2 tasks")
        #expect(first["textEdit"]?["range"] == span(5, 5, 5, 8).json)
    }

    @Test func dateCompletionAfterDue() throws {
        var client = Self.client(typing: "call due:to")
        let result = client.request("textDocument/completion", TestClient.at(5, 11))
        #expect(
            labels(result) == [
                "today", "tomorrow", "tuesday", "wednesday", "thursday", "friday", "saturday",
                "sunday", "monday", "+1w", "+1m", "end of week", "end of month",
            ])
        let items = try #require(result["items"]?.arrayValue)
        #expect(items[0]["detail"] == "2026-11-23 Monday")
        #expect(items[1]["textEdit"] == ["range": span(5, 9, 5, 11).json, "newText": "2026-11-24"])
        #expect(items[8]["detail"] == "2026-11-30 Monday")
        #expect(items[10]["detail"] == "2026-12-23 Wednesday")
        #expect(items[11]["detail"] == "2026-11-29 Sunday")
    }

    @Test func dateCompletionForAnyKeyWhoseValuesAreDates() {
        var client = Self.client(typing: "call review:2026-01-01 next review:")
        let result = client.request("textDocument/completion", TestClient.at(5, 35))
        #expect(labels(result).first == "today")
    }

    @Test func tagKeyCompletionAtTheStartOfAWord() throws {
        var client = Self.client(typing: "call d")
        let result = client.request("textDocument/completion", TestClient.at(5, 6))
        #expect(labels(result) == ["due:", "id:", "p:", "t:", "h:", "rec:"])
        let first = try #require(result["items"]?.arrayValue?.first)
        #expect(first["textEdit"] == ["range": span(5, 5, 5, 6).json, "newText": "due:"])
        #expect(first["detail"] == "tag, used 2 times")
    }

    @Test func priorityCompletionAfterAnOpeningParenthesis() throws {
        var client = Self.client(typing: "(")
        let result = client.request("textDocument/completion", TestClient.at(5, 1))
        let found = labels(result)
        #expect(found.prefix(3) == ["(A) ", "(B) ", "(C) "])
        #expect(found.count == 26)
        let first = try #require(result["items"]?.arrayValue?.first)
        #expect(first["textEdit"] == ["range": span(5, 0, 5, 1).json, "newText": "(A) "])
    }

    @Test func hoverOnDates() {
        var client = Self.client()
        let overdue = client.request("textDocument/hover", TestClient.at(0, 45))
        #expect(overdue["contents"]?["value"] == "Friday 2026-11-20, 3 days overdue")
        #expect(overdue["range"] == span(0, 43, 0, 53).json)
        let created = client.request("textDocument/hover", TestClient.at(0, 6))
        #expect(created["contents"]?["value"] == "Friday 2026-11-20, 3 days ago")
        #expect(created["range"] == span(0, 4, 0, 14).json)
        let future = client.request("textDocument/hover", TestClient.at(1, 35))
        #expect(future["contents"]?["value"] == "Tuesday 2026-12-01, in 8 days")
        let completed = client.request("textDocument/hover", TestClient.at(3, 4))
        #expect(completed["contents"]?["value"] == "Sunday 2026-11-22, yesterday")
        #expect(client.request("textDocument/hover", TestClient.at(2, 2)) == nil)
    }

    @Test func hoverOnProjectsAndContexts() {
        var client = Self.client()
        let family = client.request("textDocument/hover", TestClient.at(0, 26))
        #expect(family["contents"]?["value"] == "+family: 2 open tasks, 0 done")
        #expect(family["range"] == span(0, 24, 0, 31).json)
        let home = client.request("textDocument/hover", TestClient.at(1, 14))
        #expect(home["contents"]?["value"] == "+home: 1 open task, 1 done")
    }

    private func action(_ actions: JSONValue, _ title: String) -> JSONValue? {
        actions.arrayValue?.first { $0["title"]?.stringValue == title }
    }

    private func edits(_ action: JSONValue?) -> [JSONValue] {
        action?["edit"]?["changes"]?["file:///home/me/todo.txt"]?.arrayValue ?? []
    }

    private func actions(_ client: inout TestClient, _ range: TextRange) -> JSONValue {
        client.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": "file:///home/me/todo.txt"], "range": range.json,
                "context": ["diagnostics": []],
            ])
    }

    @Test func markDoneFollowsDoAndTouchesOnlyItsLine() {
        var client = Self.client()
        let found = actions(&client, span(0, 3, 0, 3))
        let done = edits(action(found, "Mark done"))
        #expect(done.count == 1)
        #expect(
            applying(done, to: Self.text).split(separator: "\n").first
                == "x 2026-11-23 2026-11-20 call mom +family @phone due:2026-11-20")
        #expect(
            applying(done, to: Self.text).split(separator: "\n").dropFirst()
                == Self.text.split(separator: "\n").dropFirst())
        #expect(action(found, "Mark not done") == nil)
        var keeping = Self.client(keepPriority: true)
        let kept = edits(action(actions(&keeping, span(0, 0, 0, 0)), "Mark done"))
        #expect(
            applying(kept, to: Self.text).split(separator: "\n").first
                == "x 2026-11-23 2026-11-20 call mom +family @phone due:2026-11-20 pri:A")
    }

    @Test func markNotDoneAndPriorities() {
        var client = Self.client()
        let onDone = actions(&client, span(3, 0, 3, 0))
        #expect(
            applying(edits(action(onDone, "Mark not done")), to: Self.text).split(separator: "\n")[
                3]
                == "2026-11-01 buy milk +home @store")
        #expect(action(onDone, "Set priority A") == nil)
        let onOpen = actions(&client, span(1, 0, 1, 0))
        #expect(
            applying(edits(action(onOpen, "Set priority C")), to: Self.text).split(separator: "\n")[
                1]
                == "(C) pay rent +home @computer due:2026-12-01 id:1")
        #expect(
            applying(edits(action(onOpen, "Remove priority")), to: Self.text).split(
                separator: "\n")[1]
                == "pay rent +home @computer due:2026-12-01 id:1")
        #expect(action(onOpen, "Set priority B") == nil)  // already B
    }

    @Test func severalLinesGiveOneEditPerLine() {
        var client = Self.client()
        let found = actions(&client, span(0, 5, 2, 4))
        let done = edits(action(found, "Mark done"))
        #expect(done.count == 3)
        let ranges = done.compactMap { TextRange(json: $0["range"]) }
        #expect(ranges.map(\.start.line) == [0, 1, 2])
        #expect(ranges.allSatisfy { $0.start.line == $0.end.line })
        #expect(
            applying(done, to: Self.text).split(separator: "\n")[2]
                == "x 2026-11-23 write report +work @computer p:1")
    }

    @Test func quickFixesAreLinkedToTheirDiagnostics() throws {
        var client = TestClient.initialized()
        let published = client.open("X call +x due:tomorrow\n")
        let found = actions(&client, span(0, 0, 0, 0))
        let lower = try #require(action(found, "Write a lower-case 'x'"))
        #expect(lower["kind"] == "quickfix")
        #expect(lower["diagnostics"] == [published[0]])
        #expect(edits(lower) == [["range": span(0, 0, 0, 1).json, "newText": "x"]])
        let date = try #require(action(found, "Write the date as 2026-11-24"))
        #expect(date["diagnostics"]?.arrayValue?.first?["code"] == "relative-date")
        #expect(edits(date) == [["range": span(0, 14, 0, 22).json, "newText": "2026-11-24"]])
        // `only` filters by kind.
        let onlyFixes = client.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": "file:///home/me/todo.txt"], "range": span(0, 0, 0, 0).json,
                "context": ["diagnostics": [], "only": ["quickfix"]],
            ])
        #expect(onlyFixes.arrayValue?.allSatisfy { $0["kind"] == "quickfix" } == true)
        #expect(onlyFixes.arrayValue?.count == 2)
    }

    @Test func actionsKeepInvalidBytesElsewhereOnTheLine() throws {
        var client = TestClient.initialized()
        _ = client.sendBytes(didOpenFrame(Array("(A) caf".utf8) + [0xE9] + Array(" +p\n".utf8)))
        let found = actions(&client, span(0, 0, 0, 0))
        let done = edits(action(found, "Mark done"))
        // The edit stops before the bytes that stay (from the space on), so the invalid byte
        // is not rewritten.
        #expect(done == [["range": span(0, 0, 0, 3).json, "newText": "x 2026-11-23"]])
    }

    @Test func semanticTokens() throws {
        var client = Self.client()
        let full = client.request(
            "textDocument/semanticTokens/full",
            ["textDocument": ["uri": "file:///home/me/todo.txt"]])
        let data = (full["data"]?.arrayValue ?? []).compactMap(\.integerValue)
        // Line 0: (A) keyword, date number, +family namespace, @phone variable, due property,
        // an overdue date number+deprecated.
        #expect(
            Array(data.prefix(35)) == [
                0, 0, 3, 1, 0,
                0, 4, 10, 2, 0,
                0, 20, 7, 3, 0,
                0, 8, 6, 4, 0,
                0, 7, 3, 5, 0,
                0, 4, 10, 2, 1,
                1, 0, 3, 1, 0,
            ])
        let ranged = client.request(
            "textDocument/semanticTokens/range",
            ["textDocument": ["uri": "file:///home/me/todo.txt"], "range": span(3, 0, 3, 5).json])
        // A done task is one comment token.
        #expect(ranged["data"] == [3, 0, 45, 0, 0])
    }

    @Test func semanticTokensCountUnitsOfTheEncoding() {
        for (utf8, length) in [(false, 7), (true, 13)] {
            var client = TestClient.initialized(utf8: utf8)
            client.open("x 📞 電話\n")
            let full = client.request(
                "textDocument/semanticTokens/full",
                ["textDocument": ["uri": "file:///home/me/todo.txt"]])
            #expect(full["data"] == JSONValue.array([0, 0, .integer(length), 0, 0]))
        }
    }

    @Test func definitionOfATaskID() {
        var client = Self.client()
        let target = client.request("textDocument/definition", TestClient.at(2, 31))
        #expect(target == [["uri": "file:///home/me/todo.txt", "range": span(1, 0, 1, 48).json]])
        #expect(client.request("textDocument/definition", TestClient.at(2, 2)) == nil)
    }

    @Test func referencesOfProjectsContextsAndIDs() {
        var client = Self.client()
        let home = client.request("textDocument/references", TestClient.at(1, 14))
        #expect(
            home == [
                ["uri": "file:///home/me/todo.txt", "range": span(1, 13, 1, 18).json],
                ["uri": "file:///home/me/todo.txt", "range": span(3, 33, 3, 38).json],
            ])
        var params = TestClient.at(1, 47)
        if case .object(var fields) = params {
            fields["context"] = ["includeDeclaration": false]
            params = .object(fields)
        }
        let id = client.request("textDocument/references", params)
        #expect(id == [["uri": "file:///home/me/todo.txt", "range": span(2, 31, 2, 32).json]])
    }

    @Test func documentSymbolsGroupTasksByProject() throws {
        var client = Self.client()
        let symbols = try #require(
            client.request(
                "textDocument/documentSymbol", ["textDocument": ["uri": "file:///home/me/todo.txt"]]
            ).arrayValue)
        #expect(symbols.map { $0["name"] } == ["+family", "+home", "+work"])
        #expect(symbols[0]["kind"] == 3)
        #expect(symbols[0]["range"] == span(0, 0, 4, 34).json)
        #expect(symbols[0]["selectionRange"] == span(0, 24, 0, 31).json)
        #expect(
            symbols[0]["children"]?.arrayValue?.map { $0["name"] }
                == ["call mom +family @phone due:2026-11-20", "plan trip +family t:2026-12-24"])
    }
}

/// Completion counts follow the edits (the names are counted line by line, not re-read).
@Suite struct NameIndexTests {
    @Test func aNameGoesWhenItsLastUseIsEdited() {
        var client = TestClient.initialized()
        client.open("a +garden\nb +home +home\nc +home\n\n")
        func projects(_ client: inout TestClient, line: Int = 3) -> [String] {
            let result = client.request("textDocument/completion", TestClient.at(line, 1))
            return (result["items"]?.arrayValue ?? []).compactMap {
                guard let label = $0["label"]?.stringValue, let detail = $0["detail"]?.stringValue
                else { return nil }
                return label + " " + detail
            }
        }
        client.change([(span(3, 0, 3, 0), "+")])
        #expect(projects(&client) == ["+home 2 tasks", "+garden 1 task"])
        client.change([(span(0, 2, 0, 9), "+home")], version: 3)
        #expect(projects(&client) == ["+home 3 tasks"])
        client.change([(span(1, 0, 3, 0), "")], version: 4)
        #expect(projects(&client, line: 1) == ["+home 1 task"])
    }

    @Test func priorityActionsFollowTheEdits() {
        var client = TestClient.initialized()
        client.open("(Q) a\nb\n")
        func titles(_ client: inout TestClient) -> [String] {
            let actions = client.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": "file:///home/me/todo.txt"],
                    "range": span(1, 0, 1, 0).json, "context": ["diagnostics": []],
                ])
            return (actions.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
                .filter { $0.hasPrefix("Set priority") }
        }
        #expect(titles(&client).contains("Set priority Q"))
        client.change([(span(0, 0, 0, 4), "")])
        #expect(!titles(&client).contains("Set priority Q"))
    }
}
