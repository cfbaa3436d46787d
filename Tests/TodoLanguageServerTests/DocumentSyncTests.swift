import TestSupport
import Testing
import TodoCheck
import TodoJSON

@testable import TodoLanguageServer

@Suite struct DocumentSyncTests {
    @Test func incrementalEditsAddAndRemoveLines() {
        var client = TestClient.initialized()
        client.open("a\nb\nc\n")
        var diagnostics = client.change([(span(1, 0, 1, 1), "X x\nnew")])
        #expect(client.text() == Array("a\nX x\nnew\nc\n".utf8))
        #expect(diagnostics.map { $0["range"] } == [span(1, 0, 1, 1).json])
        diagnostics = client.change([(span(0, 0, 2, 0), "")])
        #expect(client.text() == Array("new\nc\n".utf8))
        #expect(diagnostics.isEmpty)
        // Several changes in one notification apply in order.
        diagnostics = client.change([(span(1, 1, 1, 1), "  "), (span(0, 0, 0, 0), "(b) ")])
        #expect(client.text() == Array("(b) new\nc  \n".utf8))
        #expect(
            diagnostics.map { $0["code"] } == ["lowercase-priority", "trailing-whitespace"])
        #expect(diagnostics.last?["range"] == span(1, 1, 1, 3).json)
    }

    @Test func rangesOutsideTheDocumentAreClamped() {
        var client = TestClient.initialized()
        client.open("one\ntwo")
        client.change([(span(9, 4, 12, 0), "\nthree")])
        #expect(client.text() == Array("one\ntwo\nthree".utf8))
        client.change([(span(0, 99, 1, 0), "")])
        #expect(client.text() == Array("onetwo\nthree".utf8))
    }

    @Test func aFullTextChangeReplacesEverything() {
        var client = TestClient.initialized()
        client.open("X old\n")
        let diagnostics = client.change([(nil, "fresh\n")])
        #expect(client.text() == Array("fresh\n".utf8))
        #expect(diagnostics.isEmpty)
    }

    @Test func anEditThatJoinsCRAndLFMakesOneLineEnd() {
        var client = TestClient.initialized()
        client.open("a\rb\n")
        client.change([(span(1, 0, 1, 1), "")])
        #expect(client.text() == Array("a\r\n".utf8))
        #expect(client.server.documents["file:///home/me/todo.txt"]?.text.lineCount == 2)
        let diagnostics = client.change([(span(1, 0, 1, 0), "X y")])
        #expect(client.text() == Array("a\r\nX y".utf8))
        #expect(diagnostics.map { $0["code"] } == ["uppercase-done-mark", "missing-final-newline"])
        #expect(diagnostics.first?["range"] == span(1, 0, 1, 1).json)
    }

    @Test func editsOnEmojiLinesInBothEncodings() {
        for utf8 in [false, true] {
            var client = TestClient.initialized(utf8: utf8)
            client.open("📞 call\n")
            // Insert after the emoji: 2 UTF-16 units, 4 bytes.
            let column = utf8 ? 4 : 2
            client.change([(span(0, column, 0, column), " 電")])
            #expect(client.text() == Array("📞 電 call\n".utf8))
        }
    }

    @Test func aChangeRechecksOnlyTheLinesItTouches() {
        var client = TestClient.initialized()
        let lines = (0..<1000).map { "task \($0) +p due:2026-12-0\($0 % 9 + 1)" }
        client.open(lines.joined(separator: "\n") + "\n")
        let before = client.server.documents["file:///home/me/todo.txt"]
        client.change([(span(500, 0, 500, 0), "X ")])
        let after = client.server.documents["file:///home/me/todo.txt"]
        #expect(after?.findings(onLine: 500).map(\.rule.rawValue) == ["uppercase-done-mark"])
        #expect(after?.findings(onLine: 499) == before?.findings(onLine: 499))
    }
}

/// A reference model of a document for the property test: plain valid UTF-8 text, split and
/// edited independently of the server's code.
struct ReferenceText {
    var bytes: [UInt8]

    /// The byte ranges of each line's content.
    var lines: [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                result.append(start..<index)
                start = index + 1
            } else if bytes[index] == 0x0D {
                result.append(start..<index)
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        result.append(start..<bytes.count)
        return result
    }

    /// The column (in units) at the start of each scalar of a line, and at its end.
    func boundaries(_ line: Range<Int>, utf8: Bool) -> [Int] {
        var result = [0]
        var units = 0
        for scalar in String(decoding: bytes[line], as: UTF8.self).unicodeScalars {
            units += utf8 ? scalar.utf8.count : scalar.utf16.count
            result.append(units)
        }
        return result
    }

    /// The byte offset of a position, clamped as the protocol asks.
    func offset(_ position: Position, utf8: Bool) -> Int {
        let lines = self.lines
        guard position.line < lines.count else { return bytes.count }
        let line = lines[position.line]
        var offset = line.lowerBound
        var units = 0
        for scalar in String(decoding: bytes[line], as: UTF8.self).unicodeScalars {
            let width = utf8 ? scalar.utf8.count : scalar.utf16.count
            if units + width > position.character { break }
            units += width
            offset += scalar.utf8.count
        }
        return offset
    }

    /// Whether a range lies in the document, on scalar boundaries, start before end.
    func isValid(_ range: TextRange, utf8: Bool) -> Bool {
        let lines = self.lines
        for position in [range.start, range.end] {
            guard position.line < lines.count,
                boundaries(lines[position.line], utf8: utf8).contains(position.character)
            else { return false }
        }
        return range.start <= range.end
    }
}

@Suite struct DocumentPropertyTests {
    static let pieces = [
        "a", "call ", " ", "x ", "X ", "(A) ", "(b) ", "+p", "@c", "due:", "2026-11-30",
        "t:tomorrow",
        "📞", "電話", "e\u{301}", "\n", "\r\n", "\r", "\t", "id:1 ", "p:1 ",
    ]

    @Test(arguments: [false, true])
    func randomEditsMatchAStringAndEveryRangeIsValid(utf8: Bool) throws {
        var random = SeededGenerator(seed: utf8 ? 81 : 16)
        for _ in 0..<25 {
            var client = TestClient.initialized(utf8: utf8)
            var reference = ReferenceText(bytes: [])
            client.open("")
            for step in 0..<30 {
                var changes: [(range: TextRange?, text: String)] = []
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let start = randomPosition(reference, utf8: utf8, &random)
                    var end = randomPosition(reference, utf8: utf8, &random)
                    if end < start || Bool.random(using: &random) { end = start }
                    let text = (0..<Int.random(in: 0...3, using: &random))
                        .map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
                    changes.append((TextRange(start: start, end: end), text))
                    let from = reference.offset(start, utf8: utf8)
                    let to = max(reference.offset(end, utf8: utf8), from)
                    reference.bytes.replaceSubrange(from..<to, with: Array(text.utf8))
                }
                let diagnostics = client.change(changes, version: step + 2)
                #expect(client.text() == reference.bytes)
                guard client.text() == reference.bytes else { return }
                var ranges = diagnostics.compactMap { TextRange(json: $0["range"]) }
                ranges += returnedRanges(&client, lines: reference.lines.count)
                for range in ranges {
                    #expect(reference.isValid(range, utf8: utf8), "\(range) in \(reference.bytes)")
                }
            }
        }
    }

    /// Pieces for edits that make and break findings of every rule, file-level ones included
    /// (duplicates, mixed line ends, a missing final newline); no lone CR, so that `todo
    /// check`, which knows only LF and CRLF, sees the same lines.
    static let findingPieces = [
        "call mom", "call mom\n", "\n", "\r\n", "X ", "(b) ", "(A)", "x ", "x\t",
        "due:tomorrow", "due:2026-2-3", "t:2026-02-30", "  ", "2026-11-20 ", "+p @c ", "📞",
        "\u{FF}", "é", "x 2026-11-20 (A) pay\n",
    ]

    @Test(arguments: [false, true])
    func incrementalDiagnosticsEqualAFreshCheck(utf8: Bool) throws {
        var random = SeededGenerator(seed: utf8 ? 7 : 18)
        for round in 0..<12 {
            var client = TestClient.initialized(utf8: utf8)
            let start =
                (round % 3 == 0 ? "\u{FEFF}" : "") + "call mom\nX pay\ncall mom\r\nbuy due:soon\n"
            var reference = ReferenceText(bytes: Array(start.utf8))
            client.open(start)
            for step in 0..<25 {
                var changes: [(range: TextRange?, text: String)] = []
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let from = randomPosition(reference, utf8: utf8, &random)
                    var to = randomPosition(reference, utf8: utf8, &random)
                    if to < from || Bool.random(using: &random) { to = from }
                    let text = (0..<Int.random(in: 0...3, using: &random))
                        .map { _ in Self.findingPieces.randomElement(using: &random) ?? "" }
                        .joined()
                    changes.append((TextRange(start: from, end: to), text))
                    let low = reference.offset(from, utf8: utf8)
                    let high = max(reference.offset(to, utf8: utf8), low)
                    reference.bytes.replaceSubrange(low..<high, with: Array(text.utf8))
                }
                let published = client.change(changes, version: step + 2)
                try #require(client.text() == reference.bytes)
                // The same text opened afresh: the same diagnostics, in the same order.
                var fresh = TestClient.initialized(utf8: utf8)
                let text = String(decoding: reference.bytes, as: UTF8.self)
                #expect(published == fresh.open(text), "\(text.debugDescription)")
                // And the findings of `todo check` on those bytes.
                let expected = Checker.check(reference.bytes, today: TestClient.today).map {
                    "\($0.line - 1) \($0.rule.rawValue) \($0.message)"
                }
                let got = published.map {
                    "\($0["range"]?["start"]?["line"]?.integerValue ?? -1) \($0["code"]?.stringValue ?? "") \($0["message"]?.stringValue ?? "")"
                }
                #expect(got == expected, "\(text.debugDescription)")
            }
        }
    }

    /// A position on a scalar boundary, now and then past the end of its line or document.
    private func randomPosition(
        _ reference: ReferenceText, utf8: Bool, _ random: inout SeededGenerator
    ) -> Position {
        let lines = reference.lines
        if Int.random(in: 0..<20, using: &random) == 0 {
            return Position(line: lines.count + 1, character: 3)
        }
        let line = Int.random(in: 0..<lines.count, using: &random)
        let columns = reference.boundaries(lines[line], utf8: utf8)
        if Int.random(in: 0..<10, using: &random) == 0 {
            return Position(line: line, character: (columns.last ?? 0) + 5)
        }
        return Position(line: line, character: columns.randomElement(using: &random) ?? 0)
    }

    /// The ranges of code actions, semantic tokens, symbols and references over the whole text.
    private func returnedRanges(_ client: inout TestClient, lines: Int) -> [TextRange] {
        var ranges: [TextRange] = []
        let document: JSONValue = ["uri": "file:///home/me/todo.txt"]
        let actions = client.request(
            "textDocument/codeAction",
            [
                "textDocument": document, "range": span(0, 0, lines, 0).json,
                "context": ["diagnostics": []],
            ])
        for action in actions.arrayValue ?? [] {
            for edit in action["edit"]?["changes"]?["file:///home/me/todo.txt"]?.arrayValue ?? [] {
                if let range = TextRange(json: edit["range"]) { ranges.append(range) }
            }
        }
        let symbols = client.request("textDocument/documentSymbol", ["textDocument": document])
        for symbol in symbols.arrayValue ?? [] {
            for item in [symbol] + (symbol["children"]?.arrayValue ?? []) {
                ranges += [item["range"], item["selectionRange"]].compactMap { TextRange(json: $0) }
            }
        }
        let tokens = client.request("textDocument/semanticTokens/full", ["textDocument": document])
        let data = (tokens["data"]?.arrayValue ?? []).compactMap(\.integerValue)
        var line = 0
        var start = 0
        for index in stride(from: 0, to: data.count - 4, by: 5) {
            if data[index] > 0 { start = 0 }
            line += data[index]
            start += data[index + 1]
            ranges.append(span(line, start, line, start + data[index + 2]))
        }
        return ranges
    }
}
